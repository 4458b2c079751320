import ArgumentParser
import Geo
import Settings
import PlannerApp
import Theaters

/// `--radius`, `--keyword`, `--limit`, `--mode` and `--catalog`, shared by the search commands.
struct SearchOptions: ParsableArguments {
    @Option(
        name: .customLong("radius"), parsing: .unconditional,
        help: ArgumentHelp(
            "Search radius: degrees of arc as a bare number (0.5 ≈ 55.6 km), or 800m, 5km, 3mi.",
            discussion: "Default: 'planner config set radius', else 0.5.", valueName: "radius"))
    var radiusFlag: String?

    @Option(
        name: .customLong("keyword"),
        help: ArgumentHelp(
            "What to look for: 'movie theatre' (cinemas), 'theatre', 'drive-in', or a name.",
            discussion: "Default: 'planner config set keyword', else 'movie theatre'."))
    var keywordFlag: String?

    @Option(
        name: .customLong("limit"), parsing: .unconditional,
        help: ArgumentHelp("At most this many results.", discussion: "Default: 'planner config set limit', else 10."))
    var limitFlag: Int?

    @Option(
        name: .customLong("mode"),
        help: ArgumentHelp(
            "The travel mode for the time shown: walk, bike or drive.",
            discussion: "Default: 'planner config set mode', else walk."))
    var modeFlag: TravelMode?

    @Option(
        name: .long,
        help: ArgumentHelp(
            "Use this catalog instead of the bundled one: a GeoJSON FeatureCollection of Points, or a CSV with name, lat and lon.",
            valueName: "file"))
    var catalog: String?

    @Flag(
        name: .long,
        help: ArgumentHelp(
            "Ask OpenStreetMap's Overpass and Nominatim even where the local data covers the search (they are asked by default where it does not; see 'planner config set online').",
            discussion: "Set OVERPASS_URL and NOMINATIM_URL to use other instances."))
    var online = false

    /// The same choices as plain values, for the core.
    /// Each value from its flag, else the saved setting, else the default.
    var request: SearchRequest {
        SearchRequest.resolving(
            radius: radiusFlag, keyword: keywordFlag, limit: limitFlag, mode: modeFlag, catalog: catalog, online: online,
            settings: (try? CompositionRoot.environment.settings()) ?? Settings())
    }

    var mode: TravelMode { request.mode }

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
