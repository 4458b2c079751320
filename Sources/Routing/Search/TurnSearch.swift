/// Where a turn-aware search starts or ends: an edge, with what is already spent reaching its head (a start), or
/// still to spend from its head to the destination (an end: the turn off it and part of the next segment).
struct EdgeSeed: Sendable, Equatable {
    let edge: Int32
    let weightSeconds: Double
    let durationSeconds: Double
    let lengthMeters: Double
}

/// Dijkstra over a graph's edges rather than its nodes, so that each turn between two edges can cost something
/// (`TurnTable`): the edge-based search OSRM runs, done on the node graph's arrays without building the larger
/// graph of turns. It minimises weight and reports the duration and length of the path it finds.
///
/// A forward label is the weight from the origin to the head of an edge; a backward label the weight from the head
/// of an edge to the destination. A path's weight is therefore forward + backward at any edge along it, and the
/// bidirectional search may stop once the two smallest keys add up to the best path found.
struct TurnSearch {
    let graph: RoadGraph
    let reverse: ReverseAdjacency
    let turns: TurnTable

    /// One direction's labels, per edge.
    private struct Tree {
        var weight: [Double]
        var parent: [Int32]
        var settled: [Bool]
        var seeds: [Int32: EdgeSeed] = [:]

        init(edgeCount: Int) {
            weight = [Double](repeating: .infinity, count: edgeCount)
            parent = [Int32](repeating: -1, count: edgeCount)
            settled = [Bool](repeating: false, count: edgeCount)
        }

        mutating func seed(_ seed: EdgeSeed, heap: inout MinHeap) {
            let edge = Int(seed.edge)
            guard seed.weightSeconds < weight[edge] else { return }
            weight[edge] = seed.weightSeconds
            parent[edge] = -1
            seeds[seed.edge] = seed
            heap.push(seed.weightSeconds, seed.edge)
        }

        /// The edges from a seed to `edge`, following parents.
        func chain(to edge: Int32) -> [Int32] {
            var edges: [Int32] = [edge]
            var current = edge
            while parent[Int(current)] >= 0 {
                current = parent[Int(current)]
                edges.append(current)
            }
            return edges
        }
    }

    /// The best path from the origin's `seeds` to the destination's `ends`, by bidirectional Dijkstra; `direct`
    /// is the path along one segment, with its weight, when origin and destination share one.
    func bidirectional(seeds: [EdgeSeed], ends: [EdgeSeed], direct: (weight: Double, path: SearchPath)?)
        -> SearchPath?
    {
        var forward = Tree(edgeCount: graph.edgeCount)
        var backward = Tree(edgeCount: graph.edgeCount)
        var forwardHeap = MinHeap()
        var backwardHeap = MinHeap()
        for seed in seeds { forward.seed(seed, heap: &forwardHeap) }
        for end in ends { backward.seed(end, heap: &backwardHeap) }
        var best = direct?.weight ?? .infinity
        var meeting: Int32 = -1
        for seed in seeds where forward.weight[Int(seed.edge)] + backward.weight[Int(seed.edge)] < best {
            best = forward.weight[Int(seed.edge)] + backward.weight[Int(seed.edge)]
            meeting = seed.edge
        }
        while !forwardHeap.isEmpty || !backwardHeap.isEmpty {
            if forwardHeap.minimumKey + backwardHeap.minimumKey >= best { break }
            if forwardHeap.minimumKey <= backwardHeap.minimumKey {
                guard let top = forwardHeap.pop() else { break }
                let edge = Int(top.node)
                guard !forward.settled[edge], top.key <= forward.weight[edge] else { continue }
                forward.settled[edge] = true
                for next in graph.edgeRange(of: Int(graph.edgeTargets[edge])) {
                    let candidate =
                        top.key + turns.seconds(from: edge, to: next, graph: graph) + graph.edgeWeightsSeconds[next]
                    if candidate < forward.weight[next] {
                        forward.weight[next] = candidate
                        forward.parent[next] = Int32(edge)
                        forwardHeap.push(candidate, Int32(next))
                        if candidate + backward.weight[next] < best {
                            (best, meeting) = (candidate + backward.weight[next], Int32(next))
                        }
                    }
                }
            } else {
                guard let top = backwardHeap.pop() else { break }
                let edge = Int(top.node)
                guard !backward.settled[edge], top.key <= backward.weight[edge] else { continue }
                backward.settled[edge] = true
                let through = top.key + graph.edgeWeightsSeconds[edge]
                for slot in reverse.range(of: Int(turns.edgeSources[edge])) {
                    let previous = Int(reverse.edges[slot])
                    let candidate = through + turns.seconds(from: previous, to: edge, graph: graph)
                    if candidate < backward.weight[previous] {
                        backward.weight[previous] = candidate
                        backward.parent[previous] = Int32(edge)
                        backwardHeap.push(candidate, Int32(previous))
                        if candidate + forward.weight[previous] < best {
                            (best, meeting) = (candidate + forward.weight[previous], Int32(previous))
                        }
                    }
                }
            }
        }
        guard best.isFinite else { return nil }
        guard meeting >= 0 else { return direct?.path }
        let head = Array(forward.chain(to: meeting).reversed())
        let tail = Array(backward.chain(to: meeting).dropFirst())
        guard let start = forward.seeds[head[0]], let end = backward.seeds[tail.last ?? meeting] else { return nil }
        return path(edges: head + tail, start: start, end: end)
    }

    /// The best path from `seeds` to each destination, a destination being reached through any of its `ends`;
    /// `direct[i]` is the path along one segment, with its weight, when there is one.
    /// - Parameter limit: stop once the `limit` best destinations are known (the rest may come back nil).
    func oneToMany(
        seeds: [EdgeSeed], destinations: [[EdgeSeed]], direct: [(weight: Double, path: SearchPath)?] = [],
        limit: Int? = nil
    ) -> [SearchPath?] {
        let count = destinations.count
        var best = (0..<count).map { index in index < direct.count ? direct[index]?.weight ?? .infinity : .infinity }
        var winner = [Int](repeating: -1, count: count)
        var endsAt: [Int32: [(destination: Int, end: Int)]] = [:]
        for (destination, ends) in destinations.enumerated() {
            for (index, end) in ends.enumerated() { endsAt[end.edge, default: []].append((destination, index)) }
        }
        var tree = Tree(edgeCount: graph.edgeCount)
        var heap = MinHeap()
        for seed in seeds { tree.seed(seed, heap: &heap) }
        var threshold = Self.threshold(best, limit: limit)
        var thresholdIsStale = false
        var pops = 0
        while let top = heap.pop() {
            pops += 1
            if thresholdIsStale && (pops & 255 == 0 || heap.isEmpty) {
                threshold = Self.threshold(best, limit: limit)
                thresholdIsStale = false
            }
            if top.key >= threshold { break }
            let edge = Int(top.node)
            guard !tree.settled[edge], top.key <= tree.weight[edge] else { continue }
            tree.settled[edge] = true
            if let ends = endsAt[top.node] {
                for (destination, index) in ends {
                    let candidate = top.key + destinations[destination][index].weightSeconds
                    if candidate < best[destination] {
                        best[destination] = candidate
                        winner[destination] = index
                        thresholdIsStale = true
                    }
                }
            }
            for next in graph.edgeRange(of: Int(graph.edgeTargets[edge])) {
                let candidate =
                    top.key + turns.seconds(from: edge, to: next, graph: graph) + graph.edgeWeightsSeconds[next]
                if candidate < tree.weight[next] {
                    tree.weight[next] = candidate
                    tree.parent[next] = Int32(edge)
                    heap.push(candidate, Int32(next))
                }
            }
        }
        return (0..<count).map { destination in
            guard best[destination].isFinite else { return nil }
            guard winner[destination] >= 0 else { return direct[destination]?.path }
            let end = destinations[destination][winner[destination]]
            let edges = Array(tree.chain(to: end.edge).reversed())
            guard let start = tree.seeds[edges[0]] else { return nil }
            return path(edges: edges, start: start, end: end)
        }
    }

    /// The totals and nodes of the path along `edges`: the start seed's share of the first, each later edge and
    /// the turn onto it, then the end seed's share after the last. Its nodes are the edges' heads.
    func path(edges: [Int32], start: EdgeSeed, end: EdgeSeed) -> SearchPath {
        var duration = start.durationSeconds + end.durationSeconds
        var length = start.lengthMeters + end.lengthMeters
        for (previous, edge) in zip(edges, edges.dropFirst()) {
            duration += turns.seconds(from: Int(previous), to: Int(edge), graph: graph)
                + graph.edgeDurationsSeconds[Int(edge)]
            length += graph.edgeLengthsMeters[Int(edge)]
        }
        return SearchPath(
            durationSeconds: duration, lengthMeters: length, nodes: edges.map { graph.edgeTargets[Int($0)] })
    }

    private static func threshold(_ best: [Double], limit: Int?) -> Double {
        guard !best.isEmpty else { return -.infinity }
        guard let limit, limit < best.count else { return best.max()! }
        guard limit > 0 else { return -.infinity }
        return best.sorted()[limit - 1]
    }
}
