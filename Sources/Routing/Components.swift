/// Weakly connected components of a road graph, found with union–find.
enum Components {
    /// For each node, true when it belongs to the largest weakly connected component.
    ///
    /// Clipped extracts leave islands (a footway inside a courtyard, a road cut at the border). Snapping only
    /// onto the largest component keeps an origin from landing on an island from which nothing is reachable.
    static func largestComponentMask(_ graph: RoadGraph) -> [Bool] {
        var parent = Array(0..<Int32(graph.nodeCount))
        func root(_ node: Int32) -> Int32 {
            var node = node
            while parent[Int(node)] != node {
                parent[Int(node)] = parent[Int(parent[Int(node)])]
                node = parent[Int(node)]
            }
            return node
        }
        for node in 0..<graph.nodeCount {
            for edge in graph.edgeRange(of: node) {
                let a = root(Int32(node))
                let b = root(graph.edgeTargets[edge])
                if a != b { parent[Int(max(a, b))] = min(a, b) }
            }
        }
        var sizes = [Int](repeating: 0, count: graph.nodeCount)
        var roots = [Int32](repeating: 0, count: graph.nodeCount)
        for node in 0..<graph.nodeCount {
            roots[node] = root(Int32(node))
            sizes[Int(roots[node])] += 1
        }
        guard let largest = sizes.indices.max(by: { sizes[$0] < sizes[$1] }) else { return [] }
        return roots.map { Int($0) == largest }
    }
}
