/// Every node's fastest way to one destination: Dijkstra run backwards from the destination's entries over the
/// incoming edges, once. A route from any origin to the destination is then read off the tree (the best of the
/// origin's seeds, then the next edge at each node) instead of searched, which is what an area's places get, as
/// every request routes to them.
///
/// The path read off is summed again forwards, seed first, exactly as `PathSearch.oneToMany` sums a path, so both
/// give the same duration and length for the same path.
struct DestinationTree: Sendable {
    /// The entries the tree was grown from (`PreparedGraph.destinationEntries` of the destination's snap).
    let entries: [SearchSeed]
    /// The fastest time from each node to the destination, its entry's tail included, in seconds (+∞: no way).
    private let durationSeconds: [Double]
    /// The edge each node leaves by on its fastest way (-1 at an entry the way ends at, or without a way).
    private let nextEdge: [Int32]

    init(graph: RoadGraph, reverse: ReverseAdjacency, entries: [SearchSeed]) {
        self.entries = entries
        var duration = [Double](repeating: .infinity, count: graph.nodeCount)
        var next = [Int32](repeating: -1, count: graph.nodeCount)
        var settled = [Bool](repeating: false, count: graph.nodeCount)
        var heap = MinHeap()
        for entry in entries where entry.durationSeconds < duration[Int(entry.node)] {
            duration[Int(entry.node)] = entry.durationSeconds
            heap.push(entry.durationSeconds, entry.node)
        }
        while let top = heap.pop() {
            let node = Int(top.node)
            guard !settled[node], top.key <= duration[node] else { continue }
            settled[node] = true
            for slot in reverse.range(of: node) {
                let source = Int(reverse.sources[slot])
                let edge = reverse.edges[slot]
                let candidate = top.key + graph.edgeDurationsSeconds[Int(edge)]
                if candidate < duration[source] {
                    duration[source] = candidate
                    next[source] = edge
                    heap.push(candidate, Int32(source))
                }
            }
        }
        durationSeconds = duration
        nextEdge = next
    }

    /// The fastest path from `seeds` to the destination, as `PathSearch.oneToMany` finds it: `direct` (the path
    /// along one segment) unless the graph offers a faster one; nil when neither exists.
    /// - Parameter listingNodes: false leaves the path's `nodes` empty (an answer without lines has no use for them).
    func path(
        from seeds: [SearchSeed], direct: SearchPath?, graph: RoadGraph, listingNodes: Bool = true
    ) -> SearchPath? {
        var start: SearchSeed?
        var fastest = Double.infinity
        for seed in seeds where seed.durationSeconds + durationSeconds[Int(seed.node)] < fastest {
            fastest = seed.durationSeconds + durationSeconds[Int(seed.node)]
            start = seed
        }
        guard let start else { return direct }
        // Forwards along the tree, summed as the forward search sums it.
        var nodes: [Int32] = listingNodes ? [start.node] : []
        if listingNodes { nodes.reserveCapacity(256) }
        var duration = start.durationSeconds
        var length = start.lengthMeters
        var node = Int(start.node)
        nextEdge.withUnsafeBufferPointer { nextEdge in
            graph.edgeDurationsSeconds.withUnsafeBufferPointer { durations in
                graph.edgeLengthsMeters.withUnsafeBufferPointer { lengths in
                    graph.edgeTargets.withUnsafeBufferPointer { targets in
                        while nextEdge[node] >= 0 {
                            let edge = Int(nextEdge[node])
                            duration += durations[edge]
                            length += lengths[edge]
                            node = Int(targets[edge])
                            if listingNodes { nodes.append(Int32(node)) }
                        }
                    }
                }
            }
        }
        // The entry at the last node with the shortest tail (the first of equals, as the forward search takes it).
        var tail: SearchSeed?
        for entry in entries where entry.node == Int32(node) && entry.durationSeconds < (tail?.durationSeconds ?? .infinity) {
            tail = entry
        }
        guard let tail else { return direct }
        let total = duration + tail.durationSeconds
        if let direct, direct.durationSeconds <= total { return direct }
        return SearchPath(durationSeconds: total, lengthMeters: length + tail.lengthMeters, nodes: nodes)
    }
}
