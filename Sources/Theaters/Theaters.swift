// Theaters
