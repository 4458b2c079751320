import Foundation
import Geo
import TestSupport
import Testing

@testable import Routing

@Suite(.offThePool) struct StreetLinesTests {
    /// The area built from the tiny grid with the ways given as (id, nodes, tags).
    static func area(_ ways: [(Int, [Int], [String: String])]) throws -> RoadArea {
        var extract = TinyExtract()
        for (id, refs, tags) in ways { extract.way(id, refs, tags) }
        let url = try extract.write()
        defer { try? FileManager.default.removeItem(at: url) }
        return try RoadGraphBuilder().build(from: url)
    }

    /// A box round the whole grid.
    static let everywhere = BoundingBox(south: 59.99, west: 23.99, north: 60.01, east: 24.01)

    @Test func aStreetRunsOnThroughNodesWhereNoOtherStreetMeets() throws {
        // Given one residential street through nodes 1, 2 and 3
        let area = try Self.area([(100, [1, 2, 3], ["highway": "residential"])])
        // When its lines are taken
        let lines = area.streetLines(in: Self.everywhere)
        // Then it is one line of three points, a street driven at the profile's 25 km/h
        let line = try #require(lines.first)
        #expect(lines.count == 1)
        #expect(line.kind == .street)
        #expect(Set(line.coordinates) == Set([1, 2, 3].map(TinyExtract.coordinate)))
        #expect(line.coordinates.count == 3)
        #expect(abs(line.speedKilometersPerHour - 25) < 0.01)
        #expect(abs(line.lengthMeters - TinyExtract.coordinate(1).distanceMeters(to: TinyExtract.coordinate(3))) < 1)
    }

    @Test func theGridIsEightLinesFourRoundTheCornersAndFourIntoTheMiddle() throws {
        // Given the 3 × 3 grid of residential streets
        let area = try Self.area([
            (100, [1, 2, 3], ["highway": "residential"]), (101, [4, 5, 6], ["highway": "residential"]),
            (102, [7, 8, 9], ["highway": "residential"]), (103, [1, 4, 7], ["highway": "residential"]),
            (104, [2, 5, 8], ["highway": "residential"]), (105, [3, 6, 9], ["highway": "residential"]),
        ])
        // When its lines are taken
        let lines = area.streetLines(in: Self.everywhere)
        // Then lines end at the junctions (2, 4, 5, 6, 8) and run on round the corners
        #expect(lines.count == 8)
        #expect(lines.filter { $0.coordinates.count == 3 }.count == 4)
        #expect(lines.filter { $0.coordinates.count == 2 }.count == 4)
        #expect(lines.allSatisfy { $0.coordinates.contains(TinyExtract.coordinate(5)) || $0.coordinates.count == 3 })
    }

    @Test func aFootwayIsAPathAndAPrimaryRoadIsMajor() throws {
        // Given a residential street, a primary road (65 km/h) and a footway, apart from each other
        let area = try Self.area([
            (100, [1, 2, 3], ["highway": "residential"]), (101, [4, 5, 6], ["highway": "primary"]),
            (102, [7, 8, 9], ["highway": "footway"]),
        ])
        // When their lines are taken
        let lines = area.streetLines(in: Self.everywhere)
        // Then each is one line of its kind, paths first and major roads last
        #expect(lines.map(\.kind) == [.path, .street, .major])
        #expect(lines[0].coordinates.contains(TinyExtract.coordinate(8)))
        #expect(lines[2].coordinates.contains(TinyExtract.coordinate(5)))
        #expect(lines[0].speedKilometersPerHour == 0)
    }

    @Test func anAlleyIsMinor() throws {
        let area = try Self.area([
            (100, [1, 2, 3], ["highway": "residential"]),
            (101, [4, 5, 6], ["highway": "service", "service": "alley"]),
        ])
        #expect(area.streetLines(in: Self.everywhere).map(\.kind) == [.minor, .street])
    }

    @Test func inACityCentreSignedThirtyARoadSignedFortyIsMajor() throws {
        // Given streets signed 30 km/h (driven at 24) and one signed 40 (driven at 32), as in central Helsinki
        let area = try Self.area([
            (100, [1, 2, 3], ["highway": "residential", "maxspeed": "30"]),
            (101, [4, 5, 6], ["highway": "primary", "maxspeed": "40"]),
            (102, [7, 8, 9], ["highway": "primary", "maxspeed": "30"]),
        ])
        // When their lines are taken
        let lines = area.streetLines(in: Self.everywhere)
        // Then the faster road is major though slower than 50 km/h, and the other primary road is a street
        #expect(lines.map(\.kind) == [.street, .street, .major])
        #expect(abs(lines[2].speedKilometersPerHour - 32) < 0.01)
        #expect(RoadArea.majorRoadSpeedKilometersPerHour == 50)
    }

    @Test func whereEveryRoadIsAlikeNoneIsMajor() throws {
        let area = try Self.area([
            (100, [1, 2, 3], ["highway": "residential"]), (101, [4, 5, 6], ["highway": "residential"]),
        ])
        #expect(area.streetLines(in: Self.everywhere).allSatisfy { $0.kind == .street })
    }

    @Test func onlyTheStreetsThatTouchTheBoxAreKept() throws {
        // Given the southern and northern rows of the grid, 222 m apart
        let area = try Self.area([
            (100, [1, 2, 3], ["highway": "residential"]), (102, [7, 8, 9], ["highway": "residential"]),
        ])
        // When a box round the southern row only is asked for
        let south = BoundingBox(south: 59.9995, west: 23.99, north: 60.0005, east: 24.01)
        let lines = area.streetLines(in: south)
        // Then only that row is drawn
        #expect(lines.count == 1)
        #expect(lines.first?.coordinates.contains(TinyExtract.coordinate(2)) == true)
        // And a box between the rows holds nothing
        #expect(area.streetLines(in: BoundingBox(south: 60.0008, west: 23.99, north: 60.0012, east: 24.01)).isEmpty)
    }

    @Test func aStreetThatCrossesTheBoxWithBothEndsOutsideIsKept() throws {
        // Given one long segment from node 1 to node 3, and a box between them
        let area = try Self.area([(100, [1, 3], ["highway": "residential"])])
        let middle = BoundingBox(south: 59.999, west: 24.001, north: 60.001, east: 24.003)
        #expect(area.streetLines(in: middle).count == 1)
    }

    @Test func aLoopWithNoJunctionIsOneClosedLine() throws {
        let area = try Self.area([(100, [1, 2, 5, 4, 1], ["highway": "residential"])])
        let lines = area.streetLines(in: Self.everywhere)
        #expect(lines.count == 1)
        #expect(lines.first?.coordinates.count == 5)
        #expect(lines.first?.coordinates.first == lines.first?.coordinates.last)
    }

    @Test func theBundledHelsinkiAreaHasStreetsPathsAndAFewMainRoads() throws {
        // Given the bundled central Helsinki area
        let file = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Data/areas/helsinki.roadgraph")
        let area = try RoadArea(contentsOf: file)
        // When every line in its box is taken
        let lines = area.streetLines(in: area.boundingBox)
        // Then there are thousands, and main roads are some of the roads but not most of them
        let length = { (kind: StreetLine.Kind) in lines.filter { $0.kind == kind }.reduce(0) { $0 + $1.lengthMeters } }
        #expect(lines.count > 2_000)
        #expect(length(.path) > length(.street))
        #expect(length(.major) > 0.1 * (length(.street) + length(.major)))
        #expect(length(.major) < 0.5 * (length(.street) + length(.major)))
        // And central Helsinki's main streets are driven at 32 km/h (signed 40), its side streets at 24–25
        #expect(lines.filter { $0.kind == .major }.allSatisfy { $0.speedKilometersPerHour >= 30 })
    }
}
