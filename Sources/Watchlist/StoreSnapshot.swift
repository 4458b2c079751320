import Foundation
import Tabular

/// Everything in the store, as planner's JSON export holds it: films with their release dates and diaries,
/// and both lists with added-at times, notes and priorities.
public struct StoreSnapshot: Codable, Equatable, Sendable {
    /// A film with its regional releases and the user's diary.
    public struct FilmEntry: Codable, Equatable, Sendable {
        /// The film.
        public var film: Film
        /// Its theatrical release dates by region, sorted by region.
        public var releases: [RegionalRelease]
        /// The user's rating, review and watched day.
        public var diary: Diary

        /// Creates a film entry.
        public init(film: Film, releases: [RegionalRelease] = [], diary: Diary = Diary()) {
            self.film = film
            self.releases = releases
            self.diary = diary
        }
    }

    /// One film on a list.
    public struct ListEntry: Codable, Equatable, Sendable {
        /// The film's TMDb id.
        public var filmID: Int
        /// When it was added (whole seconds, ISO 8601 in JSON).
        public var addedAt: Date
        /// The note given when adding.
        public var note: String?
        /// The priority given when adding.
        public var priority: Int

        /// Creates a list entry.
        public init(filmID: Int, addedAt: Date, note: String? = nil, priority: Int = 0) {
            self.filmID = filmID
            self.addedAt = addedAt
            self.note = note
            self.priority = priority
        }
    }

    /// One TV series on a list, with the series' details.
    public struct SeriesEntry: Codable, Equatable, Sendable {
        /// The series.
        public var series: Series
        /// The list it is on.
        public var list: FilmList
        /// When it was added (whole seconds, ISO 8601 in JSON).
        public var addedAt: Date
        /// The note given when adding.
        public var note: String?
        /// The priority given when adding.
        public var priority: Int

        /// Creates a series entry.
        public init(series: Series, list: FilmList, addedAt: Date, note: String? = nil, priority: Int = 0) {
            self.series = series
            self.list = list
            self.addedAt = addedAt
            self.note = note
            self.priority = priority
        }
    }

    /// One series' rating and review, with the series' details.
    public struct SeriesDiaryEntry: Codable, Equatable, Sendable {
        /// The series.
        public var series: Series
        /// The user's rating and review of it (no watched day).
        public var diary: Diary

        /// Creates a series diary entry.
        public init(series: Series, diary: Diary) {
            self.series = series
            self.diary = diary
        }
    }

    /// The version of this format; an export from a newer format is refused.
    public static let currentFormatVersion = 1

    /// The format version of this snapshot.
    public var formatVersion: Int
    /// Every film, by id.
    public var films: [FilmEntry]
    /// The watchlist, by film id.
    public var watchlist: [ListEntry]
    /// The favorites, by film id.
    public var favorites: [ListEntry]
    /// The TV series on either list, by list and series id; absent (not empty) when there are none, so that an
    /// export without series reads as before, and older exports read as having none.
    public var series: [SeriesEntry]?
    /// The rated or reviewed series, by series id; absent (not empty) when there are none, as ``series`` is.
    public var seriesDiaries: [SeriesDiaryEntry]?

    /// Creates a snapshot in the current format.
    public init(
        formatVersion: Int = StoreSnapshot.currentFormatVersion, films: [FilmEntry], watchlist: [ListEntry],
        favorites: [ListEntry], series: [SeriesEntry]? = nil, seriesDiaries: [SeriesDiaryEntry]? = nil
    ) {
        self.formatVersion = formatVersion
        self.films = films
        self.watchlist = watchlist
        self.favorites = favorites
        self.series = series
        self.seriesDiaries = seriesDiaries
    }

    /// The JSON: sorted keys, pretty printed, ISO 8601 dates, so equal snapshots give identical bytes.
    public func jsonData() throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .iso8601
        return try encoder.encode(self)
    }

    /// Reads a snapshot from planner's JSON export.
    /// - Throws: ``WatchlistError/invalidJSON(reason:)``.
    public static func decode(_ data: Data) throws -> StoreSnapshot {
        guard JSONDepth.isWithinLimit(data) else {
            throw WatchlistError.invalidJSON(reason: "it nests arrays or objects more than \(JSONDepth.limit) deep")
        }
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        let snapshot: StoreSnapshot
        do {
            snapshot = try decoder.decode(StoreSnapshot.self, from: data)
        } catch let error as DecodingError {
            throw WatchlistError.invalidJSON(reason: describe(error))
        }
        guard snapshot.formatVersion <= currentFormatVersion else {
            throw WatchlistError.invalidJSON(
                reason: "format version \(snapshot.formatVersion) is newer than this planner reads")
        }
        try snapshot.checkLengths()
        return snapshot
    }

    /// Refuses a title or name over ``InputLimits/nameBytes``, or an overview, review or note over
    /// ``InputLimits/fieldBytes``, naming where it is.
    func checkLengths() throws {
        func check(_ path: String, _ field: String, _ value: String?, isName: Bool = false) throws {
            guard let value, let reason = InputLimits.violation(field, value, isName: isName) else { return }
            throw WatchlistError.invalidJSON(reason: "\(path): \(reason)")
        }
        for (i, entry) in films.enumerated() {
            try check("films[\(i)]", "title", entry.film.title, isName: true)
            try check("films[\(i)]", "original title", entry.film.originalTitle, isName: true)
            try check("films[\(i)]", "overview", entry.film.overview)
            try check("films[\(i)]", "review", entry.diary.review)
        }
        for (name, entries) in [("watchlist", watchlist), ("favorites", favorites)] {
            for (i, entry) in entries.enumerated() { try check("\(name)[\(i)]", "note", entry.note) }
        }
        for (i, entry) in (series ?? []).enumerated() {
            try check("series[\(i)]", "name", entry.series.name, isName: true)
            try check("series[\(i)]", "overview", entry.series.overview)
            try check("series[\(i)]", "note", entry.note)
        }
        for (i, entry) in (seriesDiaries ?? []).enumerated() {
            try check("seriesDiaries[\(i)]", "name", entry.series.name, isName: true)
            try check("seriesDiaries[\(i)]", "overview", entry.series.overview)
            try check("seriesDiaries[\(i)]", "review", entry.diary.review)
        }
    }

    private static func describe(_ error: DecodingError) -> String {
        func path(_ context: DecodingError.Context) -> String {
            let keys = context.codingPath.map { $0.intValue.map { "[\($0)]" } ?? $0.stringValue }
            return keys.isEmpty ? "the top level" : keys.joined(separator: ".")
        }
        switch error {
        case .dataCorrupted(let context): return "\(context.debugDescription) at \(path(context))"
        case .keyNotFound(let key, let context): return "\"\(key.stringValue)\" is missing at \(path(context))"
        case .typeMismatch(_, let context), .valueNotFound(_, let context):
            return "\(context.debugDescription) at \(path(context))"
        @unknown default: return "\(error)"
        }
    }
}
