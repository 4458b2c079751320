import Hummingbird
import PlannerApp

/// `GET /v1/films/…`: `now-playing`, `upcoming-releases`, `trending`, `popular`, `search` and `movie` over HTTP.
/// Public; with a bearer token, the answers mark that user's watchlist and favorites and carry their diary.
enum FilmRoutes {
    static func add(to router: Hummingbird.Router<BasicRequestContext>, state: ServerState) {
        for (path, list) in [("now-playing", MovieList.nowPlaying), ("upcoming", .upcoming), ("popular", .popular)] {
            router.get(RouterPath("/v1/films/\(path)")) { request, _ in
                let query = try Query(request)
                let report = try await state.films(region: try region(query), user: try await state.optionalUser(request)).listReport(list, pages: try pages(query))
                return Reply.json(try report.json())
            }
        }
        router.get("/v1/films/trending") { request, _ in
            let query = try Query(request)
            let report = try await state.films(region: try region(query), user: try await state.optionalUser(request)).trendingReport(pages: try pages(query))
            return Reply.json(try report.json())
        }
        router.get("/v1/films/search") { request, _ in
            let query = try Query(request)
            let report = try await state.films(region: try region(query), user: try await state.optionalUser(request)).searchReport(
                query: try query.required("q"), year: try query.int("year"), page: try query.int("page") ?? 1)
            return Reply.json(try report.json())
        }
        router.get("/v1/films/{id}") { request, context in
            let query = try Query(request)
            let text = context.parameters.get("id") ?? ""
            guard let id = Int(text), (1...Int(Int32.max)).contains(id) else {
                throw Problem(.badRequest, "the TMDb id must be a positive number, not '\(text.prefix(80))'")
            }
            return Reply.json(try await state.films(region: try region(query), user: try await state.optionalUser(request)).movieReport(id: id).json())
        }
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
