import Geo
import Synchronization

/// A server's road routes, kept by what they are a function of: the area's version, the origin, the mode, the
/// destinations' points and whether lines were drawn. A server routes the same origin to the same cinemas on every
/// request of a plan, a suggestion or a showtimes page; an area's graphs never change while it is loaded.
///
/// What is kept is each route's measure, not its destination: the routes given back carry the caller's own
/// destinations, so that a theater renamed by another lookup is never answered with its old name.
package final class RememberedRoutes: Sendable {
    /// At most this many answers are kept (one answer: the routes to one set of destinations); when full, it
    /// starts over.
    package static let capacity = 512
    /// And at most about this many bytes of them: answers with lines are the lines' points, and a wide search's
    /// can be hundreds of kilobytes each, so that the count alone would let the memo grow past the areas it serves.
    package static let defaultByteBudget = 32 << 20

    struct Key: Hashable {
        let area: String
        let originLatitude: UInt64
        let originLongitude: UInt64
        let mode: TravelMode
        let lines: Bool
        /// Each destination's latitude and longitude, in order.
        let destinations: [UInt64]
    }

    /// Where a kept route leads: its destination's point alone.
    struct Stop: Locatable {
        let coordinate: Coordinate
    }

    /// One kept answer and what it takes, by ``bytes(of:key:)``.
    struct Answer {
        let routes: [Route<Stop>]
        let bytes: Int
    }

    struct Kept {
        var answers: [Key: Answer] = [:]
        var bytes = 0
    }

    private let kept = Mutex(Kept())
    private let byteBudget: Int

    /// - Parameter byteBudget: the most bytes kept (about: the points, ids and lines held, not the allocator's
    ///   overhead); an answer larger than this alone is given back but not kept.
    package init(byteBudget: Int = RememberedRoutes.defaultByteBudget) {
        self.byteBudget = byteBudget
    }

    /// How many answers are kept (for tests).
    package var count: Int { kept.withLock { $0.answers.count } }

    /// About how many bytes the kept answers take (for tests).
    package var bytes: Int { kept.withLock { $0.bytes } }

    /// What one answer takes: its key's destination points, and each route with its line's points.
    static func bytes(of routes: [Route<Stop>], key: Key) -> Int {
        var total = MemoryLayout<Key>.stride + key.area.utf8.count
        total += key.destinations.count * MemoryLayout<UInt64>.stride
        for route in routes {
            total += MemoryLayout<Route<Stop>>.stride + route.geometry.count * MemoryLayout<Coordinate>.stride
        }
        return total
    }

    /// The routes `route` gives, or gave before for the same key.
    func routes<Destination: Locatable>(
        area: String, from origin: Coordinate, to destinations: [Destination], mode: TravelMode, lines: Bool,
        route: () -> [Route<Destination>]
    ) -> [Route<Destination>] {
        var points: [UInt64] = []
        points.reserveCapacity(2 * destinations.count)
        for destination in destinations {
            points.append(destination.coordinate.latitude.bitPattern)
            points.append(destination.coordinate.longitude.bitPattern)
        }
        let key = Key(
            area: area, originLatitude: origin.latitude.bitPattern, originLongitude: origin.longitude.bitPattern,
            mode: mode, lines: lines, destinations: points)
        if let known = kept.withLock({ $0.answers[key]?.routes }), known.count == destinations.count {
            return zip(known, destinations).map { $0.leading(to: $1) }
        }
        let routes = route()
        // Only a whole answer, one route per destination in order, is kept.
        guard routes.count == destinations.count else { return routes }
        let stops = routes.map { $0.leading(to: Stop(coordinate: $0.destination.coordinate)) }
        let answer = Answer(routes: stops, bytes: Self.bytes(of: stops, key: key))
        guard answer.bytes <= byteBudget else { return routes }
        kept.withLock { kept in
            if let replaced = kept.answers.removeValue(forKey: key) { kept.bytes -= replaced.bytes }
            if kept.answers.count >= Self.capacity || kept.bytes + answer.bytes > byteBudget {
                kept.answers.removeAll(keepingCapacity: true)
                kept.bytes = 0
            }
            kept.answers[key] = answer
            kept.bytes += answer.bytes
        }
        return routes
    }
}

/// A road router whose answers are kept in ``RememberedRoutes``: a server's, over an area it keeps loaded.
struct RememberingRouter: Router {
    let router: any Router
    let memo: RememberedRoutes
    /// The area's name and version (`RoadArea.cacheKey`).
    let area: String

    func routes<Destination: Locatable>(
        from origin: Coordinate, to destinations: [Destination], mode: TravelMode
    ) -> [Route<Destination>] {
        memo.routes(area: area, from: origin, to: destinations, mode: mode, lines: true) {
            router.routes(from: origin, to: destinations, mode: mode)
        }
    }

    func routesWithoutLines<Destination: Locatable>(
        from origin: Coordinate, to destinations: [Destination], mode: TravelMode
    ) -> [Route<Destination>] {
        memo.routes(area: area, from: origin, to: destinations, mode: mode, lines: false) {
            router.routesWithoutLines(from: origin, to: destinations, mode: mode)
        }
    }
}
