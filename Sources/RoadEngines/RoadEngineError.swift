import Foundation

/// Why a routing engine gave no answer. Each says so in one clause that names the engine, never its password.
public enum RoadEngineError: Error, Equatable, Sendable, CustomStringConvertible {
    /// A setting or option that is not `builtin`, `osrm:URL` or `valhalla:URL`.
    case invalidSetting(String)
    /// The engine could not be reached, or did not answer in time, or answered with a server error: it is down.
    case down(engine: String, reason: String)
    /// An engine found down a moment ago is not asked again until the pause is over.
    case resting(engine: String, reason: String, secondsLeft: Int)
    /// The engine answered, and knows no way between the points (OSRM's `NoRoute`, Valhalla's 442).
    case noRoute(engine: String)
    /// The engine refused the request (OSRM's `InvalidQuery`, `TooBig`…; a Valhalla error), with its own words.
    case refused(engine: String, code: String, message: String)
    /// The answer was not the JSON the engine's API documents.
    case malformed(engine: String, what: String)

    public var description: String {
        switch self {
        case .invalidSetting(let text):
            "'\(text.prefix(200))' is not a routing engine: expected \(RoutingEngine.expected)"
        case .down(let engine, let reason): "\(engine) \(reason)"
        case .resting(let engine, let reason, let seconds):
            "\(engine) \(reason) a moment ago (asked again in \(seconds) s)"
        case .noRoute(let engine): "\(engine) found no route"
        case .refused(let engine, let code, let message):
            "\(engine) refused the request (\(code)" + (message.isEmpty ? ")" : ": \(message.prefix(200)))")
        case .malformed(let engine, let what): "\(engine) answered with \(what)"
        }
    }

    /// Whether the engine should be left alone for a while: it is down or broken, not merely routeless here.
    var isOutage: Bool {
        switch self {
        case .down, .malformed: true
        case .invalidSetting, .resting, .noRoute, .refused: false
        }
    }
}
