import Foundation
import Geo
import Testing
import Theaters

@testable import Routing

@Suite struct RoadAreaFileTests {
    static func smallArea() throws -> RoadArea {
        var extract = TinyExtract()
        extract.way(100, [1, 2, 3], ["highway": "residential", "oneway": "yes"])
        extract.way(101, [3, 6, 9, 8, 7], ["highway": "footway"])
        extract.extraNodes.append(
            (300, TinyExtract.coordinate(5), ["amenity": "cinema", "name": "Kino", "screen": "2"]))
        let url = try extract.write()
        defer { try? FileManager.default.removeItem(at: url) }
        return try RoadGraphBuilder().build(
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
        #expect(summary.theaterCount == 1)
        #expect(loaded.theaters.first?.screens == 2)
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
            // And it still says which modes have roads, and holds every theater
            #expect(partial.modesWithRoads == whole.modesWithRoads)
            #expect(partial.modesWithRoads == [.walk, .bike, .drive])
            #expect(partial.theaters == whole.theaters)
        }
        // And read for no mode it is a catalog of theaters that knows it has roads
        let none = try RoadArea(contentsOf: url, modes: [])
        #expect(none.graphs.isEmpty && none.hasRoads && none.theaters == whole.theaters)
    }

    @Test func aDamagedGraphIsFoundWhenAnotherModeIsRead() throws {
        // Given a saved area whose last bytes (the driving graph's, written last) are flipped
        let url = temporaryURL(".roadgraph")
        defer { try? FileManager.default.removeItem(at: url) }
        try Self.smallArea().write(to: url)
        var bytes = [UInt8](try Data(contentsOf: url))
        bytes[bytes.count - 5] ^= 0xFF
        try Data(bytes).write(to: url)
        // Then reading only the walking graph still fails: the checksum covers every graph
        #expect(throws: RoutingError.corruptGraphFile(path: url.path, reason: "checksum mismatch")) {
            try RoadArea(contentsOf: url, modes: [.walk])
        }
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
