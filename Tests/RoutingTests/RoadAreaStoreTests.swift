import Foundation
import Geo
import TestSupport
import Testing

@testable import Routing

@Suite(.offThePool) struct RoadAreaStoreTests {
    @Test func anImportedAreaIsListedLoadedAndRemoved() throws {
        // Given an empty store and a small extract
        let store = RoadAreaStore(directory: temporaryURL("-areas"))
        defer { try? FileManager.default.removeItem(at: store.directory) }
        var extract = TinyExtract()
        extract.way(100, [1, 2, 3, 6, 9], ["highway": "residential"])
        let osm = try extract.write()
        defer { try? FileManager.default.removeItem(at: osm) }
        #expect(try store.list().areas.isEmpty)
        // When it is imported
        let summary = try store.importExtract(osm, name: "grid")
        // Then it is listed, loads, routes, and can be removed
        #expect(try store.list().areas.map(\.name) == ["grid"])
        #expect(summary.edgeCountByMode[.drive] == 8)
        #expect(try store.load(named: "grid").graphs[.walk]?.nodeCount == 5)
        let router = try #require(try store.router(covering: TinyExtract.coordinate(2)))
        #expect(router.path(from: TinyExtract.coordinate(1), to: TinyExtract.coordinate(9), mode: .drive) != nil)
        try store.remove(named: "grid")
        #expect(try store.list().areas.isEmpty)
        #expect(throws: RoutingError.unknownArea(name: "grid")) { try store.remove(named: "grid") }
    }

    @Test func aDamagedFileIsListedAsAProblem() throws {
        let store = RoadAreaStore(directory: temporaryURL("-areas"))
        defer { try? FileManager.default.removeItem(at: store.directory) }
        try FileManager.default.createDirectory(at: store.directory, withIntermediateDirectories: true)
        let bad = try store.fileURL(for: "bad")
        try Data("nope".utf8).write(to: bad)
        let listing = try store.list()
        #expect(listing.areas.isEmpty)
        #expect(listing.problems == [.notAGraphFile(path: bad.path)])
    }

    @Test(arguments: ["", "../etc", ".hidden", "a/b", "with space", "tab\there", "é/x", "🎬"])
    func unsafeNamesAreRefused(_ name: String) {
        let store = RoadAreaStore(directory: URL(fileURLWithPath: "/tmp/areas"))
        #expect(throws: RoutingError.invalidAreaName(name)) { try store.fileURL(for: name) }
    }

    @Test(arguments: ["helsinki", "new-york_2.v2", "Zürich", "東京", "Kraków-1"])
    func lettersDigitsAndDashesAnyScriptAreAccepted(_ name: String) throws {
        let store = RoadAreaStore(directory: URL(fileURLWithPath: "/tmp/areas"))
        #expect(try store.fileURL(for: name).path == "/tmp/areas/\(name).roadgraph")
    }
}
