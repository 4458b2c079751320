import Geo

/// A graph with what queries need beside it: incoming edges, and a snapping index over its largest component.
final class PreparedGraph: Sendable {
    let graph: RoadGraph
    let reverse: ReverseAdjacency
    let segments: SegmentIndex

    init(_ graph: RoadGraph) {
        self.graph = graph
        reverse = ReverseAdjacency(graph)
        segments = SegmentIndex(graph, include: Components.largestComponentMask(graph))
    }

    func snap(_ point: Coordinate, maximumMeters: Double) -> RoadSnap? {
        segments.nearest(to: point, in: graph, maximumMeters: maximumMeters)
    }

    /// How a trip leaves an origin snapped onto a segment: towards B along A→B, towards A along B→A, and from
    /// the node itself when the snap lies on one (whatever the segment's direction).
    func originSeeds(_ snap: RoadSnap) -> [SearchSeed] {
        var seeds = endpointSeeds(snap)
        if snap.forwardEdge >= 0 { seeds.append(seed(snap.nodeB, edge: snap.forwardEdge, share: 1 - snap.fraction)) }
        if snap.backwardEdge >= 0 { seeds.append(seed(snap.nodeA, edge: snap.backwardEdge, share: snap.fraction)) }
        return seeds
    }

    /// How a trip reaches a destination snapped onto a segment: from A along A→B, from B along B→A, and at the
    /// node itself when the snap lies on one.
    func destinationEntries(_ snap: RoadSnap) -> [SearchSeed] {
        var entries = endpointSeeds(snap)
        if snap.forwardEdge >= 0 { entries.append(seed(snap.nodeA, edge: snap.forwardEdge, share: snap.fraction)) }
        if snap.backwardEdge >= 0 {
            entries.append(seed(snap.nodeB, edge: snap.backwardEdge, share: 1 - snap.fraction))
        }
        return entries
    }

    /// The trip along a single segment when origin and destination share it and its direction allows.
    func directPath(from origin: RoadSnap, to destination: RoadSnap) -> SearchPath? {
        guard origin.sharesSegment(with: destination) else { return nil }
        let delta = destination.fraction - origin.fraction
        let edge = delta >= 0 ? origin.forwardEdge : origin.backwardEdge
        guard edge >= 0 else { return nil }
        return SearchPath(
            durationSeconds: abs(delta) * graph.edgeDurationsSeconds[Int(edge)],
            lengthMeters: abs(delta) * graph.edgeLengthsMeters[Int(edge)], nodes: [])
    }

    /// A free seed at A or B when the snap lies on that node: a point on a node is on every segment that meets
    /// there, so the direction of the one segment the index happened to pick must not matter.
    private func endpointSeeds(_ snap: RoadSnap) -> [SearchSeed] {
        if snap.fraction <= 1e-9 { return [SearchSeed(node: snap.nodeA, durationSeconds: 0, lengthMeters: 0)] }
        if snap.fraction >= 1 - 1e-9 { return [SearchSeed(node: snap.nodeB, durationSeconds: 0, lengthMeters: 0)] }
        return []
    }

    private func seed(_ node: Int32, edge: Int32, share: Double) -> SearchSeed {
        SearchSeed(
            node: node, durationSeconds: share * graph.edgeDurationsSeconds[Int(edge)],
            lengthMeters: share * graph.edgeLengthsMeters[Int(edge)])
    }
}
