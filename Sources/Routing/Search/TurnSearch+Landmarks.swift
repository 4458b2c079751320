/// Labels for one goal-directed search, kept between queries so that a query touches only what it reaches rather
/// than clearing arrays the size of the graph.
struct SearchWorkspace: Sendable {
    var weight: [Double]
    var parent: [Int32]
    /// A node's lower bound to the goal, or -1 before it is computed.
    var potential: [Double]
    var touchedEdges: [Int32] = []
    var touchedNodes: [Int32] = []
    var heap = MinHeap()

    init(edgeCount: Int, nodeCount: Int) {
        weight = [Double](repeating: .infinity, count: edgeCount)
        parent = [Int32](repeating: -1, count: edgeCount)
        potential = [Double](repeating: -1, count: nodeCount)
    }

    /// Back to the state `init` leaves.
    mutating func reset() {
        for edge in touchedEdges {
            weight[Int(edge)] = .infinity
            parent[Int(edge)] = -1
        }
        for node in touchedNodes { potential[Int(node)] = -1 }
        touchedEdges.removeAll(keepingCapacity: true)
        touchedNodes.removeAll(keepingCapacity: true)
        heap.removeAll()
    }
}

extension TurnSearch {
    /// The best path from the origin's `seeds` to the destination's `ends`, as `bidirectional` finds it, by A*
    /// from the origin with landmark lower bounds (ALT) towards the ends' nodes.
    ///
    /// The bounds are admissible but, being rounded to whole seconds, not quite consistent, so an edge may be
    /// labelled again after it was expanded (it is then expanded again); the search stops once the smallest key
    /// reaches the best path found, and that path is optimal.
    /// - Parameter workspace: labels all at their initial state; left so.
    func landmarkSearch(
        seeds: [EdgeSeed], ends: [EdgeSeed], direct: (weight: Double, path: SearchPath)?, landmarks: Landmarks,
        workspace: inout SearchWorkspace
    ) -> SearchPath? {
        defer { workspace.reset() }
        let goal = landmarks.goal(reaching: ends.map { graph.edgeTargets[Int($0.edge)] })
        // Per end edge, its cheapest end (the first of equals), as `bidirectional` keeps them.
        var endEdges: [Int32] = []
        var endIndexes: [Int] = []
        for (index, end) in ends.enumerated() {
            if let known = endEdges.firstIndex(of: end.edge) {
                if end.weightSeconds < ends[endIndexes[known]].weightSeconds { endIndexes[known] = index }
            } else {
                endEdges.append(end.edge)
                endIndexes.append(index)
            }
        }
        var best = direct?.weight ?? .infinity
        var winner = -1
        var seedFor: [Int32: EdgeSeed] = [:]

        func potential(_ node: Int, _ workspace: inout SearchWorkspace) -> Double {
            let known = workspace.potential[node]
            if known >= 0 { return known }
            let bound = landmarks.lowerBound(from: node, to: goal)
            workspace.potential[node] = bound
            workspace.touchedNodes.append(Int32(node))
            return bound
        }

        for seed in seeds where seed.weightSeconds < workspace.weight[Int(seed.edge)] {
            let edge = Int(seed.edge)
            if workspace.weight[edge] == .infinity { workspace.touchedEdges.append(seed.edge) }
            workspace.weight[edge] = seed.weightSeconds
            seedFor[seed.edge] = seed
            let head = Int(graph.edgeTargets[edge])
            workspace.heap.push(seed.weightSeconds + potential(head, &workspace), seed.edge)
        }
        while let top = workspace.heap.pop() {
            if top.key >= best { break }
            let edge = Int(top.node)
            let head = Int(graph.edgeTargets[edge])
            let reached = workspace.weight[edge]
            guard top.key <= reached + workspace.potential[head] else { continue }
            if let slot = endEdges.firstIndex(of: top.node) {
                let candidate = reached + ends[endIndexes[slot]].weightSeconds
                if candidate < best { (best, winner) = (candidate, endIndexes[slot]) }
            }
            for next in graph.edgeRange(of: head) {
                let candidate =
                    reached + turns.seconds(from: edge, to: next, graph: graph) + graph.edgeWeightsSeconds[next]
                let old = workspace.weight[next]
                guard candidate < old else { continue }
                if old == .infinity { workspace.touchedEdges.append(Int32(next)) }
                workspace.weight[next] = candidate
                workspace.parent[next] = Int32(edge)
                let key = candidate + potential(Int(graph.edgeTargets[next]), &workspace)
                if key < best { workspace.heap.push(key, Int32(next)) }
            }
        }
        guard best.isFinite else { return nil }
        guard winner >= 0 else { return direct?.path }
        var edges: [Int32] = [ends[winner].edge]
        while workspace.parent[Int(edges[edges.count - 1])] >= 0 {
            edges.append(workspace.parent[Int(edges[edges.count - 1])])
        }
        edges.reverse()
        guard let start = seedFor[edges[0]] else { return nil }
        return path(edges: edges, start: start, end: ends[winner])
    }
}
