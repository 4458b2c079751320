import Foundation
import Geo
import RoadEngines
import Settings

/// Which engine routes each travel mode: `PLANNER_ROUTING_WALK|BIKE|DRIVE` (which `planner serve
/// --routing-walk…` sets), else the settings `routing.walk|bike|drive`, else the built-in router.
extension Environment {
    /// One line per mode for `planner config show`: the key, the engine as written (no password), and where it
    /// came from ("setting", "PLANNER_ROUTING_WALK", or "default").
    package func routingLines() throws -> [(key: String, value: String, origin: String)] {
        let settings = try settings()
        return TravelMode.allCases.map { mode in
            let (text, origin) = routingText(mode, settings: settings)
            let shown = text.map { (try? RoutingEngine(parsing: $0))?.description ?? "(not valid: \($0.prefix(80)))" }
            return ("routing.\(mode.rawValue)", shown ?? "builtin", origin ?? "default")
        }
    }

    /// The engines of the modes that have one; a mode missing from the answer routes on the built-in router.
    /// A server's are kept for its life (their connections, answers and pauses); a command's are its own.
    /// - Throws: `PlannerAppError.invalidArgument` naming the variable or setting that is not an engine.
    package func roadEngines() throws -> [TravelMode: RoadEngine] {
        let settings = try settings()
        var engines: [TravelMode: RoadEngine] = [:]
        for mode in TravelMode.allCases {
            let (text, origin) = routingText(mode, settings: settings)
            guard let text, let origin else { continue }
            let engine: RoutingEngine
            do {
                engine = try RoutingEngine(parsing: text)
            } catch {
                let name = origin == "setting" ? "the setting routing.\(mode.rawValue)" : origin
                throw PlannerAppError.invalidArgument("\(name): \(error)")
            }
            if engine == .builtin { continue }
            engines[mode] = cache.map { $0.engine(engine) } ?? RoadEngine(engine)
        }
        return engines
    }

    /// A mode's engine as written, and where from: its variable (which wins), else "setting"; (nil, nil) when
    /// neither names one.
    private func routingText(_ mode: TravelMode, settings: Settings) -> (text: String?, origin: String?) {
        let variable = Self.routingVariable(mode)
        if let value = variables[variable], !value.isEmpty { return (value, variable) }
        if let value = settings[keyPath: Settings.routing(mode.rawValue)!] { return (value, "setting") }
        return (nil, nil)
    }

    package static func routingVariable(_ mode: TravelMode) -> String { "PLANNER_ROUTING_\(mode.rawValue.uppercased())" }

    /// Checks an engine as `planner serve --routing-walk` gives it, before the server starts.
    package static func checkRoutingEngine(_ text: String) throws {
        do {
            _ = try RoutingEngine(parsing: text)
        } catch {
            throw PlannerAppError.invalidArgument(error.description)
        }
    }
}
