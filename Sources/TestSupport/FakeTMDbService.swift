import FlyingFox
import Foundation

/// A fake TMDb for the use-case and command-line tests: five films, two now playing in Finland, two still to come, one gone.
/// Release dates are set relative to today, so the test means the same on any day.
public enum FakeTMDbService {
    public static let token = "test-token-not-a-secret-0000"

    public struct FilmSpec: Sendable {
        public let id: Int
        public let title: String
        /// Days from today of the Finnish theatrical release (type 3).
        public let releaseInDays: Int
        public let nowPlaying: Bool
    }

    public static let films = [
        FilmSpec(id: 101, title: "Northern Lights", releaseInDays: -20, nowPlaying: true),
        FilmSpec(id: 102, title: "Harbour Nights", releaseInDays: -200, nowPlaying: true),
        FilmSpec(id: 103, title: "Winter Road", releaseInDays: 40, nowPlaying: false),
        FilmSpec(id: 104, title: "Spring Thaw", releaseInDays: 10, nowPlaying: false),
        FilmSpec(id: 105, title: "Last Summer", releaseInDays: -150, nowPlaying: false),
    ]

    public static func day(_ offset: Int) -> String {
        let formatter = DateFormatter()
        formatter.dateFormat = "yyyy-MM-dd"
        formatter.timeZone = .current
        return formatter.string(from: Date().addingTimeInterval(Double(offset) * 86_400))
    }

    public static func movieJSON(_ film: FilmSpec) -> String {
        """
        {"adult":false,"backdrop_path":null,"genre_ids":[18],"id":\(film.id),"original_language":"fi",
         "original_title":"\(film.title)","overview":"","popularity":1.0,"poster_path":null,
         "release_date":"\(day(film.releaseInDays))","title":"\(film.title)","video":false,"vote_average":7.0,"vote_count":10}
        """
    }

    public static func detailsJSON(_ film: FilmSpec) -> String {
        """
        {"adult":false,"backdrop_path":null,"genres":[],"homepage":"","id":\(film.id),"imdb_id":null,
         "original_language":"fi","original_title":"\(film.title)","overview":"The story of \(film.title).","popularity":1.0,"poster_path":null,
         "release_date":"\(day(film.releaseInDays))","runtime":100,"status":"Released","tagline":"",
         "title":"\(film.title)","video":false,"vote_average":7.0,"vote_count":10,
         "release_dates":{"results":[{"iso_3166_1":"FI","release_dates":[
           {"certification":"","descriptors":[],"iso_639_1":"","note":"","release_date":"\(day(film.releaseInDays))T00:00:00.000Z","type":3}
         ]}]}}
        """
    }

    /// A series in TMDb's `/tv/{id}` shape, with its next episode ten days away.
    public static var seriesJSON: String {
        """
        {"id":1396,"name":"Breaking Bad","original_name":"Breaking Bad","overview":"A chemistry teacher.",
         "first_air_date":"2008-01-20","last_air_date":"\(day(-4))","number_of_seasons":6,"number_of_episodes":63,
         "status":"Returning Series","networks":[{"id":174,"name":"AMC"}],"vote_average":8.9,"vote_count":15000,
         "next_episode_to_air":{"name":"Felina II","air_date":"\(day(10))","season_number":6,"episode_number":1},
         "last_episode_to_air":{"name":"Felina","air_date":"\(day(-4))","season_number":5,"episode_number":16}}
        """
    }

    public static func page(_ movies: [String]) -> String {
        """
        {"dates":{"maximum":"\(day(7))","minimum":"\(day(-30))"},"page":1,"results":[\(movies.joined(separator: ","))],
         "total_pages":1,"total_results":\(movies.count)}
        """
    }

    /// Answers like TMDb: lists, details, images, search, `/configuration`; 401 for a wrong token.
    public static let handler: FakeServer.Handler = { request, _ in
        guard request.header("Authorization") == "Bearer \(token)" else {
            return Reply.tmdbError(status: 401, code: 7, message: "Invalid API key: You must be granted a valid key.")
        }
        switch request.path {
        case "/3/movie/now_playing":
            let playing = films.filter(\.nowPlaying).map(movieJSON)
                + [movieJSON(FilmSpec(id: 900, title: "Not On Your List", releaseInDays: -3, nowPlaying: true))]
            return Reply.json(page(playing))
        case "/3/movie/upcoming", "/3/movie/popular", "/3/trending/movie/week":
            return Reply.json(page(films.filter { $0.releaseInDays > 0 }.map(movieJSON)))
        case "/3/search/movie":
            let query = (request.query["query"] ?? "").lowercased()
            let matches = query == "night" ? films.filter { $0.title.lowercased().contains("ight") } : films.filter { $0.title.lowercased() == query }
            return Reply.json(page(matches.map(movieJSON)))
        case "/3/configuration":
            return Reply.json(FakeTMDbCatalog.configurationJSON)
        case "/3/tv/1396":
            return Reply.json(seriesJSON)
        case "/3/search/tv":
            let found = (request.query["query"] ?? "").lowercased() == "breaking bad"
            return Reply.json(page(found ? [seriesJSON] : []))
        default:
            if request.path.hasPrefix("/3/movie/"), let id = Int(request.path.dropFirst("/3/movie/".count)),
                let film = films.first(where: { $0.id == id })
            {
                return Reply.json(detailsJSON(film))
            }
            if request.path.hasPrefix("/3/movie/"), request.path.hasSuffix("/images"),
                let id = Int(request.path.dropFirst("/3/movie/".count).dropLast("/images".count)),
                films.contains(where: { $0.id == id })
            {
                return Reply.json(#"{"id":\#(id),"backdrops":[],"logos":[],"posters":[]}"#)
            }
            return Reply.tmdbError(status: 404, code: 34, message: "The resource you requested could not be found.")
        }
    }
}
