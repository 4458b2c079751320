import Geo
import PlannerApp
import Settings

/// The theater search's options (`LocationOptions` and `SearchOptions`) as the quick readers of `nearby`,
/// `showtimes` and `plan` read them: `--near`, `--radius`, `--keyword`, `--limit`, `--mode`, `--catalog`, `--online`.
struct QuickSearchOptions: Equatable {
    var near: String?
    var radius: String?
    var keyword: String?
    var limit: Int?
    var mode: TravelMode?
    var catalog: String?
    var online = false

    static func isSwitch(_ name: String) -> Bool { name == "--online" }

    static func takesValue(_ name: String) -> Bool {
        switch name {
        case "--near", "--radius", "--limit", "--keyword", "--mode", "--catalog": true
        default: false
        }
    }

    /// argument-parser's `.unconditional` options among them: their value is read whatever it looks like
    /// (`--near -33.8,151.2`).
    static func takesAnyValue(_ name: String) -> Bool {
        name == "--near" || name == "--radius" || name == "--limit"
    }

    /// Stores one of these options' value (nil for `--online`): false when argument-parser would refuse it, nil
    /// when `name` is not one of these.
    mutating func set(_ name: String, to value: String?) -> Bool? {
        switch name {
        case "--online": online = true
        case "--near": near = value
        case "--radius": radius = value
        case "--keyword": keyword = value
        case "--catalog": catalog = value
        case "--limit":
            guard let number = value.flatMap({ Int($0) }) else { return false }
            limit = number
        case "--mode":
            guard let travelMode = value.flatMap({ TravelMode(rawValue: $0) }) else { return false }
            mode = travelMode
        default: return nil
        }
        return true
    }

    /// The search asked for, the saved settings and the defaults filling in what the options leave out.
    func request(environment: Environment) -> SearchRequest {
        SearchRequest.resolving(
            radius: radius, keyword: keyword, limit: limit, mode: mode, catalog: catalog, online: online,
            settings: (try? environment.settings()) ?? Settings())
    }
}

/// The cache options (`CacheOptions`: `--offline`, `--refresh`, `--verbose`, `--db`) as the quick readers of
/// `now-playing`, `showtimes` and `plan` read them.
struct QuickCacheOptions: Equatable {
    var offline = false
    var refresh = false
    var verbose = false
    var db: String?

    static func isSwitch(_ name: String) -> Bool {
        name == "--offline" || name == "--refresh" || name == "--verbose"
    }

    static func takesValue(_ name: String) -> Bool { name == "--db" }

    /// Stores one of these options' value (nil for a switch); nil when `name` is not one of these.
    mutating func set(_ name: String, to value: String?) -> Bool? {
        switch name {
        case "--offline": offline = true
        case "--refresh": refresh = true
        case "--verbose": verbose = true
        case "--db": db = value
        default: return nil
        }
        return true
    }

    var request: CacheRequest { CacheRequest(offline: offline, refresh: refresh, db: db, verbose: verbose) }
}
