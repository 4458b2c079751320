/// What `PreparedGraph` works out from a graph's arrays before its first query — incoming edges, the snapping
/// index over the largest strongly connected component on the coarse grid, and the goal bound — saved beside the
/// graph in its area file (format 5), so that a command reads it rather than computing it on every run.
///
/// Computing it was a large part of the README's `planner nearby` on the bundled Helsinki area (BENCHMARKS.md);
/// reading it back, checked, takes a fraction of that. It is derived data: two graphs with the same arrays have the same
/// preparation, and a loaded one is checked against its graph so that a damaged file cannot send a query out of
/// bounds.
struct GraphPreparation: Sendable {
    let reverse: ReverseAdjacency
    /// The snapping index on `SegmentIndex.coarseCellDegrees` (a server that snaps on the fine grid builds its own).
    let segments: SegmentIndex
    /// The goal bound of node searches, nil where the graph has none (`GoalBound.init?(_:)`).
    let goalBound: GoalBound?

    /// Works it out for `graph`, as `PreparedGraph` would.
    init(_ graph: RoadGraph) {
        let reverse = ReverseAdjacency(graph)
        self.reverse = reverse
        segments = SegmentIndex(
            graph, include: Components.largestComponentMask(graph, reverse: reverse),
            cellDegrees: SegmentIndex.coarseCellDegrees)
        goalBound = GoalBound(graph)
    }

    /// A preparation from its parts, as they are (`decode` checks them first; tests make damaged ones).
    init(reverse: ReverseAdjacency, segments: SegmentIndex, goalBound: GoalBound?) {
        self.reverse = reverse
        self.segments = segments
        self.goalBound = goalBound
    }

    /// The largest row or column number a saved grid may name: a coarse cell's row is at most 90 / 0.002 and its
    /// column 180 / 0.002 (`longitudeCellDegrees` is at least the cell height), far below; anything beyond is
    /// damage, refused before any arithmetic on it could overflow.
    private static let largestCellNumber = 1 << 24

    /// About the bytes `encode` writes for `graph`, to reserve a buffer once.
    static func encodedBytes(of graph: RoadGraph) -> Int {
        (graph.nodeCount + 1 + 2 * graph.edgeCount) * 4 + graph.edgeCount * 16 + 128
    }

    /// Writes the preparation's arrays, in the order `decode` reads them.
    func encode(_ writer: inout BinaryWriter) {
        writer.writeArray(reverse.offsets)
        writer.writeArray(reverse.sources)
        writer.writeArray(reverse.edges)
        writer.write(segments.cellDegrees)
        for bound in [
            segments.rows.lowerBound, segments.rows.upperBound, segments.columns.lowerBound,
            segments.columns.upperBound,
        ] { writer.write(Int64(bound)) }
        writer.writeArray(segments.segments)
        writer.writeArray(segments.longSegments)
        writer.writeArray(segments.cells.keys)
        writer.writeArray(segments.cells.starts)
        writer.writeArray(segments.cells.members)
        writer.write(goalBound != nil)
        writer.write(goalBound?.secondsPerMeter ?? 0)
        writer.write(goalBound?.metersPerDegreeLongitude ?? 0)
    }

    /// Reads what `encode` wrote for `graph` and checks it against the graph: every index in range, every
    /// incoming edge and segment one of the graph's, every snapping cell's run inside its listings.
    static func decode(_ reader: inout BinaryReader, for graph: RoadGraph) throws(BinaryReader.Failure)
        -> GraphPreparation
    {
        let reverse = try ReverseAdjacency(
            offsets: try reader.readArray(Int32.self), sources: try reader.readArray(Int32.self),
            edges: try reader.readArray(Int32.self), of: graph)
        let cellDegrees = try reader.readDouble()
        guard cellDegrees == SegmentIndex.coarseCellDegrees else {
            throw BinaryReader.Failure(reason: "\(graph.mode) graph snapping cells of \(cellDegrees)°")
        }
        var bounds: [Int] = []
        for _ in 0..<4 {
            let bound = try reader.read(Int64.self)
            guard abs(bound) <= Int64(largestCellNumber) else {
                throw BinaryReader.Failure(reason: "\(graph.mode) graph snapping cell number \(bound)")
            }
            bounds.append(Int(bound))
        }
        guard bounds[0] <= bounds[1], bounds[2] <= bounds[3] else {
            throw BinaryReader.Failure(reason: "\(graph.mode) graph snapping rows or columns are empty")
        }
        let segments = try reader.readArray(SegmentIndex.Segment.self)
        for (index, segment) in segments.enumerated() where !isSegment(segment, of: graph) {
            throw BinaryReader.Failure(reason: "\(graph.mode) graph segment \(index) is not one of its roads")
        }
        let longSegments = try reader.readArray(Int32.self)
        for segment in longSegments where segment < 0 || Int(segment) >= segments.count {
            throw BinaryReader.Failure(reason: "\(graph.mode) graph long segment \(segment) of \(segments.count)")
        }
        let (rows, columns) = (bounds[0]...bounds[1], bounds[2]...bounds[3])
        let cells = try SegmentCells(
            rows: rows, columns: columns, keys: try reader.readArray(Int64.self),
            starts: try reader.readArray(Int32.self), members: try reader.readArray(Int32.self),
            segmentCount: segments.count)
        let index = SegmentIndex(
            segments: segments, cells: cells, longSegments: longSegments, rows: rows, columns: columns,
            cellDegrees: cellDegrees,
            longitudeCellDegrees: SegmentIndex.longitudeCellDegrees(graph, cellDegrees: cellDegrees))
        let hasGoalBound = try reader.readBool()
        let (secondsPerMeter, metersPerDegreeLongitude) = (try reader.readDouble(), try reader.readDouble())
        var goalBound: GoalBound?
        if hasGoalBound {
            goalBound = GoalBound(secondsPerMeter: secondsPerMeter, metersPerDegreeLongitude: metersPerDegreeLongitude)
            guard goalBound != nil else {
                throw BinaryReader.Failure(reason: "\(graph.mode) graph goal bound \(secondsPerMeter) s/m")
            }
        }
        return GraphPreparation(reverse: reverse, segments: index, goalBound: goalBound)
    }

    /// Whether `segment` joins two of the graph's nodes by its edges: `forward` from `a` to `b` and `backward`
    /// from `b` to `a`, each an edge of the graph or -1, not both -1.
    private static func isSegment(_ segment: SegmentIndex.Segment, of graph: RoadGraph) -> Bool {
        let (a, b) = (Int(segment.a), Int(segment.b))
        guard a >= 0, a < graph.nodeCount, b >= 0, b < graph.nodeCount, segment.forward >= 0 || segment.backward >= 0
        else { return false }
        func joins(_ edge: Int32, from: Int, to: Int) -> Bool {
            edge == -1 || (graph.edgeRange(of: from).contains(Int(edge)) && Int(graph.edgeTargets[Int(edge)]) == to)
        }
        return joins(segment.forward, from: a, to: b) && joins(segment.backward, from: b, to: a)
    }
}
