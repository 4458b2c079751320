import Foundation
import Geo

/// A uniform grid over a graph's road segments, answering "which segment is nearest this point".
///
/// A segment joins every cell its bounding box overlaps; a query scans rings of cells outwards until the best
/// projection found is nearer than any unscanned cell could be. Distances use a local equirectangular
/// projection around the query point, accurate to well under 1 % at snapping distances.
struct SegmentIndex: Sendable {
    /// The undirected segments: node pairs with their edges each way (-1 where absent).
    struct Segment: Sendable {
        let a: Int32
        let b: Int32
        let forward: Int32
        let backward: Int32
    }

    /// Cell height in degrees of latitude (≈ 220 m) for an index built for a few snaps (a command's).
    static let coarseCellDegrees = 0.002
    /// Cell height (≈ 110 m) for an index kept for many snaps (a server's). In central Helsinki a coarse cell
    /// holds some 300 segments, all measured by a snap there; a fine one about a quarter as many, so a snap costs a
    /// third. Building four times as many cells costs start-up time on a large area, which a command pays on every
    /// run and a server once (BENCHMARKS.md).
    static let fineCellDegrees = 0.001
    /// The most cells one segment's box may cover (64 × 64, some 7 km square); a longer segment, which real
    /// roads between two nodes hardly have but a damaged area file can, is kept aside and checked by every query.
    static let maximumCellsPerSegment = 4_096
    /// How many rings a query scans (some 7 km out) before it checks every segment instead.
    static let ringsBeforeScanningAll = 64

    /// A segment found for a point: its index, where along it the point projects (0 at `a`, 1 at `b`), and how far
    /// the point lies from there, in meters.
    typealias Found = (segment: Int32, fraction: Double, distance: Double)

    let segments: [Segment]
    let cells: SegmentCells
    /// The segments too long to list in cells, checked by every query.
    let longSegments: [Int32]
    private let longitudeCellDegrees: Double
    private let cellMeters: Double
    /// Cell height in degrees of latitude.
    let cellDegrees: Double
    /// The rows and columns of the cells that hold a segment (empty ranges for an empty index): no ring beyond
    /// them can hold one, which is what bounds a search without a distance limit.
    let rows: ClosedRange<Int>
    let columns: ClosedRange<Int>

    /// Whether the grid keeps every cell over its segments' rows and columns, not only the occupied ones.
    var cellsAreDense: Bool { cells.isDense }

    /// Indexes the segments whose both ends satisfy `include` (by default: all), on cells `cellDegrees` high.
    init(_ graph: RoadGraph, include: [Bool]? = nil, cellDegrees: Double = SegmentIndex.coarseCellDegrees) {
        self.init(graph, segments: Self.segments(of: graph, include: include), cellDegrees: cellDegrees)
    }

    /// Indexes `segments` of `graph` (as `segments(of:include:)` lists them) on cells `cellDegrees` high: a saved
    /// index's segments gridded anew for another cell height (`PreparedGraph`).
    init(_ graph: RoadGraph, segments: [Segment], cellDegrees: Double) {
        let longitudeCell = Self.longitudeCellDegrees(graph, cellDegrees: cellDegrees)
        // Over the arrays' storage: each segment's box is worked out three times (bounds, counts, listings).
        let (cells, rows, columns, longSegments) = graph.latitudes.withUnsafeBufferPointer { latitudes in
            graph.longitudes.withUnsafeBufferPointer { longitudes in
                segments.withUnsafeBufferPointer { segments in
                    /// The rows and columns of the cells the segment's bounding box meets.
                    func box(_ index: Int) -> (rows: ClosedRange<Int>, columns: ClosedRange<Int>) {
                        let (a, b) = (Int(segments[index].a), Int(segments[index].b))
                        let (latA, latB, lonA, lonB) = (latitudes[a], latitudes[b], longitudes[a], longitudes[b])
                        return (
                            Self.cell(min(latA, latB), cellDegrees)...Self.cell(max(latA, latB), cellDegrees),
                            Self.cell(min(lonA, lonB), longitudeCell)...Self.cell(max(lonA, lonB), longitudeCell)
                        )
                    }
                    var isLong = [Bool](repeating: false, count: segments.count)
                    var longSegments: [Int32] = []
                    var rowBounds = (Int.max, Int.min)
                    var columnBounds = (Int.max, Int.min)
                    for index in segments.indices {
                        let (rows, columns) = box(index)
                        guard rows.count * columns.count <= Self.maximumCellsPerSegment else {
                            longSegments.append(Int32(index))
                            isLong[index] = true
                            continue
                        }
                        rowBounds = (min(rowBounds.0, rows.lowerBound), max(rowBounds.1, rows.upperBound))
                        columnBounds = (
                            min(columnBounds.0, columns.lowerBound), max(columnBounds.1, columns.upperBound)
                        )
                    }
                    let rows = rowBounds.0 <= rowBounds.1 ? rowBounds.0...rowBounds.1 : 0...0
                    let columns = columnBounds.0 <= columnBounds.1 ? columnBounds.0...columnBounds.1 : 0...0
                    let cells = SegmentCells(segmentCount: segments.count, rows: rows, columns: columns) { index in
                        isLong[index] ? nil : box(index)
                    }
                    return (cells, rows, columns, longSegments)
                }
            }
        }
        self.init(
            segments: segments, cells: cells, longSegments: longSegments, rows: rows, columns: columns,
            cellDegrees: cellDegrees, longitudeCellDegrees: longitudeCell)
    }

    /// An index from its parts as `init(_:include:cellDegrees:)` made them (a saved one, `GraphPreparation`).
    init(
        segments: [Segment], cells: SegmentCells, longSegments: [Int32], rows: ClosedRange<Int>,
        columns: ClosedRange<Int>, cellDegrees: Double, longitudeCellDegrees: Double
    ) {
        self.rows = rows
        self.columns = columns
        self.segments = segments
        self.cells = cells
        self.longSegments = longSegments
        self.longitudeCellDegrees = longitudeCellDegrees
        self.cellDegrees = cellDegrees
        self.cellMeters = cellDegrees * Earth.metersPerDegreeOfArc
    }

    /// Cell width in degrees of longitude: `cellDegrees` of latitude widened at the graph's mean latitude, so
    /// that cells are about square.
    static func longitudeCellDegrees(_ graph: RoadGraph, cellDegrees: Double) -> Double {
        let meanLatitude = graph.latitudes.isEmpty ? 0 : graph.latitudes.reduce(0, +) / Double(graph.nodeCount)
        return cellDegrees / max(0.01, cos(meanLatitude * .pi / 180))
    }

    /// The graph's undirected segments in the order their node pairs first appear (by node, then by edge), each
    /// with its fastest edge either way. A pair is found from its lower node when that node has an edge to the
    /// other, else from the other: no table of pairs is needed, only a look along the few edges of two nodes.
    static func segments(of graph: RoadGraph, include: [Bool]?) -> [Segment] {
        var segments: [Segment] = []
        segments.reserveCapacity(graph.edgeCount / 2)
        // Over the arrays' storage: this runs on every command's first route, over every edge of the graph.
        graph.edgeOffsets.withUnsafeBufferPointer { offsets in
            graph.edgeTargets.withUnsafeBufferPointer { targets in
                graph.edgeDurationsSeconds.withUnsafeBufferPointer { durations in
                    /// `from`'s fastest edge to `to` (the first of equals), or -1.
                    func fastest(from: Int, to: Int) -> Int32 {
                        var best = -1
                        for edge in Int(offsets[from])..<Int(offsets[from + 1]) where Int(targets[edge]) == to {
                            if best < 0 || durations[edge] < durations[best] { best = edge }
                        }
                        return Int32(best)
                    }
                    /// Whether the node's edges before `edge` include one to `target`.
                    func isRepeated(_ target: Int32, before edge: Int, from first: Int) -> Bool {
                        for earlier in first..<edge where targets[earlier] == target { return true }
                        return false
                    }
                    for node in 0..<graph.nodeCount {
                        if let include, !include[node] { continue }
                        let first = Int(offsets[node])
                        for edge in first..<Int(offsets[node + 1]) {
                            let target = Int(targets[edge])
                            if target == node { continue }
                            if let include, !include[target] { continue }
                            // The first of the node's edges to this target stands for all of them.
                            if isRepeated(targets[edge], before: edge, from: first) { continue }
                            if node < target {
                                segments.append(
                                    Segment(
                                        a: Int32(node), b: Int32(target), forward: fastest(from: node, to: target),
                                        backward: fastest(from: target, to: node)))
                            } else if fastest(from: target, to: node) < 0 {
                                // Nothing leads back, so the lower node did not find the pair.
                                segments.append(
                                    Segment(
                                        a: Int32(target), b: Int32(node), forward: -1,
                                        backward: fastest(from: node, to: target)))
                            }
                        }
                    }
                }
            }
        }
        return segments
    }

    private static func cell(_ degrees: Double, _ size: Double) -> Int {
        Int((degrees / size).rounded(.down))
    }

    /// The nearest segment within `maximumMeters` of `point`, projected, or nil when there is none.
    /// `maximumMeters` may be infinite: the search then stops at the last ring that holds a cell of the grid.
    func nearest(to point: Coordinate, in graph: RoadGraph, maximumMeters: Double) -> RoadSnap? {
        guard !segments.isEmpty else { return nil }
        let found = segments.withUnsafeBufferPointer { segments in
            graph.latitudes.withUnsafeBufferPointer { latitudes in
                graph.longitudes.withUnsafeBufferPointer { longitudes in
                    nearestSegment(
                        to: point, maximumMeters: maximumMeters, segments: segments, latitudes: latitudes,
                        longitudes: longitudes)
                }
            }
        }
        return found.flatMap { snap(found: $0, in: graph, maximumMeters: maximumMeters) }
    }

    /// The ring scan of `nearest`, over the arrays' storage (a server snaps on every request).
    private func nearestSegment(
        to point: Coordinate, maximumMeters: Double, segments: UnsafeBufferPointer<Segment>,
        latitudes: UnsafeBufferPointer<Double>, longitudes: UnsafeBufferPointer<Double>
    ) -> Found? {
        let row0 = Self.cell(point.latitude, cellDegrees)
        let column0 = Self.cell(point.longitude, longitudeCellDegrees)
        let metersPerDegreeLatitude = Earth.metersPerDegreeOfArc
        let metersPerDegreeLongitude = metersPerDegreeLatitude * cos(point.latitude * .pi / 180)
        var scan = NearestScan(
            point: point, metersPerDegreeLatitude: metersPerDegreeLatitude,
            metersPerDegreeLongitude: metersPerDegreeLongitude, segments: segments, latitudes: latitudes,
            longitudes: longitudes)
        for index in longSegments { scan.consider(index) }
        // The farthest ring that still meets a cell of the grid, and the farthest the distance limit asks for.
        let gridRing = max(
            abs(row0 - rows.lowerBound), abs(row0 - rows.upperBound), abs(column0 - columns.lowerBound),
            abs(column0 - columns.upperBound))
        let limitRing = maximumMeters / cellMeters + 1
        let maximumRing = limitRing < Double(gridRing) ? Int(limitRing.rounded(.up)) : gridRing
        for ring in 0...maximumRing {
            // Far from every road (rings grow as their square), one pass over all segments is cheaper and exact.
            if ring > Self.ringsBeforeScanningAll {
                for index in segments.indices { scan.consider(Int32(index)) }
                break
            }
            for row in (row0 - ring)...(row0 + ring) {
                let onEdgeRow = abs(row - row0) == ring
                let columnStep = onEdgeRow ? 1 : max(1, 2 * ring)
                var column = column0 - ring
                while column <= column0 + ring {
                    defer { column += columnStep }
                    // A cell wholly farther than the best found cannot hold a nearer point of any segment: the
                    // nearest point of a segment lies in a cell its box meets, so it is listed there, and no
                    // nearer than that cell's side (the same projection as `consider`, which is linear).
                    if let best = scan.best {
                        let dx = max(
                            0, Double(column) * longitudeCellDegrees - point.longitude,
                            point.longitude - Double(column + 1) * longitudeCellDegrees) * metersPerDegreeLongitude
                        let dy = max(
                            0, Double(row) * cellDegrees - point.latitude,
                            point.latitude - Double(row + 1) * cellDegrees) * metersPerDegreeLatitude
                        if (dx * dx + dy * dy).squareRoot() > best.distance + 1e-6 { continue }
                    }
                    cells.forEachSegment(row: row, column: column) { scan.consider($0) }
                }
            }
            // Every segment not yet seen lies wholly outside the cells scanned (its box met none of them), so at
            // least as far as the nearest side of their square, measured in the same projection as `consider`.
            if let best = scan.best {
                let south = (point.latitude - Double(row0 - ring) * cellDegrees) * metersPerDegreeLatitude
                let north = (Double(row0 + ring + 1) * cellDegrees - point.latitude) * metersPerDegreeLatitude
                let west = (point.longitude - Double(column0 - ring) * longitudeCellDegrees) * metersPerDegreeLongitude
                let east = (Double(column0 + ring + 1) * longitudeCellDegrees - point.longitude) * metersPerDegreeLongitude
                if best.distance <= min(south, north, west, east) { break }
            }
        }
        return scan.best
    }

    /// The snap onto the segment `nearestSegment` found, or nil beyond `maximumMeters`.
    private func snap(
        found best: Found, in graph: RoadGraph, maximumMeters: Double
    ) -> RoadSnap? {
        guard best.distance <= maximumMeters else { return nil }
        let segment = segments[Int(best.segment)]
        let a = graph.coordinate(of: Int(segment.a))
        let b = graph.coordinate(of: Int(segment.b))
        let coordinate = Coordinate(
            uncheckedLatitude: a.latitude + best.fraction * (b.latitude - a.latitude),
            longitude: a.longitude + best.fraction * (b.longitude - a.longitude))
        return RoadSnap(
            nodeA: segment.a, nodeB: segment.b, forwardEdge: segment.forward, backwardEdge: segment.backward,
            fraction: best.fraction, coordinate: coordinate, distanceMeters: best.distance)
    }
}

/// A ring scan's best segment so far, and how it measures one: a local equirectangular projection around the
/// query point. (A value with a mutating method rather than a closure over the best: a closure's captures were
/// retained and released on every segment considered.)
private struct NearestScan {
    let point: Coordinate
    let metersPerDegreeLatitude: Double
    let metersPerDegreeLongitude: Double
    let segments: UnsafeBufferPointer<SegmentIndex.Segment>
    let latitudes: UnsafeBufferPointer<Double>
    let longitudes: UnsafeBufferPointer<Double>
    private(set) var best: SegmentIndex.Found?
    /// The best distance squared, with a margin: a segment farther than this is farther than the best even once
    /// both are rounded to their square roots, so it is passed over without taking its root.
    private var passOverSquared = Double.infinity

    init(
        point: Coordinate, metersPerDegreeLatitude: Double, metersPerDegreeLongitude: Double,
        segments: UnsafeBufferPointer<SegmentIndex.Segment>, latitudes: UnsafeBufferPointer<Double>,
        longitudes: UnsafeBufferPointer<Double>
    ) {
        self.point = point
        self.metersPerDegreeLatitude = metersPerDegreeLatitude
        self.metersPerDegreeLongitude = metersPerDegreeLongitude
        self.segments = segments
        self.latitudes = latitudes
        self.longitudes = longitudes
    }

    /// Projects the point onto the segment, and keeps it when it is nearer (or as near, with a lower index).
    mutating func consider(_ index: Int32) {
        let segment = segments[Int(index)]
        let ax = (longitudes[Int(segment.a)] - point.longitude) * metersPerDegreeLongitude
        let ay = (latitudes[Int(segment.a)] - point.latitude) * metersPerDegreeLatitude
        let bx = (longitudes[Int(segment.b)] - point.longitude) * metersPerDegreeLongitude
        let by = (latitudes[Int(segment.b)] - point.latitude) * metersPerDegreeLatitude
        let dx = bx - ax
        let dy = by - ay
        let lengthSquared = dx * dx + dy * dy
        let t = lengthSquared > 0 ? min(1, max(0, -(ax * dx + ay * dy) / lengthSquared)) : 0
        let px = ax + t * dx
        let py = ay + t * dy
        let squared = px * px + py * py
        guard squared <= passOverSquared else { return }
        let distance = squared.squareRoot()
        if best == nil || distance < best!.distance || (distance == best!.distance && index < best!.segment) {
            best = (index, t, distance)
            passOverSquared = distance * distance * (1 + 1e-9)
        }
    }
}
