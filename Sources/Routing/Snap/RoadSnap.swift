import Geo

/// A point projected onto the nearest road segment of a graph.
public struct RoadSnap: Sendable, Equatable {
    /// The segment's first node (the smaller index).
    public let nodeA: Int32
    /// The segment's second node.
    public let nodeB: Int32
    /// The edge A→B, or -1 when the segment cannot be travelled that way.
    public let forwardEdge: Int32
    /// The edge B→A, or -1 when the segment cannot be travelled that way.
    public let backwardEdge: Int32
    /// Where along A→B the projection lies, from 0 (at A) to 1 (at B).
    public let fraction: Double
    /// The projected point on the segment.
    public let coordinate: Coordinate
    /// The distance from the query point to the projected point, in meters.
    public let distanceMeters: Double

    /// True when both snaps lie on the same segment.
    func sharesSegment(with other: RoadSnap) -> Bool {
        nodeA == other.nodeA && nodeB == other.nodeB
    }
}
