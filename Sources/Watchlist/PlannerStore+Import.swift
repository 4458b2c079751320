import Foundation

extension PlannerStore {
    /// Imports either format, detected from the content: a JSON object is a planner export, a header with a
    /// `Name` column is a Letterboxd CSV.
    /// - Parameters:
    ///   - data: The file's bytes (UTF-8, a byte order mark is fine).
    ///   - list: The list a Letterboxd CSV goes to (a JSON export names its own lists).
    ///   - resolver: Resolves CSV rows; unused for JSON.
    /// - Throws: ``WatchlistError/unrecognizedImportFormat`` and the errors of the format's import.
    public func importFile(
        _ data: Data, into list: FilmList = .watchlist, resolver: any FilmResolver, now: Date = Date(),
        progress: (@Sendable (Int, Int) -> Void)? = nil
    ) async throws -> ImportReport {
        guard let text = String(data: data, encoding: .utf8) else { throw WatchlistError.unrecognizedImportFormat }
        let body = text.drop { $0 == "\u{FEFF}" || $0.isWhitespace }
        if body.first == "{" {
            return try importJSON(Data(body.utf8))
        }
        if LetterboxdCSV.looksLikeLetterboxd(String(body)) {
            return try await importLetterboxdCSV(text, into: list, resolver: resolver, now: now, progress: progress)
        }
        throw WatchlistError.unrecognizedImportFormat
    }
}
