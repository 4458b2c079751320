import Foundation

/// A TMDb genre.
public struct Genre: Sendable, Equatable, Hashable, Identifiable, Decodable {
    /// TMDb's id.
    public var id: Int
    /// The name in the requested language.
    public var name: String
}

/// A film's full record (`/movie/{id}?append_to_response=release_dates`).
public struct MovieDetails: Sendable, Equatable, Identifiable, Decodable {
    /// The fields every list also has.
    public var movie: Movie
    /// Running time in minutes, when known.
    public var runtimeMinutes: Int?
    /// Genres by name.
    public var genres: [Genre]
    /// The IMDb id, such as "tt0137523".
    public var imdbID: String?
    /// TMDb's status, such as "Released" or "Post Production".
    public var status: String
    /// The tagline; empty when none.
    public var tagline: String
    /// The official site, when there is one.
    public var homepage: String?
    /// Releases by country, when they were asked for.
    public var releaseDates: ReleaseDates?

    /// TMDb's id.
    public var id: Int { movie.id }

    /// The earliest theatrical release (types 2 and 3) in `region`, if known.
    public func theatricalReleaseDate(region: String) -> Date? {
        releaseDates?.theatricalReleaseDate(region: region)
    }

    enum CodingKeys: String, CodingKey {
        case runtime, genres, status, tagline, homepage
        case imdbID = "imdb_id"
        case releaseDates = "release_dates"
    }

    init(
        movie: Movie, runtimeMinutes: Int?, genres: [Genre], imdbID: String?, status: String, tagline: String,
        homepage: String?, releaseDates: ReleaseDates?
    ) {
        self.movie = movie
        self.runtimeMinutes = runtimeMinutes
        self.genres = genres
        self.imdbID = imdbID
        self.status = status
        self.tagline = tagline
        self.homepage = homepage
        self.releaseDates = releaseDates
    }

    /// Decodes TMDb's JSON, tolerating null or missing optional fields.
    public init(from decoder: any Decoder) throws {
        movie = try Movie(from: decoder)
        let c = try decoder.container(keyedBy: CodingKeys.self)
        runtimeMinutes = try c.decodeIfPresent(Int.self, forKey: .runtime)
        genres = try c.decodeIfPresent([Genre].self, forKey: .genres) ?? []
        imdbID = try c.decodeIfPresent(String.self, forKey: .imdbID).flatMap { $0.isEmpty ? nil : $0 }
        status = try c.decodeIfPresent(String.self, forKey: .status) ?? ""
        tagline = try c.decodeIfPresent(String.self, forKey: .tagline) ?? ""
        homepage = try c.decodeIfPresent(String.self, forKey: .homepage).flatMap { $0.isEmpty ? nil : $0 }
        releaseDates = try c.decodeIfPresent(ReleaseDates.self, forKey: .releaseDates)
    }
}
