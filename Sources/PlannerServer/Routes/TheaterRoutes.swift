import Basics
import Geo
import Settings
import Hummingbird
import Planner
import PlannerApp
import Theaters

/// `GET /v1/theaters`, `/v1/routes` and `/v1/route`: `planner nearby`, `routes` and `route` over HTTP.
enum TheaterRoutes {
    static func add(to router: Hummingbird.Router<BasicRequestContext>, state: ServerState) {
        router.get("/v1/theaters") { request, _ in
            let query = try Query(request)
            let environment = try state.requestEnvironment()
            let search = try searchRequest(query, settings: environment.settings())
            let report = try await TheaterSearch.resolve(
                near: query.string("near"), search: search, environment: environment
            ).report(search: search)
            switch try format(query, request: request, default: .json, allowed: [.json, .geojson, .csv]) {
            case .geojson: return Reply.geoJSON(report.geoJSON())
            case .csv: return Reply.text(report.csv(), type: "text/csv")
            default: return Reply.json(utf8: try report.jsonUTF8(cache: environment.cache?.theaterMembers))
            }
        }
        router.get("/v1/routes") { request, _ in
            let query = try Query(request)
            let environment = try state.requestEnvironment()
            let search = try searchRequest(query, settings: environment.settings())
            let found = try await TheaterSearch.resolve(
                near: query.string("near"), search: search, environment: environment)
            let format = try format(query, request: request, default: .geojson, allowed: [.json, .geojson, .csv])
            let byMode = found.routesByMode(linesFor: format == .geojson ? search.mode : nil)
            switch format {
            case .json: return Reply.json(try RouteListReport(found: found, search: search, routesByMode: byMode).json())
            case .csv: return Reply.text(RouteListReport(found: found, search: search, routesByMode: byMode).csv(), type: "text/csv")
            default: break
            }
            return Reply.geoJSON(
                RouteCollection.featureCollection(
                    origin: found.origin.coordinate, originLabel: found.origin.label, routes: byMode[search.mode] ?? []
                ).encoded())
        }
        router.get("/v1/route") { request, _ in
            let query = try Query(request)
            let mode = try query.enumeration("mode", as: TravelMode.self) ?? .walk
            try checkNear(query)
            let found = try OneRoute.find(
                near: query.string("near"), to: try query.required("to"), mode: mode,
                environment: try state.requestEnvironment())
            return Reply.geoJSON(found.collection.encoded())
        }
    }

    /// `near` as the schema's pattern writes it (``NearSyntax``), when given.
    static func checkNear(_ query: Query) throws {
        if let near = query.string("near"), !NearSyntax.accepts(near) {
            throw Problem(
                .badRequest,
                "the query parameter 'near' must be LAT,LON in decimals within range (60.1699,24.9384), or a place "
                    + "name that does not begin with a digit, sign, point or space, not '\(PlannerAppError.shortened(near))'")
        }
    }

    /// `radius` as the schema's pattern writes it (``RadiusSyntax``), when given.
    static func checkRadius(_ query: Query) throws {
        if let radius = query.string("radius"), !RadiusSyntax.accepts(radius) {
            throw Problem(
                .badRequest,
                "the query parameter 'radius' must be a positive number of degrees below 100 (0.5), or of m, km or "
                    + "mi (800m, 5km, 3mi) within half the Earth, not '\(PlannerAppError.shortened(radius))'")
        }
    }

    /// `near` checked, then `radius`, `keyword`, `limit` and `mode`, with the command line's defaults (the saved
    /// settings, else the built-in ones) and checks.
    static func searchRequest(_ query: Query, settings: Settings) throws -> SearchRequest {
        try checkNear(query)
        try checkRadius(query)
        let search = SearchRequest.resolving(
            radius: query.string("radius"), keyword: query.string("keyword"), limit: try query.int("limit"),
            mode: try query.enumeration("mode", as: TravelMode.self), settings: settings)
        try search.validate()
        return search
    }

    /// `format=…`, else `Accept: application/geo+json`, else `fallback`.
    static func format(_ query: Query, request: Request, default fallback: OutputFormat, allowed: [OutputFormat]) throws
        -> OutputFormat
    {
        if let format = try query.enumeration("format", as: OutputFormat.self) {
            guard allowed.contains(format) else {
                throw Problem(.badRequest, "--format must be \(allowed.map(\.rawValue).joined(separator: " or ")) here, not \(format.rawValue)")
            }
            return format
        }
        // `Accept: application/geo+json` asks for GeoJSON; a client that takes plain JSON as well gets the default.
        let accepted = Set(
            (request.headers[.accept] ?? "").split(separator: ",").map {
                ($0.split(separator: ";").first ?? "").trimmingSpaces().lowercased()
            })
        if allowed.contains(.geojson), accepted.contains("application/geo+json"), !accepted.contains("application/json") {
            return .geojson
        }
        return fallback
    }
}
