import Geo
import TestSupport
import Testing

@testable import Routing

/// The largest strongly connected component, found over the arrays' storage: the same mask as the plain version it
/// replaced (kept here), on random graphs with one-way streets and islands, and on the bundled area.
@Suite(.offThePool) struct ComponentsTests {
    /// The version before: arrays appended to and indexed with checks.
    static func referenceMask(_ graph: RoadGraph, reverse: ReverseAdjacency) -> [Bool] {
        let count = graph.nodeCount
        guard count > 0 else { return [] }
        // Pass 1: nodes in order of finishing a depth-first search along the edges.
        var finished: [Int32] = []
        finished.reserveCapacity(count)
        var visited = [Bool](repeating: false, count: count)
        var stack: [(node: Int32, next: Int32)] = []
        for start in 0..<count where !visited[start] {
            visited[start] = true
            stack.append((Int32(start), graph.edgeOffsets[start]))
            while let top = stack.last {
                let node = Int(top.node)
                if top.next < graph.edgeOffsets[node + 1] {
                    stack[stack.count - 1].next += 1
                    let target = Int(graph.edgeTargets[Int(top.next)])
                    if !visited[target] {
                        visited[target] = true
                        stack.append((Int32(target), graph.edgeOffsets[target]))
                    }
                } else {
                    finished.append(top.node)
                    stack.removeLast()
                }
            }
        }
        // Pass 2: in reverse finishing order, each search against the edges collects one component.
        var component = [Int32](repeating: -1, count: count)
        var sizes: [Int] = []
        var pending: [Int32] = []
        for start in finished.reversed() where component[Int(start)] < 0 {
            let label = Int32(sizes.count)
            var size = 0
            component[Int(start)] = label
            pending.append(start)
            while let node = pending.popLast() {
                size += 1
                for slot in reverse.range(of: Int(node)) {
                    let source = Int(reverse.sources[slot])
                    if component[source] < 0 {
                        component[source] = label
                        pending.append(Int32(source))
                    }
                }
            }
            sizes.append(size)
        }
        guard let largest = sizes.indices.max(by: { sizes[$0] < sizes[$1] }) else { return [] }
        return component.map { Int($0) == largest }
    }

    @Test func randomGraphsGetTheMaskThePlainVersionGave() {
        var generator = SeededGenerator(seed: 17)
        for round in 0..<300 {
            // Given a graph of a few to a hundred nodes, its edges random (one-way, loops, parallel ones included)
            let nodes = Int.random(in: 1...100, using: &generator)
            let places = (0..<nodes).map { Coordinate(uncheckedLatitude: 60 + Double($0) * 1e-4, longitude: 25) }
            let edges = (0..<Int.random(in: 0...(nodes * 3), using: &generator)).map { _ in
                RoadEdge(
                    source: Int32.random(in: 0..<Int32(nodes), using: &generator),
                    target: Int32.random(in: 0..<Int32(nodes), using: &generator), durationSeconds: 1, lengthMeters: 1)
            }
            let graph = RoadGraph(mode: .walk, coordinates: places, edges: edges)
            let reverse = ReverseAdjacency(graph)
            // Then both versions mark the same nodes
            #expect(
                Components.largestComponentMask(graph, reverse: reverse) == Self.referenceMask(graph, reverse: reverse),
                "round \(round)")
        }
    }

    @Test func theBundledAreasGraphsGetTheMaskThePlainVersionGave() throws {
        let area = try RoadArea(contentsOf: GoalDirectedSearchTests.helsinki)
        for graph in area.graphs.values {
            let reverse = ReverseAdjacency(graph)
            let mask = Components.largestComponentMask(graph, reverse: reverse)
            #expect(mask == Self.referenceMask(graph, reverse: reverse))
            #expect(mask.filter { $0 }.count > graph.nodeCount / 2)
        }
    }
}
