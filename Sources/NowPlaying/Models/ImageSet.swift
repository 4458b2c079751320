import Foundation

/// A film's or series' images (`/movie/{id}/images`, `/tv/{id}/images`): its posters and backdrops.
public struct ImageSet: Sendable, Equatable, Decodable {
    /// One image file TMDb holds, in its original size.
    public struct Image: Sendable, Equatable, Decodable {
        /// The path to join with ``ImageConfiguration/posterURL(path:size:)`` or
        /// ``ImageConfiguration/backdropURL(path:size:)``, such as `/fCayJrkfRaCRCTh8GqN30f8oyQF.jpg`.
        public var filePath: String
        /// The original width in pixels.
        public var width: Int
        /// The original height in pixels.
        public var height: Int
        /// The language of the text on it (ISO 639-1), or nil for an image without text.
        public var language: String?
        /// The mean vote TMDb's users gave it.
        public var voteAverage: Double

        /// Creates an image.
        public init(filePath: String, width: Int, height: Int, language: String? = nil, voteAverage: Double = 0) {
            self.filePath = filePath
            self.width = width
            self.height = height
            self.language = language
            self.voteAverage = voteAverage
        }

        enum CodingKeys: String, CodingKey {
            case width, height
            case filePath = "file_path"
            case language = "iso_639_1"
            case voteAverage = "vote_average"
        }

        /// Decodes TMDb's JSON, tolerating null or missing sizes and votes.
        public init(from decoder: any Decoder) throws {
            let c = try decoder.container(keyedBy: CodingKeys.self)
            filePath = try c.decode(String.self, forKey: .filePath)
            width = try c.decodeIfPresent(Int.self, forKey: .width) ?? 0
            height = try c.decodeIfPresent(Int.self, forKey: .height) ?? 0
            language = try c.decodeIfPresent(String.self, forKey: .language).flatMap { $0.isEmpty ? nil : $0 }
            voteAverage = try c.decodeIfPresent(Double.self, forKey: .voteAverage) ?? 0
        }
    }

    /// The TMDb id of the film or series.
    public var id: Int
    /// Its posters, as TMDb orders them (best voted first).
    public var posters: [Image]
    /// Its backdrops, as TMDb orders them.
    public var backdrops: [Image]

    /// Creates an image set.
    public init(id: Int, posters: [Image], backdrops: [Image]) {
        self.id = id
        self.posters = posters
        self.backdrops = backdrops
    }

    enum CodingKeys: String, CodingKey { case id, posters, backdrops }

    /// Decodes `{"id": 550, "backdrops": […], "logos": […], "posters": […]}`; a missing list is empty.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        id = try c.decode(Int.self, forKey: .id)
        posters = try c.decodeIfPresent([Image].self, forKey: .posters) ?? []
        backdrops = try c.decodeIfPresent([Image].self, forKey: .backdrops) ?? []
    }
}

/// What TMDb's `/find/{external_id}?external_source=imdb_id` found for one IMDb id: films and series.
public struct FoundTitles: Sendable, Equatable, Decodable {
    /// The films with that IMDb id (one at most, in practice).
    public var movies: [Movie]
    /// The series with that IMDb id.
    public var tvShows: [TVShow]

    /// Creates a find result.
    public init(movies: [Movie], tvShows: [TVShow]) {
        self.movies = movies
        self.tvShows = tvShows
    }

    enum CodingKeys: String, CodingKey {
        case movies = "movie_results"
        case tvShows = "tv_results"
    }

    /// Decodes TMDb's JSON; a missing list is empty.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        movies = try c.decodeIfPresent([Movie].self, forKey: .movies) ?? []
        tvShows = try c.decodeIfPresent([TVShow].self, forKey: .tvShows) ?? []
    }
}
