import Geo
import Theaters

/// What a theater search asks for, as plain values: the command line's `--radius`, `--keyword`, `--limit`,
/// `--mode`, `--catalog` and `--online`, and the server's query parameters of the same names.
package struct SearchRequest: Sendable {
    /// Degrees of arc as a bare number (0.5 ≈ 55.6 km), or 800m, 5km, 3mi.
    package var radius: String
    /// 'movie theatre' (cinemas), 'theatre', 'drive-in', or a name.
    package var keyword: String
    /// At most this many results.
    package var limit: Int
    /// The travel mode for the time shown.
    package var mode: TravelMode
    /// A catalog file that replaces the bundled theaters.
    package var catalog: String?
    /// Ask Overpass and Nominatim too.
    package var online: Bool

    package static let defaultRadius = "0.5"
    package static let defaultKeyword = "movie theatre"
    package static let defaultLimit = 10

    package init(
        radius: String = SearchRequest.defaultRadius, keyword: String = SearchRequest.defaultKeyword,
        limit: Int = SearchRequest.defaultLimit, mode: TravelMode = .walk, catalog: String? = nil, online: Bool = false
    ) {
        self.radius = radius
        self.keyword = keyword
        self.limit = limit
        self.mode = mode
        self.catalog = catalog
        self.online = online
    }

    /// The radius, read and checked.
    /// - Throws: ``PlannerAppError/invalidArgument(_:)``.
    package func parsedRadius() throws -> Radius {
        do {
            return try Radius(parsing: radius)
        } catch let error as GeoError {
            throw PlannerAppError.invalidArgument(error.description)
        }
    }

    package var query: TheaterQuery { TheaterQuery(keyword: keyword) }

    /// Checks every value before anything is read or asked.
    /// - Throws: ``PlannerAppError/invalidArgument(_:)``.
    package func validate() throws {
        _ = try parsedRadius()
        guard limit >= 1 else { throw PlannerAppError.invalidArgument("--limit must be at least 1, not \(limit)") }
        guard !keyword.trimmingCharacters(in: .whitespaces).isEmpty else {
            throw PlannerAppError.invalidArgument("--keyword must not be empty")
        }
    }
}
