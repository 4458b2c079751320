import Geo

/// Where a route's geometry and time came from.
public enum RouteSource: String, Sendable, Codable {
    /// A great-circle line with a circuity factor and an assumed speed.
    case estimate
    /// A shortest path on an imported road graph.
    case roadNetwork = "road-network"
}

/// A way from the origin to one theater.
public struct Route: Sendable, Equatable {
    public let theater: Theater
    public let mode: TravelMode
    /// The line to draw, origin first.
    public let geometry: [Coordinate]
    /// The travelled distance (for an estimate: the straight line × the mode's circuity), in meters.
    public let distanceMeters: Double
    /// The great-circle distance from origin to theater, in meters.
    public let straightLineMeters: Double
    public let durationSeconds: Double
    public let source: RouteSource

    public init(
        theater: Theater, mode: TravelMode, geometry: [Coordinate], distanceMeters: Double, straightLineMeters: Double,
        durationSeconds: Double, source: RouteSource
    ) {
        self.theater = theater
        self.mode = mode
        self.geometry = geometry
        self.distanceMeters = distanceMeters
        self.straightLineMeters = straightLineMeters
        self.durationSeconds = durationSeconds
        self.source = source
    }
}

/// Finds routes from an origin to theaters. Road routing and the straight-line estimate both answer through it.
public protocol Router: Sendable {
    /// One route per destination, in the order given.
    func routes(from origin: Coordinate, to theaters: [Theater], mode: TravelMode) -> [Route]
}

/// The straight-line router: a great-circle line sampled every ≤ 50 m, with time = distance × circuity ÷ speed.
public struct EstimateRouter: Router {
    /// The longest gap between two samples of the line, in meters.
    public static let maximumSampleSpacingMeters = 50.0

    public init() {}

    public func routes(from origin: Coordinate, to theaters: [Theater], mode: TravelMode) -> [Route] {
        theaters.map { theater in
            let straight = origin.distanceMeters(to: theater.coordinate)
            return Route(
                theater: theater, mode: mode, geometry: Self.greatCircle(from: origin, to: theater.coordinate),
                distanceMeters: mode.estimatedNetworkDistanceMeters(straightLineMeters: straight),
                straightLineMeters: straight,
                durationSeconds: mode.estimatedDurationSeconds(straightLineMeters: straight), source: .estimate)
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
