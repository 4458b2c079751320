import Foundation
import Geo
import TestSupport
import Testing

@testable import Routing

@Suite(.offThePool) struct RoadAreaFileTests {
    static func smallArea() throws -> RoadArea {
        var extract = TinyExtract()
        extract.way(100, [1, 2, 3], ["highway": "residential", "oneway": "yes"])
        extract.way(101, [3, 6, 9, 8, 7], ["highway": "footway"])
        extract.extraNodes.append(
            (300, TinyExtract.coordinate(5), ["amenity": "cinema", "name": "Kino", "screen": "2"]))
        let url = try extract.write()
        defer { try? FileManager.default.removeItem(at: url) }
        return try RoadGraphBuilder(places: .theaters).build(
            from: url, name: "tiny", importedAt: Date(timeIntervalSince1970: 1_800_000_000))
    }

    @Test func anAreaSurvivesAWriteAndARead() throws {
        // Given a built area written to disk
        let area = try Self.smallArea()
        let url = temporaryURL(".roadgraph")
        defer { try? FileManager.default.removeItem(at: url) }
        try area.write(to: url)
        // When it is read back, whole and as a summary
        let loaded = try RoadArea(contentsOf: url)
        let summary = try RoadArea.summary(contentsOf: url)
        // Then nothing changed
        #expect(loaded == area)
        #expect(summary == area.summary)
        #expect(summary.placeCount == 1)
        #expect(loaded.places.first?.tags["screen"] == "2")
    }

    @Test func aPlaceIsWrittenAsTheatersWereAndReadBack() throws {
        // Given a place read from OSM and one of a catalog's, without an OSM element
        let kino = AreaPlace(
            id: "node/1", osmType: "node", osmID: 1, name: "K",
            coordinate: Coordinate(uncheckedLatitude: 0.5, longitude: 1.5), kind: "cinema",
            tags: ["screen": "2", "name:fi": "K"])
        let stage = AreaPlace(
            id: "catalog/3", osmType: nil, osmID: nil, name: "S",
            coordinate: Coordinate(uncheckedLatitude: -1, longitude: 2), kind: "theatre", tags: [:])
        func little<T: FixedWidthInteger>(_ value: T) -> [UInt8] {
            withUnsafeBytes(of: value.littleEndian) { Array($0) }
        }
        func string(_ text: String) -> [UInt8] { little(UInt32(text.utf8.count)) + Array(text.utf8) }
        // Then each record is the one a theater had: id, OSM type and id ("" and 0 for none), name, latitude,
        // longitude, category, and the tags sorted by key
        let expected = [
            string("node/1") + string("node") + little(Int64(1)) + string("K") + little(0.5.bitPattern)
                + little(1.5.bitPattern) + string("cinema") + little(UInt32(2)) + string("name:fi") + string("K")
                + string("screen") + string("2"),
            string("catalog/3") + string("") + little(Int64(0)) + string("S") + little((-1.0).bitPattern)
                + little(2.0.bitPattern) + string("theatre") + little(UInt32(0)),
        ]
        for (place, bytes) in zip([kino, stage], expected) {
            var writer = BinaryWriter()
            place.encode(&writer)
            #expect(writer.bytes == bytes)
            // And it reads back as it was
            var reader = BinaryReader(writer.bytes)
            let decoded = try AreaPlace.decode(&reader)
            #expect(decoded == place)
        }
    }

    @Test func aMappedFileReadsAsItsBytesCopied() throws {
        // The bundled area, read from its file (mapped) and from a copy of its bytes, and a folder, which maps
        // nothing and says so in Foundation's words
        let url = GoalDirectedSearchTests.helsinki
        let mapped = try RoadArea(contentsOf: url)
        #expect(mapped == (try RoadArea(bytes: [UInt8](try Data(contentsOf: url)), path: url.path)))
        #expect(mapped.graphs[.walk]?.edgeCount ?? 0 > 10_000)
        #expect(throws: RoutingError.self) { try RoadArea(contentsOf: url.deletingLastPathComponent()) }
    }

    @Test func anAreaReadForOneModeHoldsOnlyThatGraphAndStillNamesTheOthers() throws {
        // Given the bundled area, with walking, cycling and driving graphs
        let url = GoalDirectedSearchTests.helsinki
        let whole = try RoadArea(contentsOf: url)
        #expect(Set(whole.graphs.keys) == [.walk, .bike, .drive])
        for mode in TravelMode.allCases {
            // When it is read for one mode
            let partial = try RoadArea(contentsOf: url, modes: [mode])
            // Then it holds that mode's graph as the whole area has it, and no other
            #expect(Array(partial.graphs.keys) == [mode])
            #expect(partial.graphs[mode] == whole.graphs[mode])
            // And it still says which modes have roads, and holds every place
            #expect(partial.modesWithRoads == whole.modesWithRoads)
            #expect(partial.modesWithRoads == [.walk, .bike, .drive])
            #expect(partial.places == whole.places)
        }
        // And read for no mode it is a catalog of places that knows it has roads
        let none = try RoadArea(contentsOf: url, modes: [])
        #expect(none.graphs.isEmpty && none.hasRoads && none.places == whole.places)
    }

    @Test func aDamagedGraphIsFoundWhenItsModeIsReadAndNotWhenAnotherIs() throws {
        // Given a saved area whose last bytes (the driving graph's block, written last) are flipped
        let url = temporaryURL(".roadgraph")
        defer { try? FileManager.default.removeItem(at: url) }
        let area = try Self.smallArea()
        try area.write(to: url)
        var bytes = [UInt8](try Data(contentsOf: url))
        bytes[bytes.count - 5] ^= 0xFF
        try Data(bytes).write(to: url)
        // Then reading the driving graph fails: its block's checksum no longer matches
        #expect(throws: RoutingError.corruptGraphFile(path: url.path, reason: "checksum mismatch")) {
            try RoadArea(contentsOf: url, modes: [.drive])
        }
        // And reading only the walking graph reads it as saved, without checking the driving graph's bytes
        let walking = try RoadArea(contentsOf: url, modes: [.walk])
        #expect(walking.graphs[.walk] == area.graphs[.walk])
        #expect(walking.modesWithRoads == area.modesWithRoads)
    }

    @Test func aGraphIsReadWithThePreparationItWouldOtherwiseWorkOut() throws {
        // Given the bundled area written in this build's format and read back
        let area = try RoadArea(contentsOf: GoalDirectedSearchTests.helsinki)
        let url = temporaryURL(".roadgraph")
        defer { try? FileManager.default.removeItem(at: url) }
        try area.write(to: url)
        let loaded = try RoadArea(contentsOf: url)
        for (mode, graph) in loaded.graphs {
            // Then each graph comes with its preparation, the same as one worked out from its arrays
            let saved = try #require(graph.preparation)
            let worked = GraphPreparation(graph.withPreparation(nil))
            #expect(saved.reverse.offsets == worked.reverse.offsets && saved.reverse.edges == worked.reverse.edges)
            #expect(saved.reverse.sources == worked.reverse.sources)
            #expect(saved.segments.segments.map(\.a) == worked.segments.segments.map(\.a))
            #expect(saved.segments.segments.map(\.forward) == worked.segments.segments.map(\.forward))
            #expect(saved.segments.cells.starts == worked.segments.cells.starts)
            #expect(saved.segments.cells.members == worked.segments.cells.members)
            #expect(saved.segments.rows == worked.segments.rows && saved.segments.columns == worked.segments.columns)
            #expect(saved.goalBound?.secondsPerMeter == worked.goalBound?.secondsPerMeter, "\(mode)")
        }
        // And routes read with it are the routes worked out without it
        let unprepared = RoadRouter(
            graphs: loaded.graphs.values.map { $0.withPreparation(nil) }, places: loaded.places.map(\.coordinate),
            coverage: loaded.boundingBox)
        let prepared = RoadRouter(area: loaded)
        let origin = try Coordinate(latitude: 60.1699, longitude: 24.9384)
        for mode in TravelMode.allCases {
            #expect(
                prepared.routes(from: origin, to: loaded.places, mode: mode)
                    == unprepared.routes(from: origin, to: loaded.places, mode: mode))
        }
    }

    @Test func aPreparationThatIsNotItsGraphsIsRefused() throws {
        // Given the small area's walking graph saved with another graph's preparation, and with a segment whose
        // edge leads elsewhere
        let area = try Self.smallArea()
        let walking = try #require(area.graphs[.walk])
        let helsinki = try #require(try RoadArea(contentsOf: GoalDirectedSearchTests.helsinki).graphs[.walk])
        let own = GraphPreparation(walking)
        var segments = own.segments.segments
        segments[0] = SegmentIndex.Segment(
            a: segments[0].a, b: segments[0].b, forward: segments[0].backward, backward: segments[0].forward)
        let wrongEdge = GraphPreparation(
            reverse: own.reverse,
            segments: SegmentIndex(
                segments: segments, cells: own.segments.cells, longSegments: [], rows: own.segments.rows,
                columns: own.segments.columns, cellDegrees: own.segments.cellDegrees,
                longitudeCellDegrees: SegmentIndex.longitudeCellDegrees(
                    walking, cellDegrees: own.segments.cellDegrees)),
            goalBound: own.goalBound)
        let cases = [
            (GraphPreparation(helsinki), "walk graph incoming edges disagree in size"),
            (wrongEdge, "walk graph segment 0 is not one of its roads"),
        ]
        for (preparation, reason) in cases {
            var graphs = area.graphs
            graphs[.walk] = walking.withPreparation(preparation)
            let damaged = RoadArea(
                name: area.name, sourceFileName: area.sourceFileName, boundingBox: area.boundingBox,
                importedAt: area.importedAt, graphs: graphs, places: area.places, statistics: area.statistics)
            // Then reading it fails with the reason, never a crash or a wrong snap
            #expect(throws: RoutingError.corruptGraphFile(path: "damaged", reason: reason)) {
                try RoadArea(bytes: damaged.fileBytes(), path: "damaged")
            }
        }
    }

    @Test func aFormat4FileStillReadsAndIsPreparedWhenRouted() throws {
        // Given an area written as format 4 wrote it: the graphs inside the body block, no preparations
        let area = try Self.smallArea()
        let bytes = area.fileBytes(version: 4)
        #expect(bytes[8] == 4)
        // Then it loads whole, without preparations, and routes as this build's file does
        let loaded = try RoadArea(bytes: bytes, path: "format4")
        #expect(loaded == area)
        #expect(loaded.graphs.values.allSatisfy { $0.preparation == nil })
        let current = try RoadArea(bytes: area.fileBytes(), path: "format5")
        #expect(current.graphs.values.allSatisfy { $0.preparation != nil })
        let origin = try Coordinate(latitude: 60.0005, longitude: 24.0015)
        #expect(
            RoadRouter(area: loaded).routes(from: origin, to: area.places, mode: .walk)
                == RoadRouter(area: current).routes(from: origin, to: area.places, mode: .walk))
    }

    @Test func aFormat3FileStillReads() throws {
        // Given an area written as format 3 wrote it: no hierarchies, each block checksummed byte by byte
        let area = try Self.smallArea().withoutHierarchies
        let url = temporaryURL(".roadgraph")
        defer { try? FileManager.default.removeItem(at: url) }
        let bytes = area.fileBytes(version: 3)
        #expect(bytes[8] == 3)
        try Data(bytes).write(to: url)
        // Then it loads whole, and as a summary
        #expect(try RoadArea(contentsOf: url) == area)
        #expect(try RoadArea.summary(contentsOf: url) == area.summary)
        // And a format 3 file labelled format 4 is damaged (its checksums are byte-wise)
        var mixed = bytes
        mixed[8] = 4
        try Data(mixed).write(to: url)
        #expect(throws: RoutingError.corruptGraphFile(path: url.path, reason: "checksum mismatch")) {
            try RoadArea(contentsOf: url)
        }
    }

    @Test func anyOneChangedByteChangesTheFourLaneChecksum() {
        // Given 77 bytes (two blocks of four words, then a tail of 13 bytes) and their four-lane checksum
        let bytes = (0..<77).map { UInt8(truncatingIfNeeded: $0 &* 37) }
        let sum = bytes.withUnsafeBytes { FNV1a.hashFourLanes($0) }
        // Then flipping any one of them changes it, and it is not the one-lane sum
        for index in bytes.indices {
            var changed = bytes
            changed[index] ^= 0x40
            #expect(changed.withUnsafeBytes { FNV1a.hashFourLanes($0) } != sum, "byte \(index)")
        }
        #expect(bytes.withUnsafeBytes { FNV1a.hashWords($0) } != sum)
    }

    @Test func aFileThatIsNotAGraphIsRejected() throws {
        let url = temporaryURL(".roadgraph")
        defer { try? FileManager.default.removeItem(at: url) }
        try Data("hello".utf8).write(to: url)
        #expect(throws: RoutingError.notAGraphFile(path: url.path)) { try RoadArea(contentsOf: url) }
    }

    @Test func aNewerFormatVersionIsRejected() throws {
        let url = temporaryURL(".roadgraph")
        defer { try? FileManager.default.removeItem(at: url) }
        try Data(RoadArea.fileMagic + [9, 0, 0, 0]).write(to: url)
        #expect(throws: RoutingError.unsupportedGraphVersion(path: url.path, version: 9)) {
            try RoadArea(contentsOf: url)
        }
    }

    @Test(arguments: [13, 40, 200, -1])
    func aTruncatedOrDamagedFileIsReportedAsCorrupt(_ damage: Int) throws {
        // Given a saved area cut short (positive) or with a byte flipped near the end (-1)
        let url = temporaryURL(".roadgraph")
        defer { try? FileManager.default.removeItem(at: url) }
        try Self.smallArea().write(to: url)
        var bytes = [UInt8](try Data(contentsOf: url))
        if damage > 0 { bytes = Array(bytes.prefix(damage)) } else { bytes[bytes.count - 5] ^= 0xFF }
        try Data(bytes).write(to: url)
        // Then loading it fails with the corrupt-file error, never a crash
        #expect {
            try RoadArea(contentsOf: url)
        } throws: { error in
            guard case .corruptGraphFile(let path, _) = error as? RoutingError else { return false }
            return path == url.path
        }
    }

    @Test func errorsDescribeThemselvesOnOneLine() {
        let errors: [RoutingError] = [
            .noRoadsInExtract(path: "a"), .notAGraphFile(path: "a"), .unsupportedGraphVersion(path: "a", version: 2),
            .corruptGraphFile(path: "a", reason: "checksum mismatch"), .unknownArea(name: "x"),
            .invalidAreaName("../x"),
        ]
        for error in errors { #expect(!error.description.contains("\n") && !error.description.isEmpty) }
    }
}
