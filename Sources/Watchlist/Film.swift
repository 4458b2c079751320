import GRDB

/// A film as the store keeps it, keyed by its TMDb id.
///
/// A film added offline is a placeholder (``needsDetails`` is true) holding only its id and title, until
/// ``PlannerStore/upsertDetails(_:releases:)`` fills in the rest.
public struct Film: Codable, Equatable, Hashable, Sendable {
    /// The TMDb movie id.
    public var id: Int
    /// The display title.
    public var title: String
    /// The title in the film's original language, when known.
    public var originalTitle: String?
    /// The release year, when known.
    public var year: Int?
    /// The primary release date, written `YYYY-MM-DD`.
    public var releaseDate: String?
    /// The TMDb poster path, such as `/abc.jpg`.
    public var posterPath: String?
    /// A short synopsis.
    public var overview: String?
    /// True for a placeholder added offline whose details are still to be fetched.
    public var needsDetails: Bool

    /// Creates a film; pass `needsDetails: true` for a placeholder.
    public init(
        id: Int, title: String, originalTitle: String? = nil, year: Int? = nil, releaseDate: String? = nil,
        posterPath: String? = nil, overview: String? = nil, needsDetails: Bool = false
    ) {
        self.id = id
        self.title = title
        self.originalTitle = originalTitle
        self.year = year
        self.releaseDate = releaseDate
        self.posterPath = posterPath
        self.overview = overview
        self.needsDetails = needsDetails
    }

    /// A placeholder film with only an id and a title, flagged ``needsDetails``, for adds made offline.
    public static func placeholder(id: Int, title: String, year: Int? = nil) -> Film {
        Film(id: id, title: title, year: year, needsDetails: true)
    }

    /// The film as stored with its details: no longer a placeholder, its year filled from its release date.
    public var detailed: Film {
        var film = self
        film.needsDetails = false
        if film.year == nil, let date = film.releaseDate { film.year = Int(date.prefix(4)) }
        return film
    }

    /// Throws ``WatchlistError/invalidDay(_:)`` when the release date is not `YYYY-MM-DD`.
    public func validate() throws {
        if let releaseDate { _ = try Day.validated(releaseDate) }
    }
}

extension Film: FetchableRecord, PersistableRecord {
    /// The table that holds films.
    public static let databaseTableName = "film"

    /// Reads a film by column name as its `Decodable` conformance would (a missing or NULL required column
    /// throws), without a keyed container per film: a list read makes one per row.
    public init(row: Row) throws {
        id = try row.decode(forColumn: CodingKeys.id.stringValue)
        title = try row.decode(forColumn: CodingKeys.title.stringValue)
        originalTitle = try row.decode(forColumn: CodingKeys.originalTitle.stringValue)
        year = try row.decode(forColumn: CodingKeys.year.stringValue)
        releaseDate = try row.decode(forColumn: CodingKeys.releaseDate.stringValue)
        posterPath = try row.decode(forColumn: CodingKeys.posterPath.stringValue)
        overview = try row.decode(forColumn: CodingKeys.overview.stringValue)
        needsDetails = try row.decode(forColumn: CodingKeys.needsDetails.stringValue)
    }

    /// The columns of the `film` table.
    public enum Columns {
        /// The TMDb id column.
        public static let id = Column(CodingKeys.id)
        /// The title column.
        public static let title = Column(CodingKeys.title)
        /// The release date column.
        public static let releaseDate = Column(CodingKeys.releaseDate)
        /// The placeholder flag column.
        public static let needsDetails = Column(CodingKeys.needsDetails)
    }
}

/// A film's theatrical release date in one country, so the planner can ask "when does it open in FI?".
public struct RegionalRelease: Codable, Equatable, Hashable, Sendable {
    /// The ISO 3166-1 alpha-2 country code, upper case (`FI`, `US`).
    public var region: String
    /// The theatrical release date there, written `YYYY-MM-DD`.
    public var date: String

    /// Creates a regional release; the region is upper-cased.
    public init(region: String, date: String) {
        self.region = region.uppercased()
        self.date = date
    }
}

/// The stored row of a regional release.
struct FilmReleaseRecord: Codable, FetchableRecord, PersistableRecord {
    static let databaseTableName = "filmRelease"
    var filmId: Int
    var region: String
    var releaseDate: String
}
