import ArgumentParser
import Geo
import Theaters

/// `--radius`, `--keyword`, `--limit`, `--mode` and `--catalog`, shared by the search commands.
struct SearchOptions: ParsableArguments {
    @Option(
        name: .long, parsing: .unconditional,
        help: ArgumentHelp(
            "Search radius: degrees of arc as a bare number (0.5 ≈ 55.6 km), or 800m, 5km, 3mi.",
            valueName: "radius"))
    var radius: String = "0.5"

    @Option(name: .long, help: "What to look for: 'movie theatre' (cinemas), 'theatre', 'drive-in', or a name.")
    var keyword: String = "movie theatre"

    @Option(name: .long, parsing: .unconditional, help: "At most this many results.")
    var limit: Int = 10

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

    /// The radius, read and checked.
    func parsedRadius() throws -> Radius {
        do {
            return try Radius(parsing: radius)
        } catch let error as GeoError {
            throw ValidationError(error.description)
        }
    }

    var query: TheaterQuery { TheaterQuery(keyword: keyword) }

    func validate() throws {
        _ = try parsedRadius()
        guard limit >= 1 else { throw ValidationError("--limit must be at least 1, not \(limit)") }
        guard !keyword.trimmingCharacters(in: .whitespaces).isEmpty else {
            throw ValidationError("--keyword must not be empty")
        }
    }
}

extension TravelMode: ExpressibleByArgument {}
