/// Strongly connected components of a road graph (Kosaraju's algorithm, without recursion).
enum Components {
    /// For each node, true when it belongs to the largest strongly connected component.
    ///
    /// Clipped extracts leave islands (a footway inside a courtyard, a road cut at the border), and one-way streets
    /// leave pockets that can be left but not entered (or entered but not left). Snapping only onto the largest
    /// strongly connected component, as OSRM prefers its big components, keeps an origin or a destination from
    /// landing where the rest of the network cannot reach it or be reached from it.
    static func largestComponentMask(_ graph: RoadGraph, reverse: ReverseAdjacency) -> [Bool] {
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
}
