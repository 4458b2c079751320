import Foundation
import Geo
import Hummingbird
import PlannerApp

/// `GET /v1/showtimes` and `GET /v1/plan`: `planner showtimes` and `planner plan` over HTTP. Public, so without a
/// token the watchlist is empty (nothing is planned); with one, it is that user's.
enum ShowtimeRoutes {
    static func add(to router: Hummingbird.Router<BasicRequestContext>, state: ServerState) {
        router.get("/v1/showtimes") { request, _ in
            let (query, search, found, services, showtimes) = try await prepare(request, state: state)
            let film = try query.string("film").map { text in
                guard let reference = FilmReference(text: text) else { throw Problem(.badRequest, "--film must name a film") }
                return reference
            }
            let report = try await services.showtimesReport(
                found: found, mode: search.mode, request: showtimes, film: film)
            return Reply.json(utf8: try report.jsonUTF8())
        }
        router.get("/v1/plan") { request, _ in
            let (query, search, found, services, showtimes) = try await prepare(request, state: state)
            let report = try await services.planReport(
                found: found, mode: search.mode, request: showtimes, after: try clock(query, "after"),
                before: try clock(query, "before"), buffer: try buffer(query))
            return Reply.json(utf8: try report.jsonUTF8())
        }
    }

    /// The search, the theaters found, and the showtimes services over the caller's (or nobody's) lists.
    static func prepare(_ request: Request, state: ServerState) async throws
        -> (Query, SearchRequest, TheaterSearch, ShowtimesServices, ShowtimesRequest)
    {
        let query = try Query(request)
        try QueryPatterns.check(query, ["date", "after", "before", "buffer"])
        let environment = try state.requestEnvironment()
        let search = try TheaterRoutes.searchRequest(query, settings: environment.settings())
        let showtimes = ShowtimesRequest(date: query.string("date") ?? "today", area: query.string("area"))
        try showtimes.validate()
        let user = try await state.optionalUser(request)
        var services = try ShowtimesServices.make(
            showtimes, storage: state.storage.scoped(to: user?.id ?? ServerState.nobody), environment: environment,
            validated: true)
        // No account is nobody's: its watchlist is empty without asking.
        services.listsAreEmpty = user == nil
        let found = try await TheaterSearch.resolve(
            near: query.string("near"), search: search, environment: environment,
            providerTheatres: services.providerTheatres(at:))
        return (query, search, found, services, showtimes)
    }

    static func clock(_ query: Query, _ name: String) throws -> ClockTime? {
        guard let text = query.string(name) else { return nil }
        guard let time = ClockTime(text: text) else {
            throw Problem(.badRequest, "--\(name) must be a time HH:MM such as 18:30, not '\(text.prefix(80))'")
        }
        return time
    }

    static func buffer(_ query: Query) throws -> BufferDuration {
        guard let text = query.string("buffer") else { return .standard }
        guard let buffer = BufferDuration(text: text) else {
            throw Problem(.badRequest, "--buffer must be a margin such as 10m, 1h or 1h15m (at most 12 h), not '\(text.prefix(80))'")
        }
        return buffer
    }
}
