/// A destination's side of every hierarchy search to it, searched once: the backward upward search from its end
/// seeds, run until it has nothing left, with each label's weight, parent and arc middle. A router kept for many
/// queries (a server's) keeps one per place; a route to the place is then one forward upward search from the
/// origin, shared by every place, and a scan of the bucket for the best meeting node.
///
/// The meet over whole upward searches is the hierarchy's optimum (every shortest path has a highest node that
/// both upward searches reach by shortest upward paths), as the bidirectional search's is. Where two paths weigh
/// exactly the same, the two may pick different ones.
struct HierarchyBucket: Sendable {
    /// The labelled nodes (edges of the road graph), their weights to the destination, the entry of the node each
    /// label came from (-1 for an end seed), and the middle of the arc from it.
    let nodes: [Int32]
    let weightsSeconds: [Double]
    let parentEntries: [Int32]
    let middles: [Int32]
    /// The destination's end seeds, which the labels start from.
    let ends: [EdgeSeed]

    /// Searches the destination's side; `workspace` is left as it was found (all labels initial).
    init(ends: [EdgeSeed], hierarchy: TurnHierarchy, workspace: inout HierarchyWorkspace) {
        defer { workspace.reset() }
        hierarchy.climb(
            from: ends, offsets: hierarchy.downOffsets, targets: hierarchy.downNodes,
            weights: hierarchy.downWeightsSeconds, middles: hierarchy.downMiddles, labels: &workspace.backward,
            parents: &workspace.backwardParent, arcMiddles: &workspace.backwardMiddle, heap: &workspace.backwardHeap,
            touched: &workspace.touched)
        let touched = workspace.touched
        var entryOf: [Int32: Int32] = [:]
        for (entry, node) in touched.enumerated() { entryOf[node] = Int32(entry) }
        nodes = touched
        weightsSeconds = touched.map { workspace.backward[Int($0)] }
        // A label's parent was settled first, so it is labelled and has an entry.
        parentEntries = touched.map { node in
            let parent = workspace.backwardParent[Int(node)]
            return parent < 0 ? -1 : entryOf[parent]!
        }
        middles = touched.map { workspace.backwardMiddle[Int($0)] }
        self.ends = ends
    }

    /// How many labels it holds.
    var count: Int { nodes.count }
}

extension TurnSearch {
    /// The best path from the origin's `seeds` to each destination whose side is in `buckets`, as
    /// `hierarchySearch` finds it (the same weight): one forward upward search, then a scan of each bucket.
    /// - Parameter directs: per bucket, the path along the one segment both ends share, if any.
    /// - Parameter workspace: labels all at their initial state; left so.
    func hierarchyToBuckets(
        seeds: [EdgeSeed], buckets: [HierarchyBucket], directs: [(weight: Double, path: SearchPath)?],
        hierarchy: TurnHierarchy, workspace: inout HierarchyWorkspace
    ) -> [SearchPath?] {
        defer { workspace.reset() }
        hierarchy.climb(
            from: seeds, offsets: hierarchy.upOffsets, targets: hierarchy.upNodes, weights: hierarchy.upWeightsSeconds,
            middles: hierarchy.upMiddles, labels: &workspace.forward, parents: &workspace.forwardParent,
            arcMiddles: &workspace.forwardMiddle, heap: &workspace.forwardHeap, touched: &workspace.touched)
        return zip(buckets, directs).map { bucket, direct in
            var best = direct?.weight ?? .infinity
            var meeting = -1
            bucket.nodes.withUnsafeBufferPointer { nodes in
                bucket.weightsSeconds.withUnsafeBufferPointer { weights in
                    workspace.forward.withUnsafeBufferPointer { forward in
                        for entry in nodes.indices where forward[Int(nodes[entry])] + weights[entry] < best {
                            best = forward[Int(nodes[entry])] + weights[entry]
                            meeting = entry
                        }
                    }
                }
            }
            guard best.isFinite else { return nil }
            guard meeting >= 0 else { return direct?.path }
            return path(meeting: meeting, in: bucket, seeds: seeds, hierarchy: hierarchy, workspace: workspace)
        }
    }

    /// The path through the bucket's entry `meeting`: the forward labels back to a seed, then the bucket's on to an
    /// end, each arc unpacked into graph edges.
    private func path(
        meeting: Int, in bucket: HierarchyBucket, seeds: [EdgeSeed], hierarchy: TurnHierarchy,
        workspace: borrowing HierarchyWorkspace
    ) -> SearchPath? {
        guard let (start, head) = forwardEdges(
            to: bucket.nodes[meeting], seeds: seeds, hierarchy: hierarchy, workspace: workspace)
        else { return nil }
        var edges = head
        var entry = meeting
        while bucket.parentEntries[entry] >= 0 {
            let parent = Int(bucket.parentEntries[entry])
            guard
                hierarchy.unpack(
                    from: bucket.nodes[entry], to: bucket.nodes[parent], middle: bucket.middles[entry], into: &edges)
            else { return nil }
            entry = parent
        }
        guard let end = Self.seed(of: bucket.nodes[entry], in: bucket.ends) else { return nil }
        return path(edges: edges, start: start, end: end)
    }
}
