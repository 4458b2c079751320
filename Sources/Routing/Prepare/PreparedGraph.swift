import Geo

/// A graph with what queries need beside it: incoming edges, a snapping index over its largest strongly connected
/// component, and the turn table when its profile charges turns.
final class PreparedGraph: Sendable {
    let graph: RoadGraph
    let reverse: ReverseAdjacency
    let segments: SegmentIndex
    /// Present when the mode's profile charges turns; searches then run over edges (`TurnSearch`).
    let turns: TurnTable?
    /// The graph's landmarks, when its profile charges turns and the import computed them (`TurnSearch+Landmarks`).
    let landmarks: Landmarks?
    /// The contraction hierarchy over the graph's turns, when its profile charges turns and the graph has one.
    let hierarchy: TurnHierarchy?
    /// The lower bound of travel times that makes node searches goal-directed (nil for turn-aware graphs).
    let goalBound: GoalBound?
    /// Node-search labels left by earlier queries, ready for the next (one per concurrent query at most).
    private let nodeWorkspaces: WorkspacePool<NodeSearchWorkspace>
    /// Search labels left by earlier queries, ready for the next (one per concurrent query at most).
    private let workspaces: WorkspacePool<SearchWorkspace>
    private let hierarchyWorkspaces: WorkspacePool<HierarchyWorkspace>

    /// Takes what the graph's file saved (`GraphPreparation`) and works out the rest.
    /// - Parameter snapCellDegrees: the snapping grid's cell height (`SegmentIndex`); a saved index is on the
    ///   coarse grid, so another height grids the saved segments anew.
    init(_ graph: RoadGraph, turnCosts: TurnCosts? = nil, snapCellDegrees: Double = SegmentIndex.coarseCellDegrees) {
        self.graph = graph
        let saved = graph.preparation
        let reverse = saved?.reverse ?? ReverseAdjacency(graph)
        self.reverse = reverse
        if let saved, saved.segments.cellDegrees == snapCellDegrees {
            segments = saved.segments
        } else if let saved {
            segments = SegmentIndex(graph, segments: saved.segments.segments, cellDegrees: snapCellDegrees)
        } else {
            segments = SegmentIndex(
                graph, include: Components.largestComponentMask(graph, reverse: reverse), cellDegrees: snapCellDegrees)
        }
        turns = turnCosts.map { TurnTable(graph, reverse: reverse, costs: $0) }
        landmarks = turnCosts != nil && (graph.landmarks?.count ?? 0) > 0 ? graph.landmarks : nil
        hierarchy = turnCosts != nil ? graph.hierarchy : nil
        goalBound = turnCosts == nil ? (saved.map(\.goalBound) ?? GoalBound(graph)) : nil
        let (nodes, edges) = (graph.nodeCount, graph.edgeCount)
        nodeWorkspaces = WorkspacePool { NodeSearchWorkspace(nodeCount: nodes) }
        workspaces = WorkspacePool { SearchWorkspace(edgeCount: edges, nodeCount: nodes) }
        hierarchyWorkspaces = WorkspacePool { HierarchyWorkspace(nodeCount: edges) }
    }

    /// Runs `body` with node-search labels all at their initial state, from the pool (or made), and returns them.
    func withNodeWorkspace<Result>(_ body: (inout NodeSearchWorkspace) -> Result) -> Result {
        nodeWorkspaces.with(body)
    }

    /// Runs `body` with a hierarchy workspace of all-initial labels, from the pool (or made), and returns it after.
    func withHierarchyWorkspace<Result>(_ body: (inout HierarchyWorkspace) -> Result) -> Result {
        hierarchyWorkspaces.with(body)
    }

    /// Runs `body` with a workspace of all-initial labels, taken from the pool (or made), and returns it after.
    func withWorkspace<Result>(_ body: (inout SearchWorkspace) -> Result) -> Result {
        workspaces.with(body)
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
        directEdge(from: origin, to: destination).map { $0.path }
    }

    /// The same, with its weight, for `TurnSearch`.
    func directEdge(from origin: RoadSnap, to destination: RoadSnap) -> (weight: Double, path: SearchPath)? {
        guard origin.sharesSegment(with: destination) else { return nil }
        let delta = destination.fraction - origin.fraction
        let edge = delta >= 0 ? origin.forwardEdge : origin.backwardEdge
        guard edge >= 0 else { return nil }
        let path = SearchPath(
            durationSeconds: abs(delta) * graph.edgeDurationsSeconds[Int(edge)],
            lengthMeters: abs(delta) * graph.edgeLengthsMeters[Int(edge)], nodes: [])
        return (abs(delta) * graph.edgeWeightsSeconds[Int(edge)], path)
    }

    /// The edges a turn-aware trip may start on: the snapped segment each way it can be driven, charged the part
    /// still to drive to its head; and, from a snap on a node, every edge leaving the node (no turn to pay).
    func originEdgeSeeds(_ snap: RoadSnap) -> [EdgeSeed] {
        var seeds: [EdgeSeed] = []
        if snap.forwardEdge >= 0 { seeds.append(edgeSeed(snap.forwardEdge, share: 1 - snap.fraction)) }
        if snap.backwardEdge >= 0 { seeds.append(edgeSeed(snap.backwardEdge, share: snap.fraction)) }
        if let node = endpointNode(snap) {
            for edge in graph.edgeRange(of: Int(node)) { seeds.append(edgeSeed(Int32(edge), share: 1)) }
        }
        return seeds
    }

    /// The edges a turn-aware trip may end from: every edge into the snapped segment's tail, charged the turn onto
    /// the segment and the part of it up to the snap; and, for a snap on a node, every edge into the node.
    func destinationEdgeSeeds(_ snap: RoadSnap) -> [EdgeSeed] {
        guard let turns else { return [] }
        var ends: [EdgeSeed] = []
        for (edge, share) in [(snap.forwardEdge, snap.fraction), (snap.backwardEdge, 1 - snap.fraction)] where edge >= 0 {
            let part = edgeSeed(edge, share: share)
            for slot in reverse.range(of: Int(turns.edgeSources[Int(edge)])) {
                let previous = Int(reverse.edges[slot])
                let turn = turns.seconds(from: previous, to: Int(edge), graph: graph)
                guard turn.isFinite else { continue }
                ends.append(
                    EdgeSeed(
                        edge: Int32(previous), weightSeconds: turn + part.weightSeconds,
                        durationSeconds: turn + part.durationSeconds, lengthMeters: part.lengthMeters))
            }
        }
        if let node = endpointNode(snap) {
            for slot in reverse.range(of: Int(node)) {
                ends.append(EdgeSeed(edge: reverse.edges[slot], weightSeconds: 0, durationSeconds: 0, lengthMeters: 0))
            }
        }
        return ends
    }

    /// A free seed at A or B when the snap lies on that node: a point on a node is on every segment that meets
    /// there, so the direction of the one segment the index happened to pick must not matter.
    private func endpointSeeds(_ snap: RoadSnap) -> [SearchSeed] {
        endpointNode(snap).map { [SearchSeed(node: $0, durationSeconds: 0, lengthMeters: 0)] } ?? []
    }

    private func endpointNode(_ snap: RoadSnap) -> Int32? {
        if snap.fraction <= 1e-9 { return snap.nodeA }
        if snap.fraction >= 1 - 1e-9 { return snap.nodeB }
        return nil
    }

    private func seed(_ node: Int32, edge: Int32, share: Double) -> SearchSeed {
        SearchSeed(
            node: node, durationSeconds: share * graph.edgeDurationsSeconds[Int(edge)],
            lengthMeters: share * graph.edgeLengthsMeters[Int(edge)])
    }

    private func edgeSeed(_ edge: Int32, share: Double) -> EdgeSeed {
        EdgeSeed(
            edge: edge, weightSeconds: share * graph.edgeWeightsSeconds[Int(edge)],
            durationSeconds: share * graph.edgeDurationsSeconds[Int(edge)],
            lengthMeters: share * graph.edgeLengthsMeters[Int(edge)])
    }
}
