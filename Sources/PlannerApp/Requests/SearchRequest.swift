import Basics
import Geo
import Settings
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
    /// The most theaters one search lists (the API's schema says the same).
    package static let maxLimit = 1_000
    /// The travel mode for the time shown.
    package var mode: TravelMode
    /// A catalog file that replaces the bundled theaters.
    package var catalog: String?
    /// Ask Overpass and Nominatim too, whatever the local data covers.
    package var online: Bool
    /// Never ask them, whatever the settings say.
    package var offline: Bool = false
    /// Report each request to them on standard error.
    package var verbose: Bool = false
    /// The database file their answers are cached in: the command's `--db`, nil for the default file. A command
    /// given a file writes no other.
    package var db: String?
    /// The travel modes the caller will route, nil for all: a command that shows one mode's times reads only that
    /// mode's road graph (``Areas/covering(_:modes:)``). Not a flag: the output format decides it.
    package var routedModes: [TravelMode]?

    package static let defaultRadius = "0.5"
    package static let defaultKeyword = "movie theatre"
    package static let defaultLimit = 10
    /// The longest keyword or place name read, in characters: longer ones are refused by name, not searched.
    package static let maxKeywordCharacters = 200
    package static let maxPlaceCharacters = 1_000

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
        guard limit <= Self.maxLimit else {
            throw PlannerAppError.invalidArgument("--limit must be at most \(Self.maxLimit), not \(limit)")
        }
        guard !keyword.trimmingSpaces().isEmpty else {
            throw PlannerAppError.invalidArgument("--keyword must not be empty")
        }
        guard keyword.count <= Self.maxKeywordCharacters else {
            throw PlannerAppError.invalidArgument("--keyword is over \(Self.maxKeywordCharacters) characters")
        }
    }
}

/// Where a setting's value came from, as `planner config show` says it.
package enum ValueOrigin: String, Sendable {
    case flag, setting, `default`
}

extension SearchRequest {
    /// Each value from its flag (or query parameter), else the saved setting, else the default. A saved mode that
    /// is no travel mode (edited by hand) is passed over.
    package static func resolving(
        radius: String?, keyword: String?, limit: Int?, mode: TravelMode?, catalog: String? = nil, online: Bool = false,
        settings: Settings
    ) -> SearchRequest {
        SearchRequest(
            radius: radius ?? settings.radius ?? defaultRadius, keyword: keyword ?? settings.keyword ?? defaultKeyword,
            limit: limit ?? settings.limit ?? defaultLimit, mode: mode ?? settings.mode.flatMap(TravelMode.init) ?? .walk,
            catalog: catalog, online: online)
    }

    /// The same request for an answer that gives `mode`'s times alone: only that mode's road graph is read.
    package func routingItsModeOnly() -> SearchRequest {
        var request = self
        request.routedModes = [mode]
        return request
    }

    /// The same request, never going online when `offline`, reporting each request when `verbose`.
    package func offline(_ offline: Bool, verbose: Bool = false) -> SearchRequest {
        var request = self
        request.offline = offline || request.offline
        request.verbose = verbose || request.verbose
        return request
    }

    /// The same request, using the cache as a command's `--offline`, `--verbose` and `--db` ask.
    package func using(_ cache: CacheRequest) -> SearchRequest {
        var request = offline(cache.offline, verbose: cache.verbose)
        request.db = cache.db ?? request.db
        return request
    }

    /// The saved search defaults with where each comes from: `radius`, `keyword`, `mode`, `limit`.
    package static func savedDefaults(_ settings: Settings) -> [(key: String, value: String, origin: ValueOrigin)] {
        func entry(_ key: String, _ saved: String?, _ fallback: String) -> (String, String, ValueOrigin) {
            saved.map { (key, $0, .setting) } ?? (key, fallback, .default)
        }
        return [
            entry("radius", settings.radius, defaultRadius), entry("keyword", settings.keyword, defaultKeyword),
            entry("mode", settings.mode, TravelMode.walk.rawValue), entry("limit", settings.limit.map(String.init), "\(defaultLimit)"),
        ]
    }
}
