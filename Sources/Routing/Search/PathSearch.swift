/// Where a search starts or ends: a node with the time and distance already spent (or still to spend) off it.
struct SearchSeed: Sendable, Equatable {
    let node: Int32
    let durationSeconds: Double
    let lengthMeters: Double
}

/// A shortest path found by a search.
struct SearchPath: Sendable, Equatable {
    /// Total time, seeds and tails included, in seconds.
    let durationSeconds: Double
    /// Total length, seeds and tails included, in meters.
    let lengthMeters: Double
    /// The graph nodes passed, from a seed node to an entry node; empty for a path along one segment.
    let nodes: [Int32]
}

/// Dijkstra's algorithm on a `RoadGraph`: one-to-many (optionally stopping at the `limit` nearest destinations)
/// and bidirectional one-to-one. Both minimise duration and accept several weighted seeds per end, which is how
/// a point snapped onto the middle of a segment enters the graph.
struct PathSearch {
    let graph: RoadGraph

    /// The fastest path from `seeds` to each destination, a destination being reached through any of its
    /// `entries` (a node plus the tail cost from it). `direct[i]` is a path that needs no graph node (origin and
    /// destination on one segment), when there is one.
    /// - Parameter limit: stop once the `limit` fastest destinations are known (the rest may come back nil).
    func oneToMany(
        seeds: [SearchSeed], destinations: [[SearchSeed]], direct: [SearchPath?] = [], limit: Int? = nil
    ) -> [SearchPath?] {
        var workspace = NodeSearchWorkspace(nodeCount: graph.nodeCount)
        return oneToMany(
            seeds: seeds, destinations: destinations, direct: direct, limit: limit, bound: nil, workspace: &workspace)
    }

    /// The same search on reused labels and, given a `bound`, goal-directed (A*): a node's key is its duration
    /// plus a lower bound of the time still to go to the nearest destination entry, so the search grows towards
    /// the destinations instead of settling every node nearer than the farthest. The bound is admissible, which
    /// is all the stopping rule needs (a node improved after its expansion is expanded again); without one the
    /// search is plain Dijkstra.
    /// - Parameter workspace: labels all at their initial state; left so.
    func oneToMany(
        seeds: [SearchSeed], destinations: [[SearchSeed]], direct: [SearchPath?], limit: Int?, bound: GoalBound?,
        workspace: inout NodeSearchWorkspace
    ) -> [SearchPath?] {
        defer { workspace.reset() }
        let count = destinations.count
        var best = (0..<count).map { index in
            index < direct.count ? direct[index]?.durationSeconds ?? .infinity : .infinity
        }
        var winner = [Int](repeating: -1, count: count)
        // Every (destination, entry) in order, flat; a node holding one is marked, and only then is the list read.
        var entries: [(node: Int32, destination: Int, entry: Int)] = []
        for (destination, list) in destinations.enumerated() {
            for (entry, seed) in list.enumerated() {
                entries.append((seed.node, destination, entry))
                workspace.markEntry(seed.node)
            }
        }
        let goals = bound.flatMap { GoalBound.Goals($0, nodes: entries.map(\.node), graph: graph) }
        for seed in seeds { workspace.seed(seed) { goals?.seconds(to: Int(seed.node), graph: graph) ?? 0 } }

        // The threshold only falls as destinations improve; recomputing it lazily (every 256 pops) merely stops
        // the search a little later, and keeps thousands of destinations from costing a sort per improvement.
        var threshold = Self.threshold(best, limit: limit)
        var thresholdIsStale = false
        var pops = 0
        while let top = workspace.heap.pop() {
            pops += 1
            if thresholdIsStale && (pops & 255 == 0 || workspace.heap.isEmpty) {
                threshold = Self.threshold(best, limit: limit)
                thresholdIsStale = false
            }
            if top.key >= threshold { break }
            let node = Int(top.node)
            let duration = workspace.duration[node]
            // A stale entry: the node has been reached faster since it was pushed.
            guard top.key <= duration + workspace.bound[node] else { continue }
            if workspace.isEntry[node] {
                for (entryNode, destination, entry) in entries where entryNode == top.node {
                    let candidate = duration + destinations[destination][entry].durationSeconds
                    if candidate < best[destination] {
                        best[destination] = candidate
                        winner[destination] = entry
                        thresholdIsStale = true
                    }
                }
            }
            for edge in graph.edgeRange(of: node) {
                let target = Int(graph.edgeTargets[edge])
                let candidate = duration + graph.edgeDurationsSeconds[edge]
                if candidate < workspace.duration[target] {
                    if workspace.bound[target] < 0 {
                        workspace.setBound(target, goals?.seconds(to: target, graph: graph) ?? 0)
                    }
                    workspace.label(target, duration: candidate, parentNode: Int32(node), parentEdge: Int32(edge))
                }
            }
        }
        return (0..<count).map { destination in
            guard best[destination].isFinite else { return nil }
            guard winner[destination] >= 0 else { return direct[destination] }
            let entry = destinations[destination][winner[destination]]
            let nodes = workspace.path(to: entry.node)
            return SearchPath(
                durationSeconds: best[destination],
                lengthMeters: workspace.lengthMeters(of: nodes, graph: graph) + entry.lengthMeters, nodes: nodes)
        }
    }

    /// The key beyond which no destination that matters can improve: the `limit`-th best so far, or the worst.
    private static func threshold(_ best: [Double], limit: Int?) -> Double {
        guard !best.isEmpty else { return -.infinity }
        guard let limit, limit < best.count else { return best.max()! }
        guard limit > 0 else { return -.infinity }
        return best.sorted()[limit - 1]
    }

    /// The fastest path from `seeds` to any of `targets` by bidirectional Dijkstra over `reverse`.
    func bidirectional(
        seeds: [SearchSeed], targets: [SearchSeed], direct: SearchPath?, reverse: ReverseAdjacency
    ) -> SearchPath? {
        var forward = SearchTree(nodeCount: graph.nodeCount)
        var backward = SearchTree(nodeCount: graph.nodeCount)
        var forwardHeap = MinHeap()
        var backwardHeap = MinHeap()
        for seed in seeds { forward.seed(seed, heap: &forwardHeap) }
        for target in targets { backward.seed(target, heap: &backwardHeap) }
        var bestDuration = direct?.durationSeconds ?? .infinity
        var meeting: Int32 = -1
        for seed in seeds where backward.duration[Int(seed.node)] < .infinity {
            let total = forward.duration[Int(seed.node)] + backward.duration[Int(seed.node)]
            if total < bestDuration { (bestDuration, meeting) = (total, seed.node) }
        }

        while !forwardHeap.isEmpty || !backwardHeap.isEmpty {
            if forwardHeap.minimumKey + backwardHeap.minimumKey >= bestDuration { break }
            let settled =
                forwardHeap.minimumKey <= backwardHeap.minimumKey
                ? settleNext(
                    forward: true, tree: &forward, heap: &forwardHeap, opposite: backward.duration, reverse: reverse,
                    best: &bestDuration, meeting: &meeting)
                : settleNext(
                    forward: false, tree: &backward, heap: &backwardHeap, opposite: forward.duration, reverse: reverse,
                    best: &bestDuration, meeting: &meeting)
            if !settled { break }
        }
        guard bestDuration.isFinite else { return nil }
        guard meeting >= 0 else { return direct }
        let head = forward.path(to: meeting)
        let tail = backward.path(to: meeting).reversed().dropFirst()
        let length =
            forward.lengthMeters(of: head, graph: graph)
            + backward.lengthMeters(
                of: Array(backward.path(to: meeting)), graph: graph)
        return SearchPath(durationSeconds: bestDuration, lengthMeters: length, nodes: head + tail)
    }

    /// One step of one direction of `bidirectional`: settles the nearest node of `heap` and relaxes its edges,
    /// outgoing ones forwards, incoming ones (`reverse`) backwards; a node the other search has reached (`opposite`,
    /// its durations) offers a meeting. Inlined, so that each call site's constant `forward` leaves one loop without
    /// a branch.
    /// - Returns: false when `heap` is empty.
    @inline(__always)
    private func settleNext(
        forward: Bool, tree: inout SearchTree, heap: inout MinHeap, opposite: [Double], reverse: ReverseAdjacency,
        best: inout Double, meeting: inout Int32
    ) -> Bool {
        guard let top = heap.pop() else { return false }
        let node = Int(top.node)
        guard !tree.settled[node], top.key <= tree.duration[node] else { return true }
        tree.settled[node] = true
        for slot in forward ? graph.edgeRange(of: node) : reverse.range(of: node) {
            let next = Int(forward ? graph.edgeTargets[slot] : reverse.sources[slot])
            let edge = forward ? slot : Int(reverse.edges[slot])
            let candidate = top.key + graph.edgeDurationsSeconds[edge]
            if candidate < tree.duration[next] {
                tree.duration[next] = candidate
                tree.parentNode[next] = Int32(node)
                tree.parentEdge[next] = Int32(edge)
                heap.push(candidate, Int32(next))
                let total = candidate + opposite[next]
                if total < best { (best, meeting) = (total, Int32(next)) }
            }
        }
        return true
    }
}
