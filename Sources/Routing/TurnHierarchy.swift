/// A contraction hierarchy over the turns of a graph (edge-based, as OSRM's CH): its nodes are the graph's directed
/// edges, an arc `e → f` is the turn from `e` onto `f` and costs that turn plus `f`'s weight (`TurnTable`), so
/// a search on it charges turns exactly as `TurnSearch` does and finds a path of the same weight.
///
/// Built by contracting the nodes one by one, least important first (edge difference plus half the contracted
/// neighbours, recomputed when a node reaches the front of the queue: on Columbus, weight 2 took 5.1 s and 1 took
/// 3.3 s for slower queries than 0.5's 2.6 s; 0 made queries 30 % slower), adding a shortcut `u → w` past each contracted `v` unless a bounded witness search finds a path
/// no heavier that avoids `v`. A query is then a bidirectional Dijkstra that only climbs: from the origin's edges
/// along arcs to higher nodes, from the destination's edges backwards along arcs from higher nodes; it settles a
/// few hundred nodes whatever the trip's length. Shortcuts are unpacked into graph edges through their middle node.
struct TurnHierarchy: Sendable, Equatable {
    /// One arc as stored: the other node, its weight, and the contracted node it passes (-1 for a turn).
    struct Arc: Sendable, Equatable {
        var node: Int32
        var weightSeconds: Double
        var middle: Int32
    }

    /// The contraction order of each node (each graph edge): higher is more important.
    let rank: [Int32]
    /// The arcs to higher nodes, by tail (the forward search climbs them): CSR offsets per node, then per arc its
    /// head, weight in seconds and middle node (-1 for a turn).
    let upOffsets: [Int32]
    let upNodes: [Int32]
    let upWeightsSeconds: [Double]
    let upMiddles: [Int32]
    /// The arcs from higher nodes, by head (the backward search climbs them): per arc its tail, weight, middle.
    let downOffsets: [Int32]
    let downNodes: [Int32]
    let downWeightsSeconds: [Double]
    let downMiddles: [Int32]

    /// The most nodes one witness search settles before giving up (a shortcut is then added: never wrong).
    static let witnessSettleLimit = 40

    /// Contracts the graph's turn graph.
    init(_ graph: RoadGraph, turns: TurnTable) {
        let count = graph.edgeCount
        var outArcs = [[Arc]](repeating: [], count: count)
        var inArcs = [[Arc]](repeating: [], count: count)
        for edge in 0..<count {
            for next in graph.edgeRange(of: Int(graph.edgeTargets[edge])) {
                let turn = turns.seconds(from: edge, to: next, graph: graph)
                guard turn.isFinite, next != edge else { continue }
                let weight = turn + graph.edgeWeightsSeconds[next]
                Self.addArc(from: edge, to: next, weight: weight, middle: -1, outArcs: &outArcs, inArcs: &inArcs)
            }
        }
        var contracted = [Bool](repeating: false, count: count)
        var contractedNeighbours = [Int32](repeating: 0, count: count)
        var rank = [Int32](repeating: 0, count: count)
        var upLists = [[Arc]](repeating: [], count: count)
        var downLists = [[Arc]](repeating: [], count: count)
        var witness = WitnessSearch(nodeCount: count)
        var queue = MinHeap()
        // First guess: every pair through the node needs a shortcut (the lazy updates below correct it).
        for node in 0..<count {
            let pairs = outArcs[node].count * inArcs[node].count
            queue.push(Self.priority(node, shortcuts: pairs, outArcs, inArcs, contractedNeighbours), Int32(node))
        }
        var order: Int32 = 0
        while let top = queue.pop() {
            let node = Int(top.node)
            guard !contracted[node] else { continue }
            let shortcuts = Self.shortcuts(
                past: node, outArcs: outArcs, inArcs: inArcs, contracted: contracted, witness: &witness)
            let priority = Self.priority(node, shortcuts: shortcuts.count, outArcs, inArcs, contractedNeighbours)
            if priority > queue.minimumKey {
                queue.push(priority, Int32(node))
                continue
            }
            contracted[node] = true
            rank[node] = order
            order += 1
            upLists[node] = outArcs[node].filter { !contracted[Int($0.node)] }
            downLists[node] = inArcs[node].filter { !contracted[Int($0.node)] }
            for arc in outArcs[node] where !contracted[Int(arc.node)] {
                contractedNeighbours[Int(arc.node)] += 1
                inArcs[Int(arc.node)].removeAll { $0.node == Int32(node) }
            }
            for arc in inArcs[node] where !contracted[Int(arc.node)] {
                contractedNeighbours[Int(arc.node)] += 1
                outArcs[Int(arc.node)].removeAll { $0.node == Int32(node) }
            }
            for shortcut in shortcuts {
                Self.addArc(
                    from: Int(shortcut.from), to: Int(shortcut.to), weight: shortcut.weight, middle: Int32(node),
                    outArcs: &outArcs, inArcs: &inArcs)
            }
            outArcs[node] = []
            inArcs[node] = []
        }
        self.rank = rank
        (upOffsets, upNodes, upWeightsSeconds, upMiddles) = Self.compressed(upLists)
        (downOffsets, downNodes, downWeightsSeconds, downMiddles) = Self.compressed(downLists)
    }

    /// A hierarchy from its arrays as they are (used when loading a saved graph; `validated` checks them).
    init(
        rank: [Int32], upOffsets: [Int32], upNodes: [Int32], upWeightsSeconds: [Double], upMiddles: [Int32],
        downOffsets: [Int32], downNodes: [Int32], downWeightsSeconds: [Double], downMiddles: [Int32]
    ) {
        self.rank = rank
        self.upOffsets = upOffsets
        self.upNodes = upNodes
        self.upWeightsSeconds = upWeightsSeconds
        self.upMiddles = upMiddles
        self.downOffsets = downOffsets
        self.downNodes = downNodes
        self.downWeightsSeconds = downWeightsSeconds
        self.downMiddles = downMiddles
    }

    private static func compressed(_ lists: [[Arc]]) -> ([Int32], [Int32], [Double], [Int32]) {
        var offsets = [Int32](repeating: 0, count: lists.count + 1)
        var nodes: [Int32] = []
        var weights: [Double] = []
        var middles: [Int32] = []
        for (node, list) in lists.enumerated() {
            for arc in list {
                nodes.append(arc.node)
                weights.append(arc.weightSeconds)
                middles.append(arc.middle)
            }
            offsets[node + 1] = Int32(nodes.count)
        }
        return (offsets, nodes, weights, middles)
    }

    /// Why the arrays cannot be a hierarchy over `edgeCount` graph edges, or nil when they can: sizes agree,
    /// offsets rise, every arc joins two nodes in range and climbs, its weight is finite and not negative, and its
    /// middle (if any) ranks below both ends, so that no damaged file can make a query or an unpacking loop.
    func problem(edgeCount: Int) -> String? {
        guard rank.count == edgeCount else { return "the hierarchy ranks \(rank.count) of \(edgeCount) edges" }
        for (offsets, nodes, weights, middles, isUp) in [
            (upOffsets, upNodes, upWeightsSeconds, upMiddles, true),
            (downOffsets, downNodes, downWeightsSeconds, downMiddles, false),
        ] {
            guard offsets.count == edgeCount + 1, offsets.first == 0, offsets.last == Int32(nodes.count),
                weights.count == nodes.count, middles.count == nodes.count
            else { return "the hierarchy's arrays disagree in size" }
            for node in 0..<edgeCount {
                guard offsets[node] <= offsets[node + 1] else { return "the hierarchy's offsets decrease at \(node)" }
                // Offsets that rose past the arcs before falling back to their count would read beyond them.
                guard offsets[node + 1] <= Int32(nodes.count) else {
                    return "the hierarchy's offsets run past its arcs at \(node)"
                }
                for slot in Int(offsets[node])..<Int(offsets[node + 1]) {
                    let other = Int(nodes[slot])
                    guard other >= 0, other < edgeCount, rank[other] > rank[node] else {
                        return "the hierarchy has an arc \(isUp ? "up" : "down") from \(node) that does not climb"
                    }
                    guard weights[slot] >= 0, weights[slot].isFinite else {
                        return "the hierarchy has an arc of weight \(weights[slot])"
                    }
                    let middle = Int(middles[slot])
                    guard middle == -1 || (middle >= 0 && middle < edgeCount && rank[middle] < rank[node]) else {
                        return "the hierarchy has a shortcut past node \(middle) out of order"
                    }
                }
            }
        }
        return nil
    }

    /// Adds `from → to`, or lowers the weight of the arc already there.
    private static func addArc(
        from: Int, to: Int, weight: Double, middle: Int32, outArcs: inout [[Arc]], inArcs: inout [[Arc]]
    ) {
        if let slot = outArcs[from].firstIndex(where: { $0.node == Int32(to) }) {
            guard weight < outArcs[from][slot].weightSeconds else { return }
            outArcs[from][slot] = Arc(node: Int32(to), weightSeconds: weight, middle: middle)
            if let back = inArcs[to].firstIndex(where: { $0.node == Int32(from) }) {
                inArcs[to][back] = Arc(node: Int32(from), weightSeconds: weight, middle: middle)
            }
            return
        }
        outArcs[from].append(Arc(node: Int32(to), weightSeconds: weight, middle: middle))
        inArcs[to].append(Arc(node: Int32(from), weightSeconds: weight, middle: middle))
    }

    private static func priority(
        _ node: Int, shortcuts: Int, _ outArcs: [[Arc]], _ inArcs: [[Arc]], _ contractedNeighbours: [Int32]
    ) -> Double {
        Double(shortcuts - outArcs[node].count - inArcs[node].count) + 0.5 * Double(contractedNeighbours[node])
    }

    /// The shortcuts contracting `node` needs: `u → w` for each arc in and out whose sum no witness path beats.
    private static func shortcuts(
        past node: Int, outArcs: [[Arc]], inArcs: [[Arc]], contracted: [Bool], witness: inout WitnessSearch
    ) -> [(from: Int32, to: Int32, weight: Double)] {
        var result: [(from: Int32, to: Int32, weight: Double)] = []
        let outs = outArcs[node]
        guard !outs.isEmpty else { return result }
        for incoming in inArcs[node] {
            let source = Int(incoming.node)
            let limit = incoming.weightSeconds + outs.reduce(0) { max($0, $1.weightSeconds) }
            witness.run(
                from: source, avoiding: node, limit: limit, targets: outs, outArcs: outArcs, contracted: contracted)
            for outgoing in outs where Int(outgoing.node) != source {
                let through = incoming.weightSeconds + outgoing.weightSeconds
                if witness.weight(Int(outgoing.node)) > through {
                    result.append((incoming.node, outgoing.node, through))
                }
            }
            witness.reset()
        }
        return result
    }

    /// A Dijkstra over the uncontracted nodes that skips one node, stopping at a weight or a number of nodes.
    private struct WitnessSearch {
        var weights: [Double]
        var isTarget: [Bool]
        var touched: [Int32] = []
        var heap = MinHeap()

        init(nodeCount: Int) {
            weights = [Double](repeating: .infinity, count: nodeCount)
            isTarget = [Bool](repeating: false, count: nodeCount)
        }

        func weight(_ node: Int) -> Double { weights[node] }

        /// Runs from `source` until the limit, the settle limit, or every target is settled.
        mutating func run(
            from source: Int, avoiding skipped: Int, limit: Double, targets: [Arc], outArcs: [[Arc]], contracted: [Bool]
        ) {
            weights[source] = 0
            touched.append(Int32(source))
            heap.push(0, Int32(source))
            for target in targets { isTarget[Int(target.node)] = true }
            defer { for target in targets { isTarget[Int(target.node)] = false } }
            var remaining = targets.count
            var settled = 0
            while let top = heap.pop() {
                let node = Int(top.node)
                guard top.key <= weights[node] else { continue }
                if top.key > limit || settled >= TurnHierarchy.witnessSettleLimit { break }
                settled += 1
                if isTarget[node] {
                    remaining -= 1
                    if remaining == 0 { break }
                }
                for arc in outArcs[node] {
                    let next = Int(arc.node)
                    guard next != skipped, !contracted[next] else { continue }
                    let candidate = top.key + arc.weightSeconds
                    if candidate < weights[next] {
                        if weights[next] == .infinity { touched.append(arc.node) }
                        weights[next] = candidate
                        heap.push(candidate, arc.node)
                    }
                }
            }
        }

        mutating func reset() {
            for node in touched { weights[Int(node)] = .infinity }
            touched.removeAll(keepingCapacity: true)
            heap.removeAll()
        }
    }

    // MARK: - Queries

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
}

extension TurnHierarchy {
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
            if forwardKey <= backwardKey {
                let top = workspace.forwardHeap.pop()!
                let node = Int(top.node)
                guard top.key <= workspace.forward[node] else { continue }
                for slot in Int(hierarchy.upOffsets[node])..<Int(hierarchy.upOffsets[node + 1]) {
                    let next = Int(hierarchy.upNodes[slot])
                    let candidate = top.key + hierarchy.upWeightsSeconds[slot]
                    guard candidate < workspace.forward[next] else { continue }
                    if workspace.forward[next] == .infinity && workspace.backward[next] == .infinity {
                        workspace.touched.append(Int32(next))
                    }
                    workspace.forward[next] = candidate
                    workspace.forwardParent[next] = Int32(node)
                    workspace.forwardMiddle[next] = hierarchy.upMiddles[slot]
                    workspace.forwardHeap.push(candidate, Int32(next))
                    if candidate + workspace.backward[next] < best {
                        (best, meeting) = (candidate + workspace.backward[next], Int32(next))
                    }
                }
            } else {
                let top = workspace.backwardHeap.pop()!
                let node = Int(top.node)
                guard top.key <= workspace.backward[node] else { continue }
                for slot in Int(hierarchy.downOffsets[node])..<Int(hierarchy.downOffsets[node + 1]) {
                    let previous = Int(hierarchy.downNodes[slot])
                    let candidate = top.key + hierarchy.downWeightsSeconds[slot]
                    guard candidate < workspace.backward[previous] else { continue }
                    if workspace.forward[previous] == .infinity && workspace.backward[previous] == .infinity {
                        workspace.touched.append(Int32(previous))
                    }
                    workspace.backward[previous] = candidate
                    workspace.backwardParent[previous] = Int32(node)
                    workspace.backwardMiddle[previous] = hierarchy.downMiddles[slot]
                    workspace.backwardHeap.push(candidate, Int32(previous))
                    if candidate + workspace.forward[previous] < best {
                        (best, meeting) = (candidate + workspace.forward[previous], Int32(previous))
                    }
                }
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
