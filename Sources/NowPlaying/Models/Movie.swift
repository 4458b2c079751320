import Foundation

/// A film as TMDb's lists and searches return it.
public struct Movie: Sendable, Equatable, Hashable, Identifiable, Decodable {
    /// TMDb's id.
    public var id: Int
    /// The title in the requested language.
    public var title: String
    /// The title in the original language.
    public var originalTitle: String
    /// The original language, ISO 639-1.
    public var originalLanguage: String
    /// The synopsis; empty when TMDb has none.
    public var overview: String
    /// The first release date (UTC midnight), or nil when unknown.
    public var releaseDate: Date?
    /// The poster's path, to join with ``ImageConfiguration/posterURL(path:size:)``; nil when there is none.
    public var posterPath: String?
    /// The backdrop's path; nil when there is none.
    public var backdropPath: String?
    /// TMDb genre ids.
    public var genreIDs: [Int]
    /// TMDb's popularity score.
    public var popularity: Double
    /// The mean vote, 0–10.
    public var voteAverage: Double
    /// How many votes.
    public var voteCount: Int
    /// Whether TMDb flags it as adult.
    public var adult: Bool

    /// The release year, when the date is known.
    public var releaseYear: Int? { releaseDate.map(TMDbDate.year(of:)) }

    /// Creates a movie.
    public init(
        id: Int, title: String, originalTitle: String? = nil, originalLanguage: String = "", overview: String = "",
        releaseDate: Date? = nil, posterPath: String? = nil, backdropPath: String? = nil, genreIDs: [Int] = [],
        popularity: Double = 0, voteAverage: Double = 0, voteCount: Int = 0, adult: Bool = false
    ) {
        self.id = id
        self.title = title
        self.originalTitle = originalTitle ?? title
        self.originalLanguage = originalLanguage
        self.overview = overview
        self.releaseDate = releaseDate
        self.posterPath = posterPath
        self.backdropPath = backdropPath
        self.genreIDs = genreIDs
        self.popularity = popularity
        self.voteAverage = voteAverage
        self.voteCount = voteCount
        self.adult = adult
    }

    enum CodingKeys: String, CodingKey {
        case id, title, overview, popularity, adult
        case originalTitle = "original_title"
        case originalLanguage = "original_language"
        case releaseDate = "release_date"
        case posterPath = "poster_path"
        case backdropPath = "backdrop_path"
        case genreIDs = "genre_ids"
        case voteAverage = "vote_average"
        case voteCount = "vote_count"
    }

    /// Decodes TMDb's JSON, tolerating null or missing optional fields.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        id = try c.decode(Int.self, forKey: .id)
        title = try c.decodeIfPresent(String.self, forKey: .title) ?? ""
        originalTitle = try c.decodeIfPresent(String.self, forKey: .originalTitle) ?? title
        originalLanguage = try c.decodeIfPresent(String.self, forKey: .originalLanguage) ?? ""
        overview = try c.decodeIfPresent(String.self, forKey: .overview) ?? ""
        releaseDate = try c.decodeTMDbDate(forKey: .releaseDate)
        posterPath = try c.decodeIfPresent(String.self, forKey: .posterPath)
        backdropPath = try c.decodeIfPresent(String.self, forKey: .backdropPath)
        genreIDs = try c.decodeIfPresent([Int].self, forKey: .genreIDs) ?? []
        popularity = try c.decodeIfPresent(Double.self, forKey: .popularity) ?? 0
        voteAverage = try c.decodeIfPresent(Double.self, forKey: .voteAverage) ?? 0
        voteCount = try c.decodeIfPresent(Int.self, forKey: .voteCount) ?? 0
        adult = try c.decodeIfPresent(Bool.self, forKey: .adult) ?? false
    }
}
