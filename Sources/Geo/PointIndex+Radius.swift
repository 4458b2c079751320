extension PointIndex {
    /// Every point within `radiusMeters` of `center` (haversine distance ≤ radius), nearest first, ties by
    /// index: exactly what `BruteForce.neighbors(within:of:in:)` answers.
    ///
    /// A radius of at least half the circumference answers every point; a negative or NaN radius none.
    public func neighbors(within radiusMeters: Double, of center: Coordinate) -> [Neighbor] {
        let found = indices(within: radiusMeters, of: center)
        return points.withUnsafeBufferPointer { points in
            found.map { Neighbor(index: $0, distanceMeters: center.distanceMeters(to: points[$0])) }
        }.sorted(by: Neighbor.nearerFirst)
    }

    /// The positions in `points` of every point within `radiusMeters` of `center`, in no particular order.
    ///
    /// The same set as `neighbors(within:of:)`, without distances or sorting: the fast path for callers that
    /// only need membership.
    public func indices(within radiusMeters: Double, of center: Coordinate) -> [Int] {
        var found: [Int] = []
        forEachIndex(within: radiusMeters, of: center) { found.append($0) }
        return found
    }

    /// Calls `body` with the position in `points` of every point within `radiusMeters` of `center`, in no
    /// particular order.
    public func forEachIndex(within radiusMeters: Double, of center: Coordinate, _ body: (Int) -> Void) {
        guard !nodes.isEmpty, radiusMeters >= 0 else { return }
        if radiusMeters >= Earth.halfCircumferenceMeters {
            for i in 0..<count { body(i) }
            return
        }
        let band = ChordBand(radiusMeters: radiusMeters)
        let q = UnitVector(center)
        withTreeView { tree in
            withUnsafeTemporaryAllocation(of: Int32.self, capacity: Self.stackCapacity) { stack in
                var top = 1
                stack[0] = 0
                while top > 0 {
                    top -= 1
                    let number = stack[top]
                    let node = tree.nodes[Int(number)]
                    if node.minDistanceSquared(q.x, q.y, q.z) > band.outer { continue }
                    let start = Int(node.start), end = Int(node.end)
                    if node.maxDistanceSquared(q.x, q.y, q.z) < band.inner {
                        for i in start..<end { body(Int(tree.ids[i])) }
                    } else if node.isLeaf {
                        for i in start..<end {
                            let d2 = tree.chordSquared(i, q)
                            if d2 < band.inner {
                                body(Int(tree.ids[i]))
                            } else if d2 <= band.outer {
                                let id = Int(tree.ids[i])
                                if center.distanceMeters(to: tree.points[id]) <= radiusMeters { body(id) }
                            }
                        }
                    } else {
                        stack[top] = node.right
                        stack[top + 1] = number + 1
                        top += 2
                    }
                }
            }
        }
    }
}
