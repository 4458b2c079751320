/// A spatial index over a fixed set of points that answers radius and nearest-k queries.
/// (Placeholder body: being replaced by the k-d tree; answers by brute force meanwhile.)
public struct PointIndex: Sendable {
    public let points: [Coordinate]

    public init(_ points: [Coordinate]) {
        self.points = points
    }

    public var count: Int { points.count }

    /// Every point within `radiusMeters` of `center`, nearest first (ties by index).
    public func neighbors(within radiusMeters: Double, of center: Coordinate) -> [Neighbor] {
        BruteForce.neighbors(within: radiusMeters, of: center, in: points)
    }

    /// The `k` points nearest `center`, nearest first (ties by index).
    public func nearest(_ k: Int, to center: Coordinate) -> [Neighbor] {
        BruteForce.nearest(k, to: center, in: points)
    }
}
