/// A film as OMDb describes it; OMDb's "N/A" reads as nil.
public struct OMDbMovie: Sendable, Equatable, Decodable {
    /// One critic score, such as Rotten Tomatoes' "91%".
    public struct Rating: Sendable, Equatable, Decodable {
        /// Who gave it, such as "Internet Movie Database".
        public var source: String
        /// The score as OMDb writes it, such as "8.8/10".
        public var value: String

        enum CodingKeys: String, CodingKey {
            case source = "Source"
            case value = "Value"
        }
    }

    /// The title.
    public var title: String
    /// The year, as OMDb writes it ("1999", or "2019–2022" for series).
    public var year: String?
    /// The age rating, such as "R".
    public var rated: String?
    /// The running time, such as "139 min".
    public var runtime: String?
    /// Genres, comma-separated.
    public var genre: String?
    /// Directors, comma-separated.
    public var director: String?
    /// The plot.
    public var plot: String?
    /// The IMDb id, such as "tt0137523".
    public var imdbID: String?
    /// The IMDb rating, such as "8.8".
    public var imdbRating: String?
    /// The Metacritic score, such as "67".
    public var metascore: String?
    /// The poster's URL, as OMDb gives it (Amazon's image host).
    public var poster: String?
    /// Critic scores.
    public var ratings: [Rating]

    enum CodingKeys: String, CodingKey {
        case title = "Title"
        case year = "Year"
        case rated = "Rated"
        case runtime = "Runtime"
        case genre = "Genre"
        case director = "Director"
        case plot = "Plot"
        case imdbID
        case imdbRating
        case metascore = "Metascore"
        case poster = "Poster"
        case ratings = "Ratings"
    }

    /// Decodes OMDb's JSON.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        func text(_ key: CodingKeys) throws -> String? {
            guard let value = try c.decodeIfPresent(String.self, forKey: key), value != "N/A", !value.isEmpty else {
                return nil
            }
            return value
        }
        title = try c.decode(String.self, forKey: .title)
        year = try text(.year)
        rated = try text(.rated)
        runtime = try text(.runtime)
        genre = try text(.genre)
        director = try text(.director)
        plot = try text(.plot)
        imdbID = try text(.imdbID)
        imdbRating = try text(.imdbRating)
        metascore = try text(.metascore)
        poster = try text(.poster)
        ratings = try c.decodeIfPresent([Rating].self, forKey: .ratings) ?? []
    }
}
