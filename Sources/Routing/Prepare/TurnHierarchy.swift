/// A contraction hierarchy over the turns of a graph (edge-based, as OSRM's CH): its nodes are the graph's directed
/// edges, an arc `e → f` is the turn from `e` onto `f` and costs that turn plus `f`'s weight (`TurnTable`), so
/// a search on it charges turns exactly as `TurnSearch` does and finds a path of the same weight.
///
/// Built by contracting the nodes one by one, least important first (edge difference plus half the contracted
/// neighbours, recomputed when a node reaches the front of the queue: on Columbus a larger weight on the neighbours
/// built slower for slower queries, and none made queries slower), adding a shortcut `u → w` past each contracted
/// `v` unless a bounded witness search finds a path no heavier that avoids `v`. A query is then a bidirectional
/// Dijkstra that only climbs (`TurnHierarchy+Search.swift`): from the origin's edges along arcs to higher nodes, from
/// the destination's edges backwards along arcs from higher nodes; it settles a few hundred nodes whatever the
/// trip's length. Shortcuts are unpacked into graph edges through their middle node.
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
}
