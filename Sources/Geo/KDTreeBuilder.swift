/// Builds a `PointIndex`'s k-d tree: splits on the axis of greatest spread at the median (quickselect), so
/// the tree is balanced whatever the data, duplicates included.
struct KDTreeBuilder {
    private(set) var nodes: [KDNode] = []
    private(set) var xs: [Double]
    private(set) var ys: [Double]
    private(set) var zs: [Double]
    private(set) var ids: [Int32]
    private let leafCapacity: Int

    init(_ points: [Coordinate], leafCapacity: Int) {
        self.leafCapacity = leafCapacity
        let n = points.count
        xs = [Double](repeating: 0, count: n)
        ys = [Double](repeating: 0, count: n)
        zs = [Double](repeating: 0, count: n)
        ids = [Int32](repeating: 0, count: n)
        for (i, point) in points.enumerated() {
            let v = UnitVector(point)
            xs[i] = v.x
            ys[i] = v.y
            zs[i] = v.z
            ids[i] = Int32(i)
        }
    }

    /// Builds every node, reordering the coordinate arrays into tree order.
    mutating func build() {
        let n = xs.count
        guard n > 0 else { return }
        // A balanced tree with leaves of at least capacity/2 points has fewer than 4n/capacity + 1 nodes.
        nodes.reserveCapacity(4 * n / max(1, leafCapacity) + 2)
        var xs = self.xs, ys = self.ys, zs = self.zs, ids = self.ids
        self.xs = []
        self.ys = []
        self.zs = []
        self.ids = []
        xs.withUnsafeMutableBufferPointer { x in
            ys.withUnsafeMutableBufferPointer { y in
                zs.withUnsafeMutableBufferPointer { z in
                    ids.withUnsafeMutableBufferPointer { id in
                        var arrays = Arrays(x: x, y: y, z: z, id: id)
                        _ = buildNode(start: 0, end: n, arrays: &arrays)
                    }
                }
            }
        }
        self.xs = xs
        self.ys = ys
        self.zs = zs
        self.ids = ids
    }

    /// The four parallel arrays, in the order being built.
    private struct Arrays {
        var x: UnsafeMutableBufferPointer<Double>
        var y: UnsafeMutableBufferPointer<Double>
        var z: UnsafeMutableBufferPointer<Double>
        var id: UnsafeMutableBufferPointer<Int32>

        @inline(__always)
        func value(_ i: Int, axis: Int) -> Double {
            axis == 0 ? x[i] : (axis == 1 ? y[i] : z[i])
        }

        @inline(__always)
        func swapAt(_ i: Int, _ j: Int) {
            x.swapAt(i, j)
            y.swapAt(i, j)
            z.swapAt(i, j)
            id.swapAt(i, j)
        }
    }

    /// Appends the node for positions start..<end (and, recursively, its subtree); returns its number.
    private mutating func buildNode(start: Int, end: Int, arrays: inout Arrays) -> Int {
        var node = KDNode(
            minX: .infinity, minY: .infinity, minZ: .infinity,
            maxX: -.infinity, maxY: -.infinity, maxZ: -.infinity,
            start: Int32(start), end: Int32(end), right: -1)
        for i in start..<end {
            let x = arrays.x[i], y = arrays.y[i], z = arrays.z[i]
            node.minX = min(node.minX, x)
            node.maxX = max(node.maxX, x)
            node.minY = min(node.minY, y)
            node.maxY = max(node.maxY, y)
            node.minZ = min(node.minZ, z)
            node.maxZ = max(node.maxZ, z)
        }
        let number = nodes.count
        nodes.append(node)
        guard end - start > leafCapacity else { return number }

        // Split on the axis of greatest spread.
        let spreadX = node.maxX - node.minX, spreadY = node.maxY - node.minY, spreadZ = node.maxZ - node.minZ
        let axis = spreadX >= spreadY ? (spreadX >= spreadZ ? 0 : 2) : (spreadY >= spreadZ ? 1 : 2)
        let middle = start + (end - start) / 2
        select(middle, from: start, to: end, axis: axis, arrays: arrays)
        _ = buildNode(start: start, end: middle, arrays: &arrays)
        let right = buildNode(start: middle, end: end, arrays: &arrays)
        nodes[number].right = Int32(right)
        return number
    }

    /// Quickselect (Hoare partition, median-of-three pivot): afterwards position `k` holds the value it would
    /// hold if start..<end were sorted on `axis`, with no larger value before it and no smaller one after.
    private func select(_ k: Int, from start: Int, to end: Int, axis: Int, arrays: Arrays) {
        var low = start
        var high = end - 1
        while high > low {
            let mid = low + (high - low) / 2
            let a = arrays.value(low, axis: axis)
            let b = arrays.value(mid, axis: axis)
            let c = arrays.value(high, axis: axis)
            let pivot = max(min(a, b), min(max(a, b), c))
            var i = low
            var j = high
            while i <= j {
                while arrays.value(i, axis: axis) < pivot { i += 1 }
                while arrays.value(j, axis: axis) > pivot { j -= 1 }
                if i <= j {
                    arrays.swapAt(i, j)
                    i += 1
                    j -= 1
                }
            }
            if k <= j {
                high = j
            } else if k >= i {
                low = i
            } else {
                return
            }
        }
    }
}
