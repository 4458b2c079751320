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

    private let kept = Mutex<[Key: [Route<Stop>]]>([:])

    package init() {}

    /// How many answers are kept (for tests).
    package var count: Int { kept.withLock { $0.count } }

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
        if let known = kept.withLock({ $0[key] }), known.count == destinations.count {
            return zip(known, destinations).map { $0.leading(to: $1) }
        }
        let routes = route()
        // Only a whole answer, one route per destination in order, is kept.
        guard routes.count == destinations.count else { return routes }
        let answer = routes.map { $0.leading(to: Stop(coordinate: $0.destination.coordinate)) }
        kept.withLock { kept in
            if kept.count >= Self.capacity { kept.removeAll(keepingCapacity: true) }
            kept[key] = answer
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
