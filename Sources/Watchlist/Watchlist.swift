// The Watchlist module: see issue 4.
