/// A static spatial index over a fixed set of points that answers radius and nearest-k queries exactly.
///
/// The index is a k-d tree over the points' 3-D unit vectors (x = cos φ cos λ, y = cos φ sin λ, z = sin φ), so
/// the poles and the antimeridian need no special cases. It prunes by chord length, which grows with the
/// great-circle angle, and decides every borderline point with the same haversine function `BruteForce`
/// uses: answers are identical to `BruteForce`'s, distances and order included.
///
/// ```swift
/// let index = PointIndex(cinemas.map(\.coordinate))
/// let close = index.neighbors(within: 5_000, of: helsinki)   // nearest first
/// let three = index.nearest(3, to: helsinki)
/// ```
public struct PointIndex: Sendable {
    /// The indexed points, in the order they were given; `Neighbor.index` refers to this array.
    public let points: [Coordinate]

    /// The tree's nodes in pre-order: a node's left child is the next node.
    let nodes: [KDNode]
    /// Unit-vector x of every point, in tree order (each leaf's points are contiguous).
    let xs: [Double]
    /// Unit-vector y of every point, in tree order.
    let ys: [Double]
    /// Unit-vector z of every point, in tree order.
    let zs: [Double]
    /// The position in `points` of every point, in tree order.
    let ids: [Int32]
    /// The points again, in tree order: a result's distances are read from here, where they sit together,
    /// rather than from scattered places in `points`.
    let treePoints: [Coordinate]

    /// The most points a leaf holds unless told otherwise.
    public static let defaultLeafCapacity = 12

    /// Builds the index; O(n log n).
    /// - Parameter points: the points to index (at most `Int32.max`); their order gives `Neighbor.index`.
    public init(_ points: [Coordinate]) {
        self.init(points, leafCapacity: Self.defaultLeafCapacity)
    }

    /// Builds the index with leaves of at most `leafCapacity` points (a tuning knob; answers never change).
    /// - Parameters:
    ///   - points: the points to index (at most `Int32.max`); their order gives `Neighbor.index`.
    ///   - leafCapacity: the most points a leaf holds, at least 1.
    public init(_ points: [Coordinate], leafCapacity: Int) {
        precondition(points.count < Int(Int32.max), "PointIndex holds at most Int32.max points")
        precondition(leafCapacity >= 1, "a leaf holds at least one point")
        self.points = points
        var builder = KDTreeBuilder(points, leafCapacity: leafCapacity)
        builder.build()
        nodes = builder.nodes
        xs = builder.xs
        ys = builder.ys
        zs = builder.zs
        ids = builder.ids
        treePoints = builder.ids.map { points[Int($0)] }
    }

    /// The number of indexed points.
    public var count: Int { points.count }
}
