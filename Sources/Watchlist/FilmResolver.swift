/// What a resolver found for a title and year.
public enum FilmMatch: Equatable, Sendable {
    /// Exactly one film.
    case matched(Film)
    /// Several films fit; the import does not guess.
    case ambiguous([Film])
    /// No film fits.
    case none
}

/// Turns a title and year (from a Letterboxd CSV) into a film, for instance by searching TMDb.
public protocol FilmResolver: Sendable {
    /// Finds the film called `title`, released in `year` when given.
    func resolve(title: String, year: Int?) async throws -> FilmMatch
}

/// Why an import row was not added.
public enum UnmatchedReason: Equatable, Sendable, CustomStringConvertible {
    /// The row has no title.
    case missingTitle
    /// The year is not a number.
    case invalidYear(String)
    /// The resolver found nothing.
    case notFound
    /// The resolver found several films.
    case ambiguous(candidates: Int)
    /// The resolver failed; its error is described.
    case resolverFailed(String)

    /// A short phrase for the terminal.
    public var description: String {
        switch self {
        case .missingTitle: return "the row has no title"
        case .invalidYear(let text): return "the year \"\(text)\" is not a number"
        case .notFound: return "no film matches"
        case .ambiguous(let count): return "\(count) films match"
        case .resolverFailed(let message): return "the lookup failed: \(message)"
        }
    }
}

/// An import row that was not added, and why.
public struct UnmatchedRow: Equatable, Sendable {
    /// The 1-based line the row starts on.
    public var line: Int
    /// The title as written.
    public var title: String
    /// The year, when one was given.
    public var year: Int?
    /// Why it was not added.
    public var reason: UnmatchedReason

    /// Creates an unmatched row.
    public init(line: Int, title: String, year: Int?, reason: UnmatchedReason) {
        self.line = line
        self.title = title
        self.year = year
        self.reason = reason
    }
}

/// What an import did.
public struct ImportReport: Equatable, Sendable {
    /// The format that was imported.
    public enum Format: String, Equatable, Sendable {
        /// A Letterboxd watchlist CSV.
        case letterboxdCSV
        /// A planner JSON export.
        case json
    }

    /// The format detected.
    public var format: Format
    /// List entries added.
    public var added: Int
    /// List entries skipped because the film was already on the list.
    public var alreadyPresent: Int
    /// Films written (for JSON, every film in the export).
    public var filmsWritten: Int
    /// Rows that were not added, in file order (CSV only).
    public var unmatched: [UnmatchedRow]

    /// Creates a report.
    public init(format: Format, added: Int, alreadyPresent: Int, filmsWritten: Int, unmatched: [UnmatchedRow]) {
        self.format = format
        self.added = added
        self.alreadyPresent = alreadyPresent
        self.filmsWritten = filmsWritten
        self.unmatched = unmatched
    }
}
