extension PointIndex {
    /// Every point within `radiusMeters` of `center` (haversine distance ≤ radius), nearest first, ties by
    /// index: exactly what `BruteForce.neighbors(within:of:in:)` answers.
    ///
    /// A radius of at least half the circumference answers every point; a negative or NaN radius none.
    public func neighbors(within radiusMeters: Double, of center: Coordinate) -> [Neighbor] {
        var positions: [Int32] = []
        forEachTreePosition(within: radiusMeters, of: center) { positions.append(Int32(truncatingIfNeeded: $0)) }
        var found = neighbors(atTreePositions: positions, from: center)
        found.sort(by: Neighbor.nearerFirst)
        return found
    }

    /// The neighbors at the given tree-order positions, with their haversine distances from `center`.
    func neighbors(atTreePositions positions: [Int32], from center: Coordinate) -> [Neighbor] {
        treePoints.withUnsafeBufferPointer { treePoints in
            ids.withUnsafeBufferPointer { ids in
                positions.map {
                    let i = Int($0)
                    return Neighbor(index: Int(ids[i]), distanceMeters: center.distanceMeters(to: treePoints[i]))
                }
            }
        }
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
        ids.withUnsafeBufferPointer { ids in
            forEachTreePosition(within: radiusMeters, of: center) { body(Int(ids[$0])) }
        }
    }

    /// Calls `body` with the tree-order position of every point within `radiusMeters` of `center`.
    @inline(__always)
    func forEachTreePosition(within radiusMeters: Double, of center: Coordinate, _ body: (Int) -> Void) {
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
                        for i in start..<end { body(i) }
                    } else if node.isLeaf {
                        for i in start..<end {
                            let d2 = tree.chordSquared(i, q)
                            if d2 < band.inner {
                                body(i)
                            } else if d2 <= band.outer {
                                // The band: only the haversine function itself can decide.
                                if center.distanceMeters(to: tree.treePoints[i]) <= radiusMeters { body(i) }
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
