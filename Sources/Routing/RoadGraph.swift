import Geo

/// One directed road segment between two graph nodes, as the builder produces them.
public struct RoadEdge: Equatable, Sendable {
    /// The index of the node the edge leaves.
    public let source: Int32
    /// The index of the node the edge reaches.
    public let target: Int32
    /// The time to travel the edge, in seconds.
    public let durationSeconds: Double
    /// The edge's great-circle length, in meters.
    public let lengthMeters: Double
    /// What the search minimises, in seconds: the duration, or more on roads the profile avoids (an alley).
    public let weightSeconds: Double

    /// Creates an edge; its weight is its duration unless given.
    public init(
        source: Int32, target: Int32, durationSeconds: Double, lengthMeters: Double, weightSeconds: Double? = nil
    ) {
        self.source = source
        self.target = target
        self.durationSeconds = durationSeconds
        self.lengthMeters = lengthMeters
        self.weightSeconds = weightSeconds ?? durationSeconds
    }
}

/// A compact road graph for one travel mode, in compressed sparse row (CSR) form.
///
/// Every node of every routable way is a graph node, so each edge is one straight segment between two
/// consecutive way nodes and a path's geometry is simply its node sequence. Edges leaving node `n` are
/// `edgeOffsets[n] ..< edgeOffsets[n + 1]` in `edgeTargets`, `edgeDurationsSeconds`, `edgeLengthsMeters` and
/// `edgeWeightsSeconds`.
///
/// ```swift
/// let graph = RoadGraph(mode: .walk, coordinates: points, osmNodeIDs: ids, edges: edges)
/// for edge in graph.edgeRange(of: 0) { print(graph.edgeTargets[edge], graph.edgeDurationsSeconds[edge]) }
/// ```
public struct RoadGraph: Sendable, Equatable {
    /// The travel mode whose profile built the graph.
    public let mode: TravelMode
    /// Node latitudes, in degrees.
    public let latitudes: [Double]
    /// Node longitudes, in degrees.
    public let longitudes: [Double]
    /// The OSM id of each node (0 for synthetic graphs).
    public let osmNodeIDs: [Int64]
    /// The first edge of each node, plus one final entry: the edge count.
    public let edgeOffsets: [Int32]
    /// The node each edge reaches.
    public let edgeTargets: [Int32]
    /// The time to travel each edge, in seconds.
    public let edgeDurationsSeconds: [Double]
    /// The length of each edge, in meters.
    public let edgeLengthsMeters: [Double]
    /// The routing weight of each edge (what searches minimise), in seconds; equal to the duration unless the
    /// profile avoids the road.
    public let edgeWeightsSeconds: [Double]
    /// Landmark weights for goal-directed searches (A* with landmarks), when the import computed them.
    let landmarks: Landmarks?
    /// The contraction hierarchy over the graph's turns, for point-to-point searches, when the import built it.
    let hierarchy: TurnHierarchy?
    /// What queries need beside the arrays, when the graph was read from a file that saved it (format 5); else
    /// `PreparedGraph` works it out. Derived from the arrays, so left out of `==`.
    let preparation: GraphPreparation?

    /// The number of nodes.
    public var nodeCount: Int { latitudes.count }
    /// The number of directed edges.
    public var edgeCount: Int { edgeTargets.count }

    /// Builds the CSR arrays from an edge list (a counting sort by source; edges keep their order within a node).
    /// - Precondition: every edge's source and target index `coordinates`.
    public init(mode: TravelMode, coordinates: [Coordinate], osmNodeIDs: [Int64]? = nil, edges: [RoadEdge]) {
        let nodeCount = coordinates.count
        var offsets = [Int32](repeating: 0, count: nodeCount + 1)
        for edge in edges { offsets[Int(edge.source) + 1] += 1 }
        for node in 0..<nodeCount { offsets[node + 1] += offsets[node] }
        var cursor = Array(offsets.dropLast())
        var targets = [Int32](repeating: 0, count: edges.count)
        var durations = [Double](repeating: 0, count: edges.count)
        var lengths = [Double](repeating: 0, count: edges.count)
        var weights = [Double](repeating: 0, count: edges.count)
        for edge in edges {
            let slot = Int(cursor[Int(edge.source)])
            cursor[Int(edge.source)] += 1
            targets[slot] = edge.target
            durations[slot] = edge.durationSeconds
            lengths[slot] = edge.lengthMeters
            weights[slot] = edge.weightSeconds
        }
        self.init(
            mode: mode, latitudes: coordinates.map(\.latitude), longitudes: coordinates.map(\.longitude),
            osmNodeIDs: osmNodeIDs ?? [Int64](repeating: 0, count: nodeCount), edgeOffsets: offsets,
            edgeTargets: targets, edgeDurationsSeconds: durations, edgeLengthsMeters: lengths,
            edgeWeightsSeconds: weights)
    }

    /// Creates a graph from its arrays as they are (used when loading a saved graph).
    init(
        mode: TravelMode, latitudes: [Double], longitudes: [Double], osmNodeIDs: [Int64], edgeOffsets: [Int32],
        edgeTargets: [Int32], edgeDurationsSeconds: [Double], edgeLengthsMeters: [Double], edgeWeightsSeconds: [Double],
        landmarks: Landmarks? = nil, hierarchy: TurnHierarchy? = nil, preparation: GraphPreparation? = nil
    ) {
        self.mode = mode
        self.latitudes = latitudes
        self.longitudes = longitudes
        self.osmNodeIDs = osmNodeIDs
        self.edgeOffsets = edgeOffsets
        self.edgeTargets = edgeTargets
        self.edgeDurationsSeconds = edgeDurationsSeconds
        self.edgeLengthsMeters = edgeLengthsMeters
        self.edgeWeightsSeconds = edgeWeightsSeconds
        self.landmarks = landmarks
        self.hierarchy = hierarchy
        self.preparation = preparation
    }

    /// The same graph with `landmarks` (nil to drop them).
    func withLandmarks(_ landmarks: Landmarks?) -> RoadGraph {
        with(landmarks: landmarks, hierarchy: hierarchy, preparation: preparation)
    }

    /// The same graph with `hierarchy` (nil to drop it).
    func withHierarchy(_ hierarchy: TurnHierarchy?) -> RoadGraph {
        with(landmarks: landmarks, hierarchy: hierarchy, preparation: preparation)
    }

    /// The same graph with `preparation` (worked out from these arrays, or read with them).
    func withPreparation(_ preparation: GraphPreparation?) -> RoadGraph {
        with(landmarks: landmarks, hierarchy: hierarchy, preparation: preparation)
    }

    /// The same arrays with what is kept beside them.
    private func with(landmarks: Landmarks?, hierarchy: TurnHierarchy?, preparation: GraphPreparation?) -> RoadGraph {
        RoadGraph(
            mode: mode, latitudes: latitudes, longitudes: longitudes, osmNodeIDs: osmNodeIDs, edgeOffsets: edgeOffsets,
            edgeTargets: edgeTargets, edgeDurationsSeconds: edgeDurationsSeconds, edgeLengthsMeters: edgeLengthsMeters,
            edgeWeightsSeconds: edgeWeightsSeconds, landmarks: landmarks, hierarchy: hierarchy,
            preparation: preparation)
    }

    /// Graphs are equal when their arrays, landmarks and hierarchies are: a preparation is derived from them.
    public static func == (left: RoadGraph, right: RoadGraph) -> Bool {
        left.mode == right.mode && left.latitudes == right.latitudes && left.longitudes == right.longitudes
            && left.osmNodeIDs == right.osmNodeIDs && left.edgeOffsets == right.edgeOffsets
            && left.edgeTargets == right.edgeTargets && left.edgeDurationsSeconds == right.edgeDurationsSeconds
            && left.edgeLengthsMeters == right.edgeLengthsMeters && left.edgeWeightsSeconds == right.edgeWeightsSeconds
            && left.landmarks == right.landmarks && left.hierarchy == right.hierarchy
    }

    /// The indexes of the edges leaving `node`.
    @inline(__always)
    public func edgeRange(of node: Int) -> Range<Int> {
        Int(edgeOffsets[node])..<Int(edgeOffsets[node + 1])
    }

    /// The position of `node`.
    public func coordinate(of node: Int) -> Coordinate {
        Coordinate(uncheckedLatitude: latitudes[node], longitude: longitudes[node])
    }

    /// The edge list the graph holds, in CSR order.
    public var edges: [RoadEdge] {
        (0..<nodeCount).flatMap { node in
            edgeRange(of: node).map { edge in
                RoadEdge(
                    source: Int32(node), target: edgeTargets[edge], durationSeconds: edgeDurationsSeconds[edge],
                    lengthMeters: edgeLengthsMeters[edge], weightSeconds: edgeWeightsSeconds[edge])
            }
        }
    }
}
