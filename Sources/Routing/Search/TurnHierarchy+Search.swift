extension TurnHierarchy {
    /// Appends the graph edges an arc `from → to` (an up arc of `from` or a down arc of `to`) stands for, after
    /// `from`; false when a shortcut's halves are missing (a damaged file).
    func unpack(from: Int32, to: Int32, middle: Int32, into edges: inout [Int32]) -> Bool {
        guard middle >= 0 else {
            edges.append(to)
            return true
        }
        // from → middle is a down arc of middle (from ranks higher); middle → to an up arc of middle.
        let m = Int(middle)
        guard
            let first = (Int(downOffsets[m])..<Int(downOffsets[m + 1])).first(where: { downNodes[$0] == from }),
            let second = (Int(upOffsets[m])..<Int(upOffsets[m + 1])).first(where: { upNodes[$0] == to })
        else { return false }
        return unpack(from: from, to: middle, middle: downMiddles[first], into: &edges)
            && unpack(from: middle, to: to, middle: upMiddles[second], into: &edges)
    }

    /// One direction's upward search from `seeds`, run until nothing is left to settle: over the up arcs
    /// (`upOffsets`, …) forwards, the down arcs backwards. Labels start at +∞; each node labelled is added to
    /// `touched`, so that the workspace can be reset.
    func climb(
        from seeds: [EdgeSeed], offsets: [Int32], targets: [Int32], weights: [Double], middles: [Int32],
        labels: inout [Double], parents: inout [Int32], arcMiddles: inout [Int32], heap: inout MinHeap,
        touched: inout [Int32]
    ) {
        for seed in seeds where seed.weightSeconds < labels[Int(seed.edge)] {
            if labels[Int(seed.edge)] == .infinity { touched.append(seed.edge) }
            labels[Int(seed.edge)] = seed.weightSeconds
            heap.push(seed.weightSeconds, seed.edge)
        }
        while let top = heap.pop() {
            let node = Int(top.node)
            guard top.key <= labels[node] else { continue }
            for slot in Int(offsets[node])..<Int(offsets[node + 1]) {
                let next = Int(targets[slot])
                let candidate = top.key + weights[slot]
                guard candidate < labels[next] else { continue }
                if labels[next] == .infinity { touched.append(Int32(next)) }
                labels[next] = candidate
                parents[next] = Int32(node)
                arcMiddles[next] = middles[slot]
                heap.push(candidate, Int32(next))
            }
        }
    }
}

/// Labels for hierarchy queries, kept between queries and reset by the list of nodes touched.
struct HierarchyWorkspace: Sendable {
    var forward: [Double]
    var backward: [Double]
    /// The node and arc middle each label came from (-1 for a seed), per direction.
    var forwardParent: [Int32]
    var forwardMiddle: [Int32]
    var backwardParent: [Int32]
    var backwardMiddle: [Int32]
    var touched: [Int32] = []
    var forwardHeap = MinHeap()
    var backwardHeap = MinHeap()

    init(nodeCount: Int) {
        forward = [Double](repeating: .infinity, count: nodeCount)
        backward = forward
        forwardParent = [Int32](repeating: -1, count: nodeCount)
        forwardMiddle = forwardParent
        backwardParent = forwardParent
        backwardMiddle = forwardParent
    }

    mutating func reset() {
        for node in touched {
            forward[Int(node)] = .infinity
            backward[Int(node)] = .infinity
            forwardParent[Int(node)] = -1
            backwardParent[Int(node)] = -1
        }
        touched.removeAll(keepingCapacity: true)
        forwardHeap.removeAll()
        backwardHeap.removeAll()
    }
}

extension TurnSearch {
    /// The best path from the origin's `seeds` to the destination's `ends`, as `bidirectional` finds it, by a
    /// bidirectional search that climbs `hierarchy`; the path's duration and length are summed over the unpacked
    /// graph edges exactly as the other searches sum them.
    /// - Parameter workspace: labels all at their initial state; left so.
    func hierarchySearch(
        seeds: [EdgeSeed], ends: [EdgeSeed], direct: (weight: Double, path: SearchPath)?, hierarchy: TurnHierarchy,
        workspace: inout HierarchyWorkspace
    ) -> SearchPath? {
        defer { workspace.reset() }
        var best = direct?.weight ?? .infinity
        var meeting: Int32 = -1
        for seed in seeds where seed.weightSeconds < workspace.forward[Int(seed.edge)] {
            let edge = Int(seed.edge)
            if workspace.forward[edge] == .infinity && workspace.backward[edge] == .infinity {
                workspace.touched.append(seed.edge)
            }
            workspace.forward[edge] = seed.weightSeconds
            workspace.forwardHeap.push(seed.weightSeconds, seed.edge)
        }
        for end in ends where end.weightSeconds < workspace.backward[Int(end.edge)] {
            let edge = Int(end.edge)
            if workspace.forward[edge] == .infinity && workspace.backward[edge] == .infinity {
                workspace.touched.append(end.edge)
            }
            workspace.backward[edge] = end.weightSeconds
            workspace.backwardHeap.push(end.weightSeconds, end.edge)
            if workspace.forward[edge] + end.weightSeconds < best {
                (best, meeting) = (workspace.forward[edge] + end.weightSeconds, end.edge)
            }
        }
        while true {
            let forwardKey = workspace.forwardHeap.minimumKey
            let backwardKey = workspace.backwardHeap.minimumKey
            if min(forwardKey, backwardKey) >= best { break }
            // The direction is its arcs and its labels: up arcs and forward labels, or down arcs and backward ones.
            if forwardKey <= backwardKey {
                Self.climbOneStep(
                    offsets: hierarchy.upOffsets, targets: hierarchy.upNodes, weights: hierarchy.upWeightsSeconds,
                    middles: hierarchy.upMiddles, labels: &workspace.forward, parents: &workspace.forwardParent,
                    arcMiddles: &workspace.forwardMiddle, heap: &workspace.forwardHeap, opposite: workspace.backward,
                    touched: &workspace.touched, best: &best, meeting: &meeting)
            } else {
                Self.climbOneStep(
                    offsets: hierarchy.downOffsets, targets: hierarchy.downNodes,
                    weights: hierarchy.downWeightsSeconds, middles: hierarchy.downMiddles, labels: &workspace.backward,
                    parents: &workspace.backwardParent, arcMiddles: &workspace.backwardMiddle,
                    heap: &workspace.backwardHeap, opposite: workspace.forward, touched: &workspace.touched,
                    best: &best, meeting: &meeting)
            }
        }
        guard best.isFinite else { return nil }
        guard meeting >= 0 else { return direct?.path }
        guard let (start, head) = forwardEdges(to: meeting, seeds: seeds, hierarchy: hierarchy, workspace: workspace)
        else { return nil }
        var edges = head
        // Backward: from the meeting node on to an end, each step an arc node → parent.
        var node = meeting
        while workspace.backwardParent[Int(node)] >= 0 {
            let parent = workspace.backwardParent[Int(node)]
            guard hierarchy.unpack(from: node, to: parent, middle: workspace.backwardMiddle[Int(node)], into: &edges)
            else { return nil }
            node = parent
        }
        guard let end = Self.seed(of: node, in: ends) else { return nil }
        return path(edges: edges, start: start, end: end)
    }

    /// One step of one direction of `hierarchySearch`: settles the nearest node of `heap` and climbs its arcs, the
    /// up arcs forwards or the down arcs backwards, into that direction's labels; a node the `opposite` labels have
    /// reached offers a meeting. Inlined, so that each direction keeps a loop of its own over its arrays.
    /// - Precondition: `heap` is not empty (its least key is below `best`).
    @inline(__always)
    private static func climbOneStep(
        offsets: [Int32], targets: [Int32], weights: [Double], middles: [Int32], labels: inout [Double],
        parents: inout [Int32], arcMiddles: inout [Int32], heap: inout MinHeap, opposite: [Double],
        touched: inout [Int32], best: inout Double, meeting: inout Int32
    ) {
        let top = heap.pop()!
        let node = Int(top.node)
        guard top.key <= labels[node] else { return }
        for slot in Int(offsets[node])..<Int(offsets[node + 1]) {
            let next = Int(targets[slot])
            let candidate = top.key + weights[slot]
            guard candidate < labels[next] else { continue }
            if labels[next] == .infinity && opposite[next] == .infinity { touched.append(Int32(next)) }
            labels[next] = candidate
            parents[next] = Int32(node)
            arcMiddles[next] = middles[slot]
            heap.push(candidate, Int32(next))
            if candidate + opposite[next] < best { (best, meeting) = (candidate + opposite[next], Int32(next)) }
        }
    }

    /// The forward labels' way from a seed to `node`, unpacked into graph edges (the seed's edge first), with the
    /// seed; nil when the labels do not lead back to one of `seeds` or an arc does not unpack.
    func forwardEdges(
        to node: Int32, seeds: [EdgeSeed], hierarchy: TurnHierarchy, workspace: borrowing HierarchyWorkspace
    ) -> (start: EdgeSeed, edges: [Int32])? {
        // From `node` back to a seed, each step an arc parent → node; then unpacked seed first.
        var steps: [(from: Int32, to: Int32, middle: Int32)] = []
        var node = node
        while workspace.forwardParent[Int(node)] >= 0 {
            let parent = workspace.forwardParent[Int(node)]
            steps.append((parent, node, workspace.forwardMiddle[Int(node)]))
            node = parent
        }
        guard let start = Self.seed(of: node, in: seeds) else { return nil }
        var edges: [Int32] = [node]
        edges.reserveCapacity(256)
        for step in steps.reversed() {
            guard hierarchy.unpack(from: step.from, to: step.to, middle: step.middle, into: &edges) else { return nil }
        }
        return (start, edges)
    }

    /// The seed a search started `edge` from: the first of the least weight, the one the loops above kept.
    /// (A snap gives an end one or two seeds: a scan beats a dictionary built per search.)
    static func seed(of edge: Int32, in seeds: [EdgeSeed]) -> EdgeSeed? {
        var found: EdgeSeed?
        for seed in seeds where seed.edge == edge && seed.weightSeconds < (found?.weightSeconds ?? .infinity) {
            found = seed
        }
        return found
    }
}
