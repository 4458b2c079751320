/// Travel weights between a few far-apart nodes (landmarks) and every node of a graph, for A* with landmarks (ALT):
/// by the triangle inequality, `d(x, L) − d(t, L)` and `d(L, t) − d(L, x)` are lower bounds on the weight from `x`
/// to `t`, so a search can aim at its destination and still find the optimal path.
///
/// The weights are node-based (no turn costs, U-turns free), which never exceeds the turn-aware weight, so the
/// bounds hold for the edge-based search too. They are stored as whole seconds rounded down, in 16 bits: a lower
/// bound is the stored value, an upper bound the stored value + 1; `saturated` means "at least that much" (no
/// upper bound), `unreachable` means no path (no bound used at all).
struct Landmarks: Sendable, Equatable {
    /// The stored value for a weight of `saturated` seconds or more.
    static let saturated: UInt16 = 65_534
    /// The stored value when there is no path.
    static let unreachable: UInt16 = 65_535
    /// How many landmarks an import picks for a turn-aware graph.
    static let defaultCount = 8

    /// The landmark nodes, in the order picked.
    let nodes: [Int32]
    /// `d(L, x)` for node `x` and landmark `l` at `x * count + l`, in whole seconds rounded down.
    let fromLandmark: [UInt16]
    /// `d(x, L)`, laid out the same way.
    let toLandmark: [UInt16]

    var count: Int { nodes.count }

    init(nodes: [Int32], fromLandmark: [UInt16], toLandmark: [UInt16]) {
        self.nodes = nodes
        self.fromLandmark = fromLandmark
        self.toLandmark = toLandmark
    }

    /// Picks `count` landmarks in the graph's largest strongly connected component, each the node farthest (there
    /// and back) from those already picked, the first the farthest from the component's first node; then stores
    /// the weights from and to each. Deterministic: ties go to the lowest node index.
    init(_ graph: RoadGraph, count: Int = Landmarks.defaultCount) {
        let reverse = ReverseAdjacency(graph)
        let mask = Components.largestComponentMask(graph, reverse: reverse)
        let nodeCount = graph.nodeCount
        guard let start = mask.firstIndex(of: true), count > 0 else {
            self.init(nodes: [], fromLandmark: [], toLandmark: [])
            return
        }
        var picked: [Int32] = []
        var from = [UInt16](repeating: Self.unreachable, count: nodeCount * count)
        var to = from
        // The smallest round trip from any landmark picked so far, per node.
        var nearest = [Double](repeating: .infinity, count: nodeCount)
        let first = Self.roundTrips(graph, reverse, from: start)
        var candidate = Self.farthest(first, mask: mask)
        while picked.count < count, let landmark = candidate {
            let slot = picked.count
            picked.append(Int32(landmark))
            let outward = Self.weights(graph, reverse, from: landmark, backward: false)
            let inward = Self.weights(graph, reverse, from: landmark, backward: true)
            for node in 0..<nodeCount {
                from[node * count + slot] = Self.stored(outward[node])
                to[node * count + slot] = Self.stored(inward[node])
                nearest[node] = min(nearest[node], outward[node] + inward[node])
            }
            candidate = Self.farthest(nearest, mask: mask)
            if let next = candidate, nearest[next] <= 0 { candidate = nil }
        }
        if picked.count < count {  // a component smaller than `count` nodes: keep the layout, drop the empty slots
            let kept = picked.count
            var fromKept = [UInt16](repeating: Self.unreachable, count: nodeCount * kept)
            var toKept = fromKept
            for node in 0..<nodeCount {
                for slot in 0..<kept {
                    fromKept[node * kept + slot] = from[node * count + slot]
                    toKept[node * kept + slot] = to[node * count + slot]
                }
            }
            (from, to) = (fromKept, toKept)
        }
        self.init(nodes: picked, fromLandmark: from, toLandmark: to)
    }

    private static func stored(_ seconds: Double) -> UInt16 {
        guard seconds.isFinite else { return unreachable }
        return UInt16(min(Double(saturated), seconds.rounded(.down)))
    }

    private static func farthest(_ values: [Double], mask: [Bool]) -> Int? {
        var best: Int?
        for node in values.indices where mask[node] && values[node].isFinite {
            if best == nil || values[node] > values[best!] { best = node }
        }
        return best
    }

    private static func roundTrips(_ graph: RoadGraph, _ reverse: ReverseAdjacency, from node: Int) -> [Double] {
        let outward = weights(graph, reverse, from: node, backward: false)
        let inward = weights(graph, reverse, from: node, backward: true)
        return zip(outward, inward).map { $0 + $1 }
    }

    /// Node-based Dijkstra weights from `source` (or to it, `backward`).
    static func weights(_ graph: RoadGraph, _ reverse: ReverseAdjacency, from source: Int, backward: Bool)
        -> [Double]
    {
        var weight = [Double](repeating: .infinity, count: graph.nodeCount)
        var heap = MinHeap()
        weight[source] = 0
        heap.push(0, Int32(source))
        while let top = heap.pop() {
            let node = Int(top.node)
            guard top.key <= weight[node] else { continue }
            if backward {
                for slot in reverse.range(of: node) {
                    let edge = Int(reverse.edges[slot])
                    let previous = Int(reverse.sources[slot])
                    let candidate = top.key + graph.edgeWeightsSeconds[edge]
                    if candidate < weight[previous] {
                        weight[previous] = candidate
                        heap.push(candidate, Int32(previous))
                    }
                }
            } else {
                for edge in graph.edgeRange(of: node) {
                    let next = Int(graph.edgeTargets[edge])
                    let candidate = top.key + graph.edgeWeightsSeconds[edge]
                    if candidate < weight[next] {
                        weight[next] = candidate
                        heap.push(candidate, Int32(next))
                    }
                }
            }
        }
        return weight
    }

    /// The per-query constants that turn a node's landmark weights into a lower bound on its weight to any of
    /// `targets`: per landmark, an upper bound on the largest `d(t, L)` and a lower bound on the smallest `d(L, t)`.
    struct Goal {
        let count: Int
        let targetToUpper: [Double]
        let targetFromLower: [Double]
    }

    func goal(reaching targets: [Int32]) -> Goal {
        guard !targets.isEmpty else {
            return Goal(
                count: count, targetToUpper: [Double](repeating: .infinity, count: count),
                targetFromLower: [Double](repeating: -.infinity, count: count))
        }
        var toUpper = [Double](repeating: -.infinity, count: count)
        var fromLower = [Double](repeating: .infinity, count: count)
        for target in targets {
            for slot in 0..<count {
                let to = toLandmark[Int(target) * count + slot]
                toUpper[slot] = max(toUpper[slot], to >= Self.saturated ? .infinity : Double(to) + 1)
                let from = fromLandmark[Int(target) * count + slot]
                fromLower[slot] = min(fromLower[slot], from == Self.unreachable ? -.infinity : Double(from))
            }
        }
        return Goal(count: count, targetToUpper: toUpper, targetFromLower: fromLower)
    }

    /// A lower bound on the weight from `node` to the nearest of the goal's targets (0 when nothing is known).
    @inline(__always)
    func lowerBound(from node: Int, to goal: Goal) -> Double {
        var bound = 0.0
        let base = node * count
        for slot in 0..<count {
            let to = toLandmark[base + slot]
            if to != Self.unreachable { bound = max(bound, Double(to) - goal.targetToUpper[slot]) }
            let from = fromLandmark[base + slot]
            if from < Self.saturated { bound = max(bound, goal.targetFromLower[slot] - (Double(from) + 1)) }
        }
        return bound
    }
}
