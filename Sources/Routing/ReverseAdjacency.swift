/// The incoming edges of every node of a `RoadGraph`, for searching backwards from a destination.
struct ReverseAdjacency: Sendable {
    /// The first incoming entry of each node, plus one final entry.
    let offsets: [Int32]
    /// The node each incoming edge comes from.
    let sources: [Int32]
    /// The forward edge index of each incoming edge (its duration and length live there).
    let edges: [Int32]

    init(_ graph: RoadGraph) {
        var offsets = [Int32](repeating: 0, count: graph.nodeCount + 1)
        for target in graph.edgeTargets { offsets[Int(target) + 1] += 1 }
        for node in 0..<graph.nodeCount { offsets[node + 1] += offsets[node] }
        var cursor = Array(offsets.dropLast())
        var sources = [Int32](repeating: 0, count: graph.edgeCount)
        var edges = [Int32](repeating: 0, count: graph.edgeCount)
        for node in 0..<graph.nodeCount {
            for edge in graph.edgeRange(of: node) {
                let target = Int(graph.edgeTargets[edge])
                let slot = Int(cursor[target])
                cursor[target] += 1
                sources[slot] = Int32(node)
                edges[slot] = Int32(edge)
            }
        }
        self.offsets = offsets
        self.sources = sources
        self.edges = edges
    }

    @inline(__always)
    func range(of node: Int) -> Range<Int> {
        Int(offsets[node])..<Int(offsets[node + 1])
    }
}
