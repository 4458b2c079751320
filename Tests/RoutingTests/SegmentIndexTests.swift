import Foundation
import Geo
import TestSupport
import Testing

@testable import Routing

/// Snapping's grid against a scan of every segment, on the bundled Helsinki area: the grid skips cells (whole rings,
/// and single cells farther than the best found), and must never skip the nearest segment.
@Suite struct SegmentIndexTests {
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

/// A nearby answer routes without building lines (`routesWithoutLines`): everything but the lines must be the same.
@Suite struct RoutesWithoutLinesTests {
    @Test(arguments: TravelMode.allCases)
    func routesWithoutLinesAreTheRoutesLessTheirLines(_ mode: TravelMode) throws {
        // Given the bundled area's router, kept with its theaters' trees as a server keeps it
        let area = try RoadArea(contentsOf: GoalDirectedSearchTests.helsinki)
        let router = RoadRouter(area: area, treesToTheaters: true, fineSnapping: true)
        var generator = SeededGenerator(seed: 5)
        let box = area.boundingBox
        for _ in 0..<40 {
            // When random origins in and past the area route to every theater, with and without lines
            let origin = try Coordinate(
                latitude: Double.random(in: (box.south - 0.01)...(box.north + 0.01), using: &generator),
                longitude: Double.random(in: (box.west - 0.02)...(box.east + 0.02), using: &generator))
            let full = router.routes(from: origin, to: area.theaters, mode: mode)
            let bare = router.routesWithoutLines(from: origin, to: area.theaters, mode: mode)
            // Then they differ only in the lines, which are empty
            #expect(bare == full.map(\.withoutLine))
            #expect(bare.allSatisfy { $0.geometry.isEmpty })
            #expect(full.allSatisfy { !$0.geometry.isEmpty })
        }
    }
}
