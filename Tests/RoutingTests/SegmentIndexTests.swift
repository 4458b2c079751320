import Foundation
import Geo
import TestSupport
import Testing

@testable import Routing

/// Snapping's grid against a scan of every segment, on the bundled Helsinki area: the grid skips cells (whole rings,
/// and single cells farther than the best found), and must never skip the nearest segment.
@Suite(.offThePool) struct SegmentIndexTests {
    /// The nearest segment by checking every one, in the projection `SegmentIndex` uses.
    static func scanned(_ point: Coordinate, _ index: SegmentIndex, _ graph: RoadGraph) -> (Int32, Double)? {
        let perLatitude = Earth.metersPerDegreeOfArc
        let perLongitude = perLatitude * cos(point.latitude * .pi / 180)
        var best: (Int32, Double)?
        for (number, segment) in index.segments.enumerated() {
            let ax = (graph.longitudes[Int(segment.a)] - point.longitude) * perLongitude
            let ay = (graph.latitudes[Int(segment.a)] - point.latitude) * perLatitude
            let bx = (graph.longitudes[Int(segment.b)] - point.longitude) * perLongitude
            let by = (graph.latitudes[Int(segment.b)] - point.latitude) * perLatitude
            let (dx, dy) = (bx - ax, by - ay)
            let lengthSquared = dx * dx + dy * dy
            let t = lengthSquared > 0 ? min(1, max(0, -(ax * dx + ay * dy) / lengthSquared)) : 0
            let distance = ((ax + t * dx) * (ax + t * dx) + (ay + t * dy) * (ay + t * dy)).squareRoot()
            if best == nil || distance < best!.1 { best = (Int32(number), distance) }
        }
        return best
    }

    @Test(arguments: [TravelMode.walk, .drive], [SegmentIndex.coarseCellDegrees, SegmentIndex.fineCellDegrees])
    func theGridFindsTheSegmentAScanOfEverySegmentFinds(_ mode: TravelMode, cellDegrees: Double) throws {
        // Given the bundled area's graph for the mode and its snapping grid, coarse (a command's) or fine (a server's)
        let area = try RoadArea(contentsOf: GoalDirectedSearchTests.helsinki)
        let graph = try #require(area.graphs[mode])
        let index = SegmentIndex(graph, cellDegrees: cellDegrees)
        var generator = SeededGenerator(seed: 11)
        let box = area.boundingBox
        for round in 0..<300 {
            // When random points in and around the area (some 2 km beyond it) are snapped without a limit
            let latitude = Double.random(in: (box.south - 0.02)...(box.north + 0.02), using: &generator)
            let longitude = Double.random(in: (box.west - 0.04)...(box.east + 0.04), using: &generator)
            let point = try Coordinate(latitude: latitude, longitude: longitude)
            let snap = try #require(index.nearest(to: point, in: graph, maximumMeters: .infinity))
            let (segment, distance) = try #require(Self.scanned(point, index, graph))
            // Then the distance is the scan's, on the same segment (or one exactly as near)
            #expect(abs(snap.distanceMeters - distance) < 1e-6, "round \(round): \(point)")
            let found = index.segments[Int(segment)]
            #expect(
                (snap.nodeA == found.a && snap.nodeB == found.b) || abs(snap.distanceMeters - distance) < 1e-9,
                "round \(round): \(point)")
        }
    }
}

/// A graph whose roads lie far apart (a damaged file, or two towns in one area) spans more cells than a dense grid
/// may hold: only its occupied cells are kept, and snapping must find what it finds on a dense grid.
@Suite(.offThePool) struct SparseSegmentCellsTests {
    @Test func roadsFarApartAreIndexedByTheirOccupiedCellsAndSnapAsAScanDoes() throws {
        // Given short streets in Helsinki and in Krems, 1,600 km apart, in one graph
        let towns = [(60.1699, 24.9384), (48.4098, 15.6141)]
        var places: [Coordinate] = []
        var edges: [RoadEdge] = []
        for (latitude, longitude) in towns {
            for step in 0..<6 {
                let node = Int32(places.count)
                places.append(
                    try Coordinate(latitude: latitude + Double(step % 3) * 0.0007, longitude: longitude + Double(step / 3) * 0.0011))
                guard step > 0 else { continue }
                edges.append(RoadEdge(source: node - 1, target: node, durationSeconds: 10, lengthMeters: 10))
                edges.append(RoadEdge(source: node, target: node - 1, durationSeconds: 10, lengthMeters: 10))
            }
        }
        let graph = RoadGraph(mode: .walk, coordinates: places, edges: edges)
        // When they are indexed
        let index = SegmentIndex(graph)
        // Then the grid keeps only the cells its streets meet
        #expect(!index.cellsAreDense)
        // And random points near either town snap to the segment a scan of every segment finds
        var generator = SeededGenerator(seed: 5)
        for round in 0..<200 {
            let (latitude, longitude) = towns[round % 2]
            let point = try Coordinate(
                latitude: latitude + Double.random(in: -0.01...0.01, using: &generator),
                longitude: longitude + Double.random(in: -0.02...0.02, using: &generator))
            let snap = try #require(index.nearest(to: point, in: graph, maximumMeters: .infinity))
            let (_, distance) = try #require(SegmentIndexTests.scanned(point, index, graph))
            #expect(abs(snap.distanceMeters - distance) < 1e-6, "round \(round): \(point)")
        }
    }

    @Test func theBundledAreaIsIndexedOnADenseGrid() throws {
        let area = try RoadArea(contentsOf: GoalDirectedSearchTests.helsinki)
        for graph in area.graphs.values {
            #expect(SegmentIndex(graph).cellsAreDense)
            #expect(SegmentIndex(graph, cellDegrees: SegmentIndex.fineCellDegrees).cellsAreDense)
        }
    }
}

/// The grid's segments come from a look along each node's edges, no longer from a table of node pairs: the same
/// segments, in the same order (which decides between segments exactly as near), with the same fastest edges.
@Suite(.offThePool) struct SegmentPairsTests {
    /// The former way: a dictionary from each node pair to its segment.
    static func pairedByTable(_ graph: RoadGraph, include: [Bool]?) -> [SegmentIndex.Segment] {
        var byPair: [Int64: Int] = [:]
        var segments: [SegmentIndex.Segment] = []
        for node in 0..<graph.nodeCount {
            for edge in graph.edgeRange(of: node) {
                let target = Int(graph.edgeTargets[edge])
                if let include, !include[node] || !include[target] { continue }
                if node == target { continue }
                let (a, b) = (min(node, target), max(node, target))
                let isForward = node == a
                if let existing = byPair[Int64(a) << 32 | Int64(b)] {
                    let old = segments[existing]
                    let current = Int(isForward ? old.forward : old.backward)
                    guard current < 0 || graph.edgeDurationsSeconds[edge] < graph.edgeDurationsSeconds[current]
                    else { continue }
                    segments[existing] = SegmentIndex.Segment(
                        a: old.a, b: old.b, forward: isForward ? Int32(edge) : old.forward,
                        backward: isForward ? old.backward : Int32(edge))
                } else {
                    byPair[Int64(a) << 32 | Int64(b)] = segments.count
                    segments.append(
                        SegmentIndex.Segment(
                            a: Int32(a), b: Int32(b), forward: isForward ? Int32(edge) : -1,
                            backward: isForward ? -1 : Int32(edge)))
                }
            }
        }
        return segments
    }

    static func same(_ left: [SegmentIndex.Segment], _ right: [SegmentIndex.Segment]) -> Bool {
        left.count == right.count
            && zip(left, right).allSatisfy {
                $0.a == $1.a && $0.b == $1.b && $0.forward == $1.forward && $0.backward == $1.backward
            }
    }

    @Test(arguments: TravelMode.allCases)
    func theBundledAreasSegmentsAreTheTablesSegments(_ mode: TravelMode) throws {
        // Given the bundled area's graph for the mode, whole and with every third node left out
        let area = try RoadArea(contentsOf: GoalDirectedSearchTests.helsinki)
        let graph = try #require(area.graphs[mode])
        let someNodes = (0..<graph.nodeCount).map { $0 % 3 != 0 }
        for include in [nil, someNodes] {
            // When its segments are found both ways, then they are the same
            let found = SegmentIndex.segments(of: graph, include: include)
            #expect(!found.isEmpty)
            #expect(Self.same(found, Self.pairedByTable(graph, include: include)))
        }
    }

    @Test func parallelEdgesOneWaysAndLoopsPairAsBefore() throws {
        // Given a graph with a one-way pair found only from its higher node, parallel edges of different speeds
        // (the slower first), two of equal speed, and a loop
        let places = try (0..<5).map { try Coordinate(latitude: 60 + Double($0) * 0.001, longitude: 25) }
        func edge(_ from: Int32, _ to: Int32, _ seconds: Double) -> RoadEdge {
            RoadEdge(source: from, target: to, durationSeconds: seconds, lengthMeters: seconds)
        }
        let edges = [
            edge(3, 1, 5), edge(0, 2, 9), edge(0, 2, 4), edge(2, 0, 7), edge(2, 0, 7), edge(1, 1, 1),
            edge(4, 0, 3), edge(0, 4, 3), edge(1, 4, 2), edge(4, 1, 6), edge(4, 1, 2),
        ]
        let graph = RoadGraph(mode: .drive, coordinates: places, edges: edges)
        // When its segments are found both ways, then they are the same, and the fastest edges are kept
        let found = SegmentIndex.segments(of: graph, include: nil)
        #expect(Self.same(found, Self.pairedByTable(graph, include: nil)))
        #expect(found.count == 4)
        let zeroTwo = try #require(found.first { $0.a == 0 && $0.b == 2 })
        #expect(graph.edgeDurationsSeconds[Int(zeroTwo.forward)] == 4)
        let oneThree = try #require(found.first { $0.a == 1 && $0.b == 3 })
        #expect(oneThree.forward == -1 && oneThree.backward >= 0)
    }
}

/// A nearby answer routes without building lines (`routesWithoutLines`): everything but the lines must be the same.
@Suite(.offThePool) struct RoutesWithoutLinesTests {
    @Test(arguments: TravelMode.allCases)
    func routesWithoutLinesAreTheRoutesLessTheirLines(_ mode: TravelMode) throws {
        // Given the bundled area's router, kept with its places' trees as a server keeps it
        let area = try RoadArea(contentsOf: GoalDirectedSearchTests.helsinki)
        let router = RoadRouter(area: area, treesToPlaces: true, fineSnapping: true)
        var generator = SeededGenerator(seed: 5)
        let box = area.boundingBox
        for _ in 0..<40 {
            // When random origins in and past the area route to every place, with and without lines
            let origin = try Coordinate(
                latitude: Double.random(in: (box.south - 0.01)...(box.north + 0.01), using: &generator),
                longitude: Double.random(in: (box.west - 0.02)...(box.east + 0.02), using: &generator))
            let full = router.routes(from: origin, to: area.places, mode: mode)
            let bare = router.routesWithoutLines(from: origin, to: area.places, mode: mode)
            // Then they differ only in the lines, which are empty
            #expect(bare == full.map(\.withoutLine))
            #expect(bare.allSatisfy { $0.geometry.isEmpty })
            #expect(full.allSatisfy { !$0.geometry.isEmpty })
        }
    }
}
