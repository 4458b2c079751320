import Hummingbird
import PlannerApp

/// `GET /v1/films/…`: `now-playing`, `upcoming-releases`, `trending`, `popular`, `search` and `movie` over HTTP.
/// Public; with a bearer token, the answers mark that user's watchlist and favorites and carry their diary.
enum FilmRoutes {
    static func add(to router: Hummingbird.Router<BasicRequestContext>, state: ServerState) {
        for (path, list) in [("now-playing", MovieList.nowPlaying), ("upcoming", .upcoming), ("popular", .popular)] {
            router.get(RouterPath("/v1/films/\(path)")) { request, _ in
                let query = try Query(request)
                let films = try state.films(region: try region(query), user: try await state.optionalUser(request))
                var report = try await films.listReport(list, pages: try pages(query))
                report.images = await films.imageLinks()
                return Reply.json(utf8: try report.jsonUTF8())
            }
        }
        router.get("/v1/films/trending") { request, _ in
            let query = try Query(request)
            let films = try state.films(region: try region(query), user: try await state.optionalUser(request))
            var report = try await films.trendingReport(pages: try pages(query))
            report.images = await films.imageLinks()
            return Reply.json(utf8: try report.jsonUTF8())
        }
        router.get("/v1/films/search") { request, _ in
            let query = try Query(request)
            let films = try state.films(region: try region(query), user: try await state.optionalUser(request))
            var report = try await films.searchReport(
                query: try query.required("q"), year: try query.int("year"), page: try query.int("page") ?? 1)
            report.images = await films.imageLinks()
            return Reply.json(utf8: try report.jsonUTF8())
        }
        router.get("/v1/films/{id}") { request, context in
            let query = try Query(request)
            let films = try state.films(region: try region(query), user: try await state.optionalUser(request))
            let id = try await filmID(context.parameters.get("id") ?? "", films: films)
            return Reply.json(try await films.movieReport(id: id).json())
        }
    }

    /// The pattern the document gives an IMDb id in a path or body: "tt" and 7 to 10 digits.
    static let imdbPattern = #"^tt[0-9]{7,10}$"#

    /// Whether `text` is an IMDb id the document's pattern takes (``FilmReference/isIMDbID(_:)``, at most 10 digits).
    static func isIMDbID(_ text: String) -> Bool { FilmReference.isIMDbID(text) && text.utf8.count <= 12 }

    /// The TMDb id a path names: itself, or the film TMDb links to an IMDb id (404 when none).
    static func filmID(_ text: String, films: FilmServices) async throws -> Int {
        if let id = Int(text), (1...Int(Int32.max)).contains(id) { return id }
        if isIMDbID(text) { return try await films.filmID(imdbID: text) }
        throw Problem(
            .badRequest,
            "the film must be a TMDb id (a positive number) or an IMDb id (tt and 7 to 10 digits), not '\(text.prefix(80))'")
    }

    static func region(_ query: Query) throws -> String? {
        let region = query.string("region")
        try FilmRequest(region: region).validate()
        return region?.uppercased()
    }

    static func pages(_ query: Query) throws -> PageRequest {
        PageRequest(page: try query.int("page") ?? 1, limit: try query.int("limit"))
    }
}
