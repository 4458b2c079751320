/// Where a route's geometry and time came from.
public enum RouteSource: String, Sendable, Codable {
    /// A great-circle line with a circuity factor and an assumed speed.
    case estimate
    /// A shortest path on an imported road graph.
    case roadNetwork = "road-network"
    /// An OSRM engine's answer.
    case osrm
    /// A Valhalla engine's answer.
    case valhalla

    /// Whether the time follows roads (the planner's own graphs or an engine's), not a straight line.
    public var isByRoad: Bool { self != .estimate }

    /// The by-road sources among `sources`, named once each in a fixed order: "road-network", "osrm, road-network".
    public static func byRoadNames(_ sources: some Sequence<RouteSource>) -> String {
        let present = Set(sources)
        return [RouteSource.osrm, .valhalla, .roadNetwork].filter(present.contains).map(\.rawValue)
            .joined(separator: ", ")
    }
}

/// Why a route is a straight-line estimate rather than a way by road.
public enum EstimateReason: String, Sendable, Codable {
    /// No imported area with roads for the mode covers the origin or the destination.
    case noArea = "no-area"
    /// An area covers both ends, but its roads for the mode join them by no path.
    case noPath = "no-path"
}

/// A way from the origin to one destination (for the planner, a theater: `Route<Theater>`).
public struct Route<Destination: Locatable>: Sendable, Equatable {
    /// What the route leads to, as the caller gave it.
    public let destination: Destination
    public let mode: TravelMode
    /// The line to draw, origin first.
    public let geometry: [Coordinate]
    /// The travelled distance (for an estimate: the straight line × the mode's circuity), in meters.
    public let distanceMeters: Double
    /// The great-circle distance from origin to destination, in meters.
    public let straightLineMeters: Double
    public let durationSeconds: Double
    public let source: RouteSource
    /// How far the origin lies from the road the route leaves by, in meters: a straight off-road leg walked at
    /// foot speed, counted in the distance and the time. Nil for an estimate.
    public let originSnapMeters: Double?
    /// How far the destination lies from the road the route arrives by, in meters, walked the same way. Nil for an
    /// estimate.
    public let destinationSnapMeters: Double?
    /// Why the route is an estimate; nil for a route by road.
    public let estimateReason: EstimateReason?

    public init(
        destination: Destination, mode: TravelMode, geometry: [Coordinate], distanceMeters: Double,
        straightLineMeters: Double, durationSeconds: Double, source: RouteSource, originSnapMeters: Double? = nil,
        destinationSnapMeters: Double? = nil, estimateReason: EstimateReason? = nil
    ) {
        self.destination = destination
        self.mode = mode
        self.geometry = geometry
        self.distanceMeters = distanceMeters
        self.straightLineMeters = straightLineMeters
        self.durationSeconds = durationSeconds
        self.source = source
        self.originSnapMeters = originSnapMeters
        self.destinationSnapMeters = destinationSnapMeters
        self.estimateReason = estimateReason
    }

    /// The part of `distanceMeters` walked off-road at the two ends, in meters (all of it when the two doors are
    /// nearer each other than the road); 0 for an estimate.
    public var offRoadMeters: Double {
        min(distanceMeters, (originSnapMeters ?? 0) + (destinationSnapMeters ?? 0))
    }

    /// The same route, as an estimate for `reason`.
    public func estimated(because reason: EstimateReason) -> Route {
        Route(
            destination: destination, mode: mode, geometry: geometry, distanceMeters: distanceMeters,
            straightLineMeters: straightLineMeters, durationSeconds: durationSeconds, source: source,
            originSnapMeters: originSnapMeters, destinationSnapMeters: destinationSnapMeters, estimateReason: reason)
    }
}

/// Finds routes from an origin to destinations. Road routing and the straight-line estimate both answer through it.
public protocol Router: Sendable {
    /// One route per destination, in the order given.
    func routes<Destination: Locatable>(
        from origin: Coordinate, to destinations: [Destination], mode: TravelMode
    ) -> [Route<Destination>]
    /// The same routes with an empty `geometry`, for answers that give times and distances only: building the
    /// lines is a good part of the work, and a server's nearby answer draws none.
    func routesWithoutLines<Destination: Locatable>(
        from origin: Coordinate, to destinations: [Destination], mode: TravelMode
    ) -> [Route<Destination>]
}

extension Router {
    /// `routes(from:to:mode:)` with the lines dropped.
    public func routesWithoutLines<Destination: Locatable>(
        from origin: Coordinate, to destinations: [Destination], mode: TravelMode
    ) -> [Route<Destination>] {
        routes(from: origin, to: destinations, mode: mode).map { $0.withoutLine }
    }
}

extension Route {
    /// The same way, leading to `destination` (one at the same point). Inlinable, so that a caller's copy is
    /// specialized for its destinations rather than built through generic metadata.
    @inlinable public func leading<Other>(to destination: Other) -> Route<Other> {
        Route<Other>(
            destination: destination, mode: mode, geometry: geometry, distanceMeters: distanceMeters,
            straightLineMeters: straightLineMeters, durationSeconds: durationSeconds, source: source,
            originSnapMeters: originSnapMeters, destinationSnapMeters: destinationSnapMeters,
            estimateReason: estimateReason)
    }

    /// The route with an empty `geometry`.
    public var withoutLine: Route {
        Route(
            destination: destination, mode: mode, geometry: [], distanceMeters: distanceMeters,
            straightLineMeters: straightLineMeters, durationSeconds: durationSeconds, source: source,
            originSnapMeters: originSnapMeters, destinationSnapMeters: destinationSnapMeters,
            estimateReason: estimateReason)
    }
}

/// The straight-line router: a great-circle line sampled every ≤ 50 m, with time = distance × circuity ÷ speed.
/// Its routes give `EstimateReason.noArea` as their reason (it is what answers where no area covers the origin).
public struct EstimateRouter: Router {
    /// The longest gap between two samples of the line, in meters.
    public static let maximumSampleSpacingMeters = 50.0

    public init() {}

    public func routes<Destination: Locatable>(
        from origin: Coordinate, to destinations: [Destination], mode: TravelMode
    ) -> [Route<Destination>] {
        routes(from: origin, to: destinations, mode: mode, lines: true)
    }

    public func routesWithoutLines<Destination: Locatable>(
        from origin: Coordinate, to destinations: [Destination], mode: TravelMode
    ) -> [Route<Destination>] {
        routes(from: origin, to: destinations, mode: mode, lines: false)
    }

    private func routes<Destination: Locatable>(
        from origin: Coordinate, to destinations: [Destination], mode: TravelMode, lines: Bool
    ) -> [Route<Destination>] {
        destinations.map { destination in
            let point = destination.coordinate
            let straight = origin.distanceMeters(to: point)
            return Route(
                destination: destination, mode: mode, geometry: lines ? Self.greatCircle(from: origin, to: point) : [],
                distanceMeters: mode.estimatedNetworkDistanceMeters(straightLineMeters: straight),
                straightLineMeters: straight,
                durationSeconds: mode.estimatedDurationSeconds(straightLineMeters: straight), source: .estimate,
                estimateReason: .noArea)
        }
    }

    /// The great circle from `a` to `b`, sampled so that no two neighbouring points are more than 50 m apart.
    public static func greatCircle(from a: Coordinate, to b: Coordinate) -> [Coordinate] {
        let distance = a.distanceMeters(to: b)
        let segments = max(1, Int((distance / maximumSampleSpacingMeters).rounded(.up)))
        return (0...segments).map { i in
            i == 0 ? a : i == segments ? b : a.intermediate(to: b, fraction: Double(i) / Double(segments))
        }
    }
}
