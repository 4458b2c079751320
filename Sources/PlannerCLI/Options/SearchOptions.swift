import ArgumentParser
import Geo
import PlannerApp
import Theaters

/// `--radius`, `--keyword`, `--limit`, `--mode` and `--catalog`, shared by the search commands.
struct SearchOptions: ParsableArguments {
    @Option(
        name: .long, parsing: .unconditional,
        help: ArgumentHelp(
            "Search radius: degrees of arc as a bare number (0.5 ≈ 55.6 km), or 800m, 5km, 3mi.",
            valueName: "radius"))
    var radius: String = SearchRequest.defaultRadius

    @Option(name: .long, help: "What to look for: 'movie theatre' (cinemas), 'theatre', 'drive-in', or a name.")
    var keyword: String = SearchRequest.defaultKeyword

    @Option(name: .long, parsing: .unconditional, help: "At most this many results.")
    var limit: Int = SearchRequest.defaultLimit

    @Option(name: .long, help: "The travel mode for the time shown: walk, bike or drive.")
    var mode: TravelMode = .walk

    @Option(
        name: .long,
        help: ArgumentHelp(
            "Use this catalog instead of the bundled one: a GeoJSON FeatureCollection of Points, or a CSV with name, lat and lon.",
            valueName: "file"))
    var catalog: String?

    @Flag(
        name: .long,
        help: ArgumentHelp(
            "Ask OpenStreetMap's Overpass and Nominatim services too (cached; see 'planner config set online').",
            discussion: "Set OVERPASS_URL and NOMINATIM_URL to use other instances."))
    var online = false

    /// The same choices as plain values, for the core.
    var request: SearchRequest {
        SearchRequest(radius: radius, keyword: keyword, limit: limit, mode: mode, catalog: catalog, online: online)
    }

    var query: TheaterQuery { request.query }

    func validate() throws {
        try ValidationError.rethrowing { try request.validate() }
    }
}

extension TravelMode: ExpressibleByArgument {}

extension ValidationError {
    /// Runs a core check, turning its ``PlannerAppError/invalidArgument(_:)`` into argument-parser's usage error.
    static func rethrowing(_ check: () throws -> Void) throws {
        do {
            try check()
        } catch PlannerAppError.invalidArgument(let message) {
            throw ValidationError(message)
        }
    }
}
