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
        // Over the arrays' storage, with the stacks reserved whole: this runs on every command's first route.
        var finished = [Int32](repeating: 0, count: count)
        var component = [Int32](repeating: -1, count: count)
        var sizes: [Int] = []
        graph.edgeOffsets.withUnsafeBufferPointer { offsets in
            graph.edgeTargets.withUnsafeBufferPointer { targets in
                // Pass 1: nodes in order of finishing a depth-first search along the edges.
                var finishedCount = 0
                var visited = [Bool](repeating: false, count: count)
                var stackNodes = [Int32](repeating: 0, count: count)
                var stackNext = [Int32](repeating: 0, count: count)
                for start in 0..<count where !visited[start] {
                    visited[start] = true
                    var depth = 1
                    stackNodes[0] = Int32(start)
                    stackNext[0] = offsets[start]
                    while depth > 0 {
                        let node = Int(stackNodes[depth - 1])
                        let next = stackNext[depth - 1]
                        if next < offsets[node + 1] {
                            stackNext[depth - 1] = next + 1
                            let target = Int(targets[Int(next)])
                            if !visited[target] {
                                visited[target] = true
                                stackNodes[depth] = Int32(target)
                                stackNext[depth] = offsets[target]
                                depth += 1
                            }
                        } else {
                            finished[finishedCount] = Int32(node)
                            finishedCount += 1
                            depth -= 1
                        }
                    }
                }
            }
        }
        reverse.offsets.withUnsafeBufferPointer { reverseOffsets in
            reverse.sources.withUnsafeBufferPointer { sources in
                // Pass 2: in reverse finishing order, each search against the edges collects one component.
                var pending = [Int32](repeating: 0, count: count)
                for start in finished.reversed() where component[Int(start)] < 0 {
                    let label = Int32(sizes.count)
                    var size = 0
                    component[Int(start)] = label
                    pending[0] = start
                    var waiting = 1
                    while waiting > 0 {
                        waiting -= 1
                        let node = Int(pending[waiting])
                        size += 1
                        for slot in Int(reverseOffsets[node])..<Int(reverseOffsets[node + 1]) {
                            let source = Int(sources[slot])
                            if component[source] < 0 {
                                component[source] = label
                                pending[waiting] = Int32(source)
                                waiting += 1
                            }
                        }
                    }
                    sizes.append(size)
                }
            }
        }
        guard let largest = sizes.indices.max(by: { sizes[$0] < sizes[$1] }) else { return [] }
        return component.map { Int($0) == largest }
    }
}
