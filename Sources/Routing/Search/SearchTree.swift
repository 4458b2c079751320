/// One direction's Dijkstra state: tentative durations, the tree of parents, and the seeds' own lengths.
struct SearchTree {
    var duration: [Double]
    var parentNode: [Int32]
    var parentEdge: [Int32]
    var settled: [Bool]
    var seedLengths: [Int32: Double] = [:]

    init(nodeCount: Int) {
        duration = [Double](repeating: .infinity, count: nodeCount)
        parentNode = [Int32](repeating: -1, count: nodeCount)
        parentEdge = [Int32](repeating: -1, count: nodeCount)
        settled = [Bool](repeating: false, count: nodeCount)
    }

    mutating func seed(_ seed: SearchSeed, heap: inout MinHeap) {
        let node = Int(seed.node)
        guard seed.durationSeconds < duration[node] else { return }
        duration[node] = seed.durationSeconds
        parentNode[node] = -1
        parentEdge[node] = -1
        seedLengths[seed.node] = seed.lengthMeters
        heap.push(seed.durationSeconds, seed.node)
    }

    /// The nodes from the seed this tree reached `node` from, to `node`.
    func path(to node: Int32) -> [Int32] {
        PathSearch.pathBack(to: node, parents: parentNode)
    }

    /// The length of a path of this tree (its first node a seed), the seed's own length included.
    func lengthMeters(of nodes: [Int32], graph: RoadGraph) -> Double {
        guard let first = nodes.first else { return 0 }
        var total = seedLengths[first] ?? 0
        for node in nodes.dropFirst() { total += graph.edgeLengthsMeters[Int(parentEdge[Int(node)])] }
        return total
    }
}

extension PathSearch {
    /// The nodes from the search's seed to `node`, following `parents` (-1 at a seed) back and reversing.
    static func pathBack(to node: Int32, parents: [Int32]) -> [Int32] {
        var nodes: [Int32] = [node]
        var current = node
        while parents[Int(current)] >= 0 {
            current = parents[Int(current)]
            nodes.append(current)
        }
        return nodes.reversed()
    }
}
