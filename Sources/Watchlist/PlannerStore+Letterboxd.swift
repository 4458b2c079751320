import Foundation
import GRDB

extension PlannerStore {
    /// Imports a Letterboxd CSV into a list, resolving each row with `resolver`.
    ///
    /// Every row that cannot be added is reported with its line, title, year and reason, and the import goes on.
    /// All matched rows are then written in one transaction: if it fails (or the process dies), nothing is written.
    /// - Parameters:
    ///   - text: The CSV text (a byte order mark is fine).
    ///   - list: The list to add to; the watchlist by default.
    ///   - resolver: Finds the film for a title and year.
    ///   - now: The added-at time for rows without a valid `Date`.
    /// - Throws: ``WatchlistError/invalidCSV(line:reason:)``, `CancellationError`, or a write error.
    public func importLetterboxdCSV(
        _ text: String, into list: FilmList = .watchlist, resolver: any FilmResolver, now: Date = Date()
    ) async throws -> ImportReport {
        guard !isReadOnly else { throw WatchlistError.readOnly(path: path) }
        let rows = try LetterboxdCSV.parse(text)
        var unmatched: [UnmatchedRow] = []
        var matches: [(film: Film, addedAt: Date)] = []
        for row in rows {
            try Task.checkCancellation()
            guard !row.name.isEmpty else {
                unmatched.append(
                    UnmatchedRow(line: row.line, title: "", year: Int(row.yearText), reason: .missingTitle))
                continue
            }
            var year: Int?
            if !row.yearText.isEmpty {
                guard let parsed = Int(row.yearText) else {
                    unmatched.append(
                        UnmatchedRow(line: row.line, title: row.name, year: nil, reason: .invalidYear(row.yearText)))
                    continue
                }
                year = parsed
            }
            let reason: UnmatchedReason
            do {
                switch try await resolver.resolve(title: row.name, year: year) {
                case .matched(let film):
                    matches.append((film, row.date.flatMap(Day.date(from:)) ?? now))
                    continue
                case .ambiguous(let candidates):
                    reason = .ambiguous(candidates: candidates.count)
                case .none:
                    reason = .notFound
                }
            } catch is CancellationError {
                throw CancellationError()
            } catch {
                reason = .resolverFailed("\(error)")
            }
            unmatched.append(UnmatchedRow(line: row.line, title: row.name, year: year, reason: reason))
        }
        try Task.checkCancellation()
        let (added, present, films) = try write { db in
            var added = 0
            var present = 0
            var films = Set<Int>()
            for match in matches {
                films.insert(match.film.id)
                let result = try Self.add(match.film, to: list, note: nil, priority: 0, addedAt: match.addedAt, in: db)
                if result == .added { added += 1 } else { present += 1 }
            }
            return (added, present, films.count)
        }
        return ImportReport(
            format: .letterboxdCSV, added: added, alreadyPresent: present, filmsWritten: films, unmatched: unmatched)
    }

    /// Exports a list as a Letterboxd CSV (`Date,Name,Year,Letterboxd URI`), oldest first.
    public func exportLetterboxdCSV(_ list: FilmList = .watchlist) throws -> String {
        LetterboxdCSV.write(try self.list(list, query: ListQuery(sort: .added)))
    }
}
