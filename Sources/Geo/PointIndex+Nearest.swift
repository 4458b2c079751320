extension PointIndex {
    /// The `k` points nearest `center`, nearest first, ties by index: exactly what
    /// `BruteForce.nearest(_:to:in:)` answers.
    ///
    /// A `k` of at least `count` answers every point; a `k` of zero or less answers none.
    public func nearest(_ k: Int, to center: Coordinate) -> [Neighbor] {
        guard k > 0, !nodes.isEmpty else { return [] }
        if k >= count { return neighbors(within: .infinity, of: center) }
        let candidates = nearestCandidates(k, to: center)
        var sorted = neighbors(atTreePositions: candidates, from: center)
        sorted.sort(by: Neighbor.nearerFirst)
        if sorted.count > k { sorted.removeLast(sorted.count - k) }
        return sorted
    }

    /// The tree-order positions of a superset of the `k` nearest points (0 < k < count): the `k` nearest by
    /// chord, plus every point whose chord is so close to the k-th that only the haversine distance can tell
    /// them apart.
    func nearestCandidates(_ k: Int, to center: Coordinate) -> [Int32] {
        let q = UnitVector(center)
        var heap = ChordHeap(capacity: k)
        // Points evicted from or refused by the full heap whose chord is within the band of its worst.
        var nearTies: [ChordHeap.Entry] = []
        var limit = Double.infinity  // the band's outer edge around the heap's worst, once it is full
        var compactionSize = 4 * k + 64  // drop stale near-ties past this size; doubles, so amortized O(1)

        withTreeView { tree in
            withUnsafeTemporaryAllocation(of: (node: Int32, distanceSquared: Double).self,
                                          capacity: Self.stackCapacity) { stack in
                var top = 1
                stack[0] = (0, 0)
                while top > 0 {
                    top -= 1
                    let (number, boxDistanceSquared) = stack[top]
                    if boxDistanceSquared > limit { continue }
                    let node = tree.nodes[Int(number)]
                    if node.isLeaf {
                        for i in Int(node.start)..<Int(node.end) {
                            let d2 = tree.chordSquared(i, q)
                            if d2 > limit { continue }
                            let entry = ChordHeap.Entry(chordSquared: d2, id: Int32(truncatingIfNeeded: i))
                            if heap.count < k {
                                heap.push(entry)
                                if heap.count == k { limit = ChordBand(chordSquared: heap.worst).outer }
                            } else if d2 < heap.worst {
                                let evicted = heap.replaceWorst(with: entry)
                                limit = ChordBand(chordSquared: heap.worst).outer
                                // The worst only shrinks: an evicted point beyond today's band stays beyond it.
                                if evicted.chordSquared <= limit { nearTies.append(evicted) }
                                if nearTies.count > compactionSize {
                                    nearTies.removeAll { $0.chordSquared > limit }
                                    compactionSize = max(compactionSize, 2 * nearTies.count)
                                }
                            } else {
                                nearTies.append(entry)
                            }
                        }
                    } else {
                        let left = number + 1, right = node.right
                        let leftDistance = tree.nodes[Int(left)].minDistanceSquared(q.x, q.y, q.z)
                        let rightDistance = tree.nodes[Int(right)].minDistanceSquared(q.x, q.y, q.z)
                        // Push the farther child first so that the nearer one is searched first.
                        if leftDistance <= rightDistance {
                            if rightDistance <= limit { stack[top] = (right, rightDistance); top += 1 }
                            if leftDistance <= limit { stack[top] = (left, leftDistance); top += 1 }
                        } else {
                            if leftDistance <= limit { stack[top] = (left, leftDistance); top += 1 }
                            if rightDistance <= limit { stack[top] = (right, rightDistance); top += 1 }
                        }
                    }
                }
            }
        }
        var result = heap.entries.map(\.id)
        for entry in nearTies where entry.chordSquared <= limit { result.append(entry.id) }
        return result
    }
}

/// A bounded max-heap of points by squared chord: the k nearest seen so far, the farthest on top.
struct ChordHeap {
    /// A point and its squared chord from the query center.
    struct Entry {
        var chordSquared: Double
        /// The point's tree-order position.
        var id: Int32
    }

    private(set) var entries: [Entry] = []

    init(capacity: Int) {
        entries.reserveCapacity(capacity)
    }

    var count: Int { entries.count }

    /// The largest squared chord held (the heap must not be empty).
    var worst: Double { entries[0].chordSquared }

    /// Adds an entry while the heap is below capacity.
    mutating func push(_ entry: Entry) {
        entries.append(entry)
        var child = entries.count - 1
        while child > 0 {
            let parent = (child - 1) / 2
            if entries[parent].chordSquared >= entries[child].chordSquared { break }
            entries.swapAt(parent, child)
            child = parent
        }
    }

    /// Replaces the farthest entry with `entry` (which must be nearer); returns the entry it replaced.
    mutating func replaceWorst(with entry: Entry) -> Entry {
        let evicted = entries[0]
        entries[0] = entry
        let n = entries.count
        var parent = 0
        while true {
            let left = 2 * parent + 1
            if left >= n { break }
            let right = left + 1
            var largest = left
            if right < n && entries[right].chordSquared > entries[left].chordSquared { largest = right }
            if entries[largest].chordSquared <= entries[parent].chordSquared { break }
            entries.swapAt(parent, largest)
            parent = largest
        }
        return evicted
    }
}
