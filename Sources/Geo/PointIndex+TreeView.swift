extension PointIndex {
    /// Unsafe read-only views of the tree's arrays, for the query loops.
    struct TreeView {
        let nodes: UnsafeBufferPointer<KDNode>
        let xs: UnsafeBufferPointer<Double>
        let ys: UnsafeBufferPointer<Double>
        let zs: UnsafeBufferPointer<Double>
        let ids: UnsafeBufferPointer<Int32>
        let treePoints: UnsafeBufferPointer<Coordinate>

        /// The squared chord from `q` to the point at tree position `i`.
        @inline(__always)
        func chordSquared(_ i: Int, _ q: UnitVector) -> Double {
            let dx = xs[i] - q.x, dy = ys[i] - q.y, dz = zs[i] - q.z
            return dx * dx + dy * dy + dz * dz
        }
    }

    /// Runs `body` with views of the tree's arrays, valid only during the call.
    @inline(__always)
    func withTreeView<Result>(_ body: (TreeView) -> Result) -> Result {
        nodes.withUnsafeBufferPointer { nodes in
            xs.withUnsafeBufferPointer { xs in
                ys.withUnsafeBufferPointer { ys in
                    zs.withUnsafeBufferPointer { zs in
                        ids.withUnsafeBufferPointer { ids in
                            treePoints.withUnsafeBufferPointer { treePoints in
                                body(TreeView(nodes: nodes, xs: xs, ys: ys, zs: zs, ids: ids, treePoints: treePoints))
                            }
                        }
                    }
                }
            }
        }
    }

    /// The deepest stack a traversal needs: the tree is balanced, so its depth is about log₂(count).
    static let stackCapacity = 128
}
