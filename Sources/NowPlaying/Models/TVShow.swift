import Foundation

/// A TV series as TMDb's searches and trending lists return it.
public struct TVShow: Sendable, Equatable, Hashable, Identifiable, Decodable {
    /// TMDb's id.
    public var id: Int
    /// The name in the requested language.
    public var name: String
    /// The name in the original language.
    public var originalName: String
    /// The synopsis; empty when TMDb has none.
    public var overview: String
    /// The first air date (UTC midnight), or nil when unknown.
    public var firstAirDate: Date?
    /// The poster's path; nil when there is none.
    public var posterPath: String?
    /// TMDb genre ids.
    public var genreIDs: [Int]
    /// Countries of origin, ISO 3166-1.
    public var originCountry: [String]
    /// TMDb's popularity score.
    public var popularity: Double
    /// The mean vote, 0–10.
    public var voteAverage: Double
    /// How many votes.
    public var voteCount: Int

    enum CodingKeys: String, CodingKey {
        case id, name, overview, popularity
        case originalName = "original_name"
        case firstAirDate = "first_air_date"
        case posterPath = "poster_path"
        case genreIDs = "genre_ids"
        case originCountry = "origin_country"
        case voteAverage = "vote_average"
        case voteCount = "vote_count"
    }

    /// Decodes TMDb's JSON, tolerating null or missing optional fields.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        id = try c.decode(Int.self, forKey: .id)
        name = try c.decodeIfPresent(String.self, forKey: .name) ?? ""
        originalName = try c.decodeIfPresent(String.self, forKey: .originalName) ?? name
        overview = try c.decodeIfPresent(String.self, forKey: .overview) ?? ""
        firstAirDate = try c.decodeTMDbDate(forKey: .firstAirDate)
        posterPath = try c.decodeIfPresent(String.self, forKey: .posterPath)
        genreIDs = try c.decodeIfPresent([Int].self, forKey: .genreIDs) ?? []
        originCountry = try c.decodeIfPresent([String].self, forKey: .originCountry) ?? []
        popularity = try c.decodeIfPresent(Double.self, forKey: .popularity) ?? 0
        voteAverage = try c.decodeIfPresent(Double.self, forKey: .voteAverage) ?? 0
        voteCount = try c.decodeIfPresent(Int.self, forKey: .voteCount) ?? 0
    }
}
