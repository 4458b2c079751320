import FlyingFox
import Foundation

/// A fake TMDb with posters, images, IMDb ids and series, in TMDb's documented shapes: `/configuration`,
/// `/movie/now_playing`, `/movie/upcoming`, `/movie/popular`, `/trending/movie/week`, `/movie/{id}`,
/// `/movie/{id}/images`, `/find/{imdb_id}?external_source=imdb_id`, `/tv/popular`, `/tv/on_the_air`,
/// `/tv/airing_today`, `/trending/tv/week`, `/search/tv`, `/tv/{id}` and `/tv/{id}/images`.
///
/// Films 1…9 are "Film 1"…"Film 9"; film N's poster is `/pN.jpg` (film 2 has none) and its IMDb id is
/// `tt100000N`, so `tt1000007` is film 7. Films 1–3 are in cinemas now, 4 and 5 still to come. Series 1003
/// ("Harbour Watch", poster `/s1003.jpg`, IMDb `tt2001003`) and 1004 ("Ferry Tales", no poster) are on every
/// series list.
public enum FakeTMDbCatalog {
    /// The bearer token it takes.
    public static let token = "catalog-token-not-a-secret-0000"
    /// Where its `/configuration` says images are.
    public static let imageBase = "https://image.tmdb.org/t/p/"
    /// The films, by TMDb id.
    public static let filmIDs = Array(1...9)
    /// The series, by TMDb id.
    public static let seriesIDs = [1003, 1004]

    /// `YYYY-MM-DD` `offset` days from today, UTC.
    public static func day(_ offset: Int) -> String {
        let formatter = DateFormatter()
        formatter.dateFormat = "yyyy-MM-dd"
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.locale = Locale(identifier: "en_US_POSIX")
        return formatter.string(from: Date().addingTimeInterval(Double(offset) * 86_400))
    }

    /// Film `id`'s poster path, or nil for film 2.
    public static func posterPath(film id: Int) -> String? { id == 2 ? nil : "/p\(id).jpg" }

    /// Film `id`'s IMDb id.
    public static func imdbID(film id: Int) -> String { "tt" + String(1_000_000 + id) }

    static func json(_ text: String?) -> String { text.map { "\"\($0)\"" } ?? "null" }

    static func movieJSON(_ id: Int) -> String {
        """
        {"adult":false,"backdrop_path":"/b\(id).jpg","genre_ids":[18],"id":\(id),"original_language":"fi",
         "original_title":"Film \(id)","overview":"The story of film \(id).","popularity":1.0,
         "poster_path":\(json(posterPath(film: id))),"release_date":"\(day(id <= 3 ? -10 * id : 10 * id))",
         "title":"Film \(id)","video":false,"vote_average":7.0,"vote_count":10}
        """
    }

    static func detailsJSON(_ id: Int) -> String {
        let released = day(id <= 3 ? -10 * id : 10 * id)
        return """
            {"adult":false,"backdrop_path":"/b\(id).jpg","genres":[{"id":18,"name":"Drama"}],"homepage":"","id":\(id),
             "imdb_id":"\(imdbID(film: id))","original_language":"fi","original_title":"Film \(id)",
             "overview":"The story of film \(id).","popularity":1.0,"poster_path":\(json(posterPath(film: id))),
             "release_date":"\(released)","runtime":100,"status":"Released","tagline":"","title":"Film \(id)",
             "video":false,"vote_average":7.0,"vote_count":10,
             "release_dates":{"results":[{"iso_3166_1":"FI","release_dates":[
               {"certification":"","descriptors":[],"iso_639_1":"","note":"","release_date":"\(released)T00:00:00.000Z","type":3}
             ]}]}}
            """
    }

    static func seriesName(_ id: Int) -> String { id == 1003 ? "Harbour Watch" : "Ferry Tales" }
    static func seriesPoster(_ id: Int) -> String? { id == 1003 ? "/s1003.jpg" : nil }

    static func showJSON(_ id: Int) -> String {
        """
        {"id":\(id),"name":"\(seriesName(id))","original_name":"\(seriesName(id))","overview":"A series \(id).",
         "first_air_date":"2020-0\(id - 1000)-01","poster_path":\(json(seriesPoster(id))),"genre_ids":[18],
         "origin_country":["FI"],"popularity":3.0,"vote_average":8.0,"vote_count":20}
        """
    }

    static func seriesDetailsJSON(_ id: Int) -> String {
        """
        {"id":\(id),"name":"\(seriesName(id))","original_name":"\(seriesName(id))","overview":"A series \(id).",
         "first_air_date":"2020-0\(id - 1000)-01","last_air_date":"\(day(-2))","poster_path":\(json(seriesPoster(id))),
         "number_of_seasons":2,"number_of_episodes":16,"status":"Returning Series","networks":[{"id":1,"name":"Yle"}],
         "vote_average":8.0,"vote_count":20,
         "next_episode_to_air":{"name":"Thaw","air_date":"\(day(5))","season_number":3,"episode_number":1},
         "last_episode_to_air":{"name":"Ice","air_date":"\(day(-2))","season_number":2,"episode_number":8}}
        """
    }

    /// `/configuration`, as TMDb documents it.
    public static let configurationJSON = """
        {"images":{"base_url":"http://image.tmdb.org/t/p/","secure_base_url":"\(imageBase)",
          "backdrop_sizes":["w300","w780","w1280","original"],"logo_sizes":["w45","w92","w154","w185","w300","w500","original"],
          "poster_sizes":["w92","w154","w185","w342","w500","w780","original"],"profile_sizes":["w45","w185","h632","original"],
          "still_sizes":["w92","w185","w300","original"]},
         "change_keys":["adult","air_date","images","title"]}
        """

    /// `/movie/{id}/images` or `/tv/{id}/images`: one poster (with English text) and one backdrop (without).
    static func imagesJSON(_ id: Int, prefix: String) -> String {
        """
        {"id":\(id),
         "backdrops":[{"aspect_ratio":1.778,"height":1080,"iso_639_1":null,"file_path":"/\(prefix)b\(id).jpg","vote_average":5.3,"vote_count":4,"width":1920}],
         "logos":[],
         "posters":[{"aspect_ratio":0.667,"height":3000,"iso_639_1":"en","file_path":"/\(prefix)\(id).jpg","vote_average":5.5,"vote_count":6,"width":2000}]}
        """
    }

    static func page(_ items: [String], dates: Bool = false) -> String {
        let window = dates ? "\"dates\":{\"maximum\":\"\(day(7))\",\"minimum\":\"\(day(-30))\"}," : ""
        return """
            {\(window)"page":1,"results":[\(items.joined(separator: ","))],"total_pages":1,"total_results":\(items.count)}
            """
    }

    /// Answers like TMDb; 401 for a wrong token; with `configurationFails`, `/configuration` answers 500.
    public static func handler(configurationFails: Bool = false) -> FakeServer.Handler {
        { request, _ in
            guard request.header("Authorization") == "Bearer \(token)" else {
                return Reply.tmdbError(status: 401, code: 7, message: "Invalid API key: You must be granted a valid key.")
            }
            let parts = request.path.split(separator: "/").map(String.init)  // ["3", "movie", "7", "images"]
            switch request.path {
            case "/3/configuration":
                return configurationFails
                    ? Reply.tmdbError(status: 500, code: 11, message: "Internal error.") : Reply.json(configurationJSON)
            case "/3/movie/now_playing":
                return Reply.json(page([1, 2, 3].map(movieJSON), dates: true))
            case "/3/movie/upcoming":
                return Reply.json(page([4, 5].map(movieJSON), dates: true))
            case "/3/movie/popular", "/3/trending/movie/week":
                return Reply.json(page(filmIDs.map(movieJSON)))
            case "/3/tv/popular", "/3/tv/on_the_air", "/3/tv/airing_today", "/3/trending/tv/week":
                return Reply.json(page(seriesIDs.map(showJSON)))
            case "/3/search/tv":
                let query = (request.query["query"] ?? "").lowercased()
                return Reply.json(page(seriesIDs.filter { seriesName($0).lowercased().contains(query) }.map(showJSON)))
            default:
                break
            }
            if parts.count == 3, parts[1] == "find" {
                let films = filmIDs.filter { imdbID(film: $0) == parts[2] }.map(movieJSON)
                let shows = parts[2] == "tt2001003" ? [showJSON(1003)] : []
                return Reply.json(
                    """
                    {"movie_results":[\(films.joined(separator: ","))],"person_results":[],
                     "tv_results":[\(shows.joined(separator: ","))],"tv_episode_results":[],"tv_season_results":[]}
                    """)
            }
            if parts.count >= 3, let id = Int(parts[2]) {
                let images = parts.count == 4 && parts[3] == "images"
                switch parts[1] {
                case "movie" where filmIDs.contains(id) && (parts.count == 3 || images):
                    return Reply.json(images ? imagesJSON(id, prefix: "p") : detailsJSON(id))
                case "tv" where seriesIDs.contains(id) && (parts.count == 3 || images):
                    return Reply.json(images ? imagesJSON(id, prefix: "s") : seriesDetailsJSON(id))
                default:
                    break
                }
            }
            return Reply.tmdbError(status: 404, code: 34, message: "The resource you requested could not be found.")
        }
    }
}
