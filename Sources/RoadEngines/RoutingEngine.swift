import Foundation
import Geo

/// Where one travel mode's routes come from: the planner's own road graphs (`builtin`), or a routing engine an
/// operator already runs for a country, written `osrm:URL` or `valhalla:URL` (the settings `routing.walk`,
/// `routing.bike` and `routing.drive`, or `PLANNER_ROUTING_WALK|BIKE|DRIVE`).
///
/// ```swift
/// let engine = try RoutingEngine(parsing: "osrm:http://127.0.0.1:5000")
/// engine.label  // "OSRM at http://127.0.0.1:5000"
/// ```
public enum RoutingEngine: Sendable, Hashable, CustomStringConvertible {
    case builtin
    /// An `osrm-routed` (or a load balancer in front of several), its HTTP API under `URL`.
    case osrm(URL)
    /// A `valhalla_service`, its HTTP API under `URL`.
    case valhalla(URL)

    /// What the setting accepts, for error messages and help.
    public static let expected = "builtin, osrm:URL or valhalla:URL (an http or https address)"

    /// Reads `builtin`, `osrm:URL` or `valhalla:URL`. The URL may carry a path prefix (an engine behind a proxy at
    /// `/osrm/`), but no query or fragment.
    /// - Throws: ``RoadEngineError/invalidSetting(_:)``.
    public init(parsing text: String) throws(RoadEngineError) {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        if trimmed == "builtin" {
            self = .builtin
            return
        }
        let kinds: [(prefix: String, make: (URL) -> RoutingEngine)] = [("osrm:", { .osrm($0) }), ("valhalla:", { .valhalla($0) })]
        for kind in kinds where trimmed.lowercased().hasPrefix(kind.prefix) {
            let address = String(trimmed.dropFirst(kind.prefix.count))
            guard let url = URL(string: address), let scheme = url.scheme?.lowercased(), ["http", "https"].contains(scheme),
                let host = url.host, !host.isEmpty, url.query == nil, url.fragment == nil
            else { break }
            self = kind.make(url)
            return
        }
        throw .invalidSetting(text)
    }

    /// As the setting is written; a password in the address is shown as `***`.
    public var description: String {
        switch self {
        case .builtin: "builtin"
        case .osrm(let url): "osrm:" + Self.shown(url)
        case .valhalla(let url): "valhalla:" + Self.shown(url)
        }
    }

    /// The engine for people: "OSRM at http://127.0.0.1:5000" (never a password).
    public var label: String {
        switch self {
        case .builtin: "the built-in router"
        case .osrm(let url): "OSRM at " + Self.shown(url)
        case .valhalla(let url): "Valhalla at " + Self.shown(url)
        }
    }

    /// The label its routes carry.
    public var source: RouteSource {
        switch self {
        case .builtin: .roadNetwork
        case .osrm: .osrm
        case .valhalla: .valhalla
        }
    }

    /// `url` without its user name and password, and without a trailing slash.
    static func shown(_ url: URL) -> String {
        guard var parts = URLComponents(url: url, resolvingAgainstBaseURL: false) else { return "(an address)" }
        if parts.password != nil { parts.password = "***" }
        var text = parts.string ?? "(an address)"
        while text.hasSuffix("/") { text.removeLast() }
        return text
    }
}
