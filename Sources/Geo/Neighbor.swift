/// One answer of a radius or nearest-k query: the point's position in the indexed array and its distance.
public struct Neighbor: Hashable, Sendable {
    /// The position of the point in the array the query ran over.
    public let index: Int
    /// The haversine distance from the query center, in meters.
    public let distanceMeters: Double

    /// A neighbor at position `index` of the queried array, `distanceMeters` from the query center.
    public init(index: Int, distanceMeters: Double) {
        self.index = index
        self.distanceMeters = distanceMeters
    }

    /// The order every query answers in: nearest first, ties by index.
    @inlinable
    public static func nearerFirst(_ a: Neighbor, _ b: Neighbor) -> Bool {
        a.distanceMeters != b.distanceMeters ? a.distanceMeters < b.distanceMeters : a.index < b.index
    }
}

/// Exact queries by scanning every point: the reference the spatial index is checked against.
public enum BruteForce {
    /// Every point whose haversine distance from `center` is at most `radiusMeters`, nearest first.
    public static func neighbors(
        within radiusMeters: Double, of center: Coordinate, in points: [Coordinate]
    ) -> [Neighbor] {
        var found: [Neighbor] = []
        for (index, point) in points.enumerated() {
            let d = center.distanceMeters(to: point)
            if d <= radiusMeters { found.append(Neighbor(index: index, distanceMeters: d)) }
        }
        return found.sorted(by: Neighbor.nearerFirst)
    }

    /// The `k` points nearest `center`, nearest first (ties by index).
    public static func nearest(_ k: Int, to center: Coordinate, in points: [Coordinate]) -> [Neighbor] {
        guard k > 0 else { return [] }
        let all = points.enumerated().map {
            Neighbor(index: $0.offset, distanceMeters: center.distanceMeters(to: $0.element))
        }
        return Array(all.sorted(by: Neighbor.nearerFirst).prefix(k))
    }
}
