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

extension ReverseAdjacency {
    /// The incoming edges of a saved graph (`GraphPreparation`), once they are found to be exactly `graph`'s:
    /// offsets that start at 0, never go back and end at the edge count, and under each node every edge into it
    /// once, with the node it leaves from.
    init(offsets: [Int32], sources: [Int32], edges: [Int32], of graph: RoadGraph) throws(BinaryReader.Failure) {
        let (nodes, edgeCount) = (graph.nodeCount, graph.edgeCount)
        guard offsets.count == nodes + 1, sources.count == edgeCount, edges.count == edgeCount, offsets.first == 0,
            offsets.last == Int32(exactly: edgeCount), graph.edgeOffsets.count == nodes + 1,
            graph.edgeTargets.count == edgeCount
        else { throw BinaryReader.Failure(reason: "\(graph.mode) graph incoming edges disagree in size") }
        // All of them first: offsets that rose past the edges and fell back would send the walk below out of bounds.
        for node in 0..<nodes where offsets[node] > offsets[node + 1] {
            throw BinaryReader.Failure(reason: "\(graph.mode) graph incoming offsets go back at node \(node)")
        }
        // The walk reads the arrays through their buffers: every index is checked against its count above or here.
        let wrongSlot: Int? = offsets.withUnsafeBufferPointer { offsets in
            sources.withUnsafeBufferPointer { sources in
                edges.withUnsafeBufferPointer { edges in
                    graph.edgeTargets.withUnsafeBufferPointer { targets in
                        graph.edgeOffsets.withUnsafeBufferPointer { forward in
                            var seen = [Bool](repeating: false, count: edgeCount)
                            return seen.withUnsafeMutableBufferPointer { seen -> Int? in
                                for node in 0..<nodes {
                                    for slot in Int(offsets[node])..<Int(offsets[node + 1]) {
                                        let (edge, source) = (Int(edges[slot]), Int(sources[slot]))
                                        guard edge >= 0, edge < edgeCount, !seen[edge], Int(targets[edge]) == node,
                                            source >= 0, source < nodes, Int(forward[source]) <= edge,
                                            edge < Int(forward[source + 1])
                                        else { return slot }
                                        seen[edge] = true
                                    }
                                }
                                return nil
                            }
                        }
                    }
                }
            }
        }
        if let slot = wrongSlot {
            var node = 0
            while Int(offsets[node + 1]) <= slot { node += 1 }
            throw BinaryReader.Failure(
                reason: "\(graph.mode) graph incoming edge \(slot) is not an edge into node \(node)")
        }
        self.offsets = offsets
        self.sources = sources
        self.edges = edges
    }
}
