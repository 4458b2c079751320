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
        _ text: String, into list: FilmList = .watchlist, resolver: any FilmResolver, now: Date = Date(),
        concurrency: Int = PlannerStore.importConcurrency, progress: (@Sendable (Int, Int) -> Void)? = nil
    ) async throws -> ImportReport {
        guard !isReadOnly else { throw WatchlistError.readOnly(path: path) }
        let rows = try LetterboxdCSV.parse(text)
        var outcomes: [RowOutcome?] = Array(repeating: nil, count: rows.count)
        var toResolve: [(index: Int, title: String, year: Int?)] = []
        for (index, row) in rows.enumerated() {
            guard !row.name.isEmpty else {
                outcomes[index] = .unmatched(UnmatchedRow(line: row.line, title: "", year: Int(row.yearText), reason: .missingTitle))
                continue
            }
            var year: Int?
            if !row.yearText.isEmpty {
                guard let parsed = Int(row.yearText) else {
                    outcomes[index] = .unmatched(
                        UnmatchedRow(line: row.line, title: row.name, year: nil, reason: .invalidYear(row.yearText)))
                    continue
                }
                year = parsed
            }
            toResolve.append((index, row.name, year))
        }
        // Rows are looked up `concurrency` at a time (the client keeps its own limit and retries), then put back
        // in file order, so the report reads like the file.
        let total = toResolve.count
        try await withThrowingTaskGroup(of: (Int, Result<FilmMatch, any Error>).self) { group in
            var next = 0
            var done = 0
            func start() {
                let item = toResolve[next]
                next += 1
                group.addTask {
                    do {
                        return (item.index, .success(try await resolver.resolve(title: item.title, year: item.year)))
                    } catch is CancellationError {
                        throw CancellationError()
                    } catch {
                        return (item.index, .failure(error))
                    }
                }
            }
            while next < min(max(1, concurrency), total) { start() }
            while let (index, result) = try await group.next() {
                let row = rows[index]
                let year = row.yearText.isEmpty ? nil : Int(row.yearText)
                switch result {
                case .success(.matched(let film)):
                    outcomes[index] = .matched(film, row.date.flatMap(Day.date(from:)) ?? now)
                case .success(.ambiguous(let candidates)):
                    outcomes[index] = .unmatched(
                        UnmatchedRow(line: row.line, title: row.name, year: year, reason: .ambiguous(candidates: candidates.count)))
                case .success(.none):
                    outcomes[index] = .unmatched(UnmatchedRow(line: row.line, title: row.name, year: year, reason: .notFound))
                case .failure(let error):
                    outcomes[index] = .unmatched(
                        UnmatchedRow(line: row.line, title: row.name, year: year, reason: .resolverFailed("\(error)")))
                }
                done += 1
                progress?(done, total)
                if next < total { start() }
            }
        }
        var unmatched: [UnmatchedRow] = []
        var matches: [(film: Film, addedAt: Date)] = []
        for outcome in outcomes {
            switch outcome {
            case .matched(let film, let addedAt)?: matches.append((film, addedAt))
            case .unmatched(let row)?: unmatched.append(row)
            case nil: break
            }
        }
        try Task.checkCancellation()
        let (added, present, films) = try write { [userID] db in
            var added = 0
            var present = 0
            var films = Set<Int>()
            for match in matches {
                films.insert(match.film.id)
                let result = try Self.add(
                    match.film, to: list, note: nil, priority: 0, addedAt: match.addedAt, user: userID, in: db)
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

    /// How many Letterboxd rows are looked up at once.
    public static let importConcurrency = 8

    /// What became of one CSV row.
    private enum RowOutcome {
        case matched(Film, Date)
        case unmatched(UnmatchedRow)
    }
}
