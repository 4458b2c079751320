import Foundation
import Geo

/// A `Router` that asks an engine for the modes that have one, and the planner's own router (a built-in area's
/// roads, else the straight-line estimate) for the others, and wherever an engine cannot answer: it is down,
/// slow, refuses, or knows no route to a destination. Each such fall-back leaves one note, kept for the answer
/// to show.
///
/// ```swift
/// let router = EngineRouter(engines: [.walk: RoadEngine(.osrm(url))], fallback: EstimateRouter(), fallbackName: "estimates")
/// let routes = router.routesWithoutLines(from: origin, to: theaters, mode: .walk)  // one /table request
/// router.notes  // [] when OSRM answered every theater
/// ```
public struct EngineRouter: Router {
    public let engines: [TravelMode: RoadEngine]
    public let fallback: any Router
    /// What the fallback's times are, for the notes: "from the area helsinki (source: road-network)".
    public let fallbackName: String
    private let noteBook = NoteBook()

    public init(engines: [TravelMode: RoadEngine], fallback: any Router, fallbackName: String) {
        self.engines = engines
        self.fallback = fallback
        self.fallbackName = fallbackName
    }

    /// Why some times are not the engine's, one line per engine and mode, in the order they happened.
    public var notes: [String] { noteBook.lines }

    public func routes<Destination: Locatable>(
        from origin: Coordinate, to destinations: [Destination], mode: TravelMode
    ) -> [Route<Destination>] {
        answer(from: origin, to: destinations, mode: mode, lines: true)
    }

    public func routesWithoutLines<Destination: Locatable>(
        from origin: Coordinate, to destinations: [Destination], mode: TravelMode
    ) -> [Route<Destination>] {
        answer(from: origin, to: destinations, mode: mode, lines: false)
    }

    private func answer<Destination: Locatable>(
        from origin: Coordinate, to destinations: [Destination], mode: TravelMode, lines: Bool
    ) -> [Route<Destination>] {
        let ownRoutes = { (targets: [Destination]) in
            lines
                ? fallback.routes(from: origin, to: targets, mode: mode)
                : fallback.routesWithoutLines(from: origin, to: targets, mode: mode)
        }
        guard let engine = engines[mode], !destinations.isEmpty else { return ownRoutes(destinations) }
        let legs: [EngineLeg?]
        do {
            legs = try engine.legs(from: origin, to: destinations.map(\.coordinate), mode: mode, lines: lines)
        } catch {
            noteBook.add("\(error); \(mode.rawValue) times are \(fallbackName)")
            return ownRoutes(destinations)
        }
        let missing = legs.indices.filter { legs[$0] == nil }
        var fallen: [Int: Route<Destination>] = [:]
        if !missing.isEmpty {
            let routes = ownRoutes(missing.map { destinations[$0] })
            for (index, route) in zip(missing, routes) { fallen[index] = route }
            noteBook.add(
                "\(engine.engine.label) found no \(mode.rawValue) route to \(missing.count) of \(destinations.count) "
                    + "places; their times are \(fallbackName)")
        }
        return destinations.indices.map { index in
            if let route = fallen[index] { return route }
            let leg = legs[index]!
            let destination = destinations[index]
            return Route(
                destination: destination, mode: mode, geometry: leg.geometry, distanceMeters: leg.distanceMeters,
                straightLineMeters: origin.distanceMeters(to: destination.coordinate),
                durationSeconds: leg.durationSeconds, source: engine.engine.source,
                originSnapMeters: leg.originSnapMeters, destinationSnapMeters: leg.destinationSnapMeters)
        }
    }
}

/// Notes gathered while routing, each once; routing may run on more than one thread.
final class NoteBook: @unchecked Sendable {
    private let lock = NSLock()
    private var written: [String] = []

    func add(_ line: String) {
        lock.withLock { if !written.contains(line) { written.append(line) } }
    }

    var lines: [String] { lock.withLock { written } }
}
