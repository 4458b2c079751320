/// One node of the k-d tree: its bounding box in unit-vector space and its slice of the tree-ordered arrays.
///
/// Sixty-four bytes, one cache line. Nodes are stored in pre-order, so an inner node's left child is the next
/// node and only the right child needs a link.
struct KDNode {
    var minX: Double
    var minY: Double
    var minZ: Double
    var maxX: Double
    var maxY: Double
    var maxZ: Double
    /// The first tree-order position of the node's points.
    var start: Int32
    /// One past the last tree-order position of the node's points.
    var end: Int32
    /// The right child's node number, or -1 for a leaf.
    var right: Int32

    /// True when the node holds its points directly.
    @inline(__always) var isLeaf: Bool { right < 0 }

    /// The smallest squared distance from (x, y, z) to the box (0 inside it).
    @inline(__always)
    func minDistanceSquared(_ x: Double, _ y: Double, _ z: Double) -> Double {
        let dx = max(0, max(minX - x, x - maxX))
        let dy = max(0, max(minY - y, y - maxY))
        let dz = max(0, max(minZ - z, z - maxZ))
        return dx * dx + dy * dy + dz * dz
    }

    /// The largest squared distance from (x, y, z) to any point of the box.
    @inline(__always)
    func maxDistanceSquared(_ x: Double, _ y: Double, _ z: Double) -> Double {
        let dx = max(x - minX, maxX - x)
        let dy = max(y - minY, maxY - y)
        let dz = max(z - minZ, maxZ - z)
        return dx * dx + dy * dy + dz * dz
    }
}
