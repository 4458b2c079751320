import Foundation
import TestSupport
import Testing

@testable import OSM

@Suite("tags longer than OSMLimits allow are refused with their key", .offThePool)
struct OSMLimitsTests {
    @Test func aPBFNodeNamedWithOver1KBIsRefusedNamingTheTagAndTheLimit() throws {
        let url = try temporaryFile(PBFFixture.file(name: String(repeating: "N", count: 2000)), suffix: ".osm.pbf")
        defer { try? FileManager.default.removeItem(at: url) }
        #expect(throws: OSMError.tagTooLong(path: url.path, key: "name", bytes: 2000, limitBytes: 1024)) {
            try OSMReader(url: url).read { _ in }
        }
        #expect(
            OSMError.tagTooLong(path: "x.pbf", key: "name", bytes: 2000, limitBytes: 1024).description
                == "x.pbf: a 'name' tag is 2000 bytes long; planner reads names of at most 1024 bytes")
    }

    @Test func aPBFWayTagValueOver64KBIsRefused() throws {
        let url = try temporaryFile(PBFFixture.file(highway: String(repeating: "r", count: 70_000)), suffix: ".osm.pbf")
        defer { try? FileManager.default.removeItem(at: url) }
        #expect(throws: OSMError.tagTooLong(path: url.path, key: "highway", bytes: 70_000, limitBytes: 65_536)) {
            try OSMReader(url: url).read { _ in }
        }
    }

    @Test func tagsAtTheLimitsAreRead() throws {
        let name = String(repeating: "N", count: 1024)
        let url = try temporaryFile(PBFFixture.file(name: name, highway: String(repeating: "r", count: 65_536)), suffix: ".osm.pbf")
        defer { try? FileManager.default.removeItem(at: url) }
        var names: [String] = []
        try OSMReader(url: url).read { element in
            if case .node(let node) = element, let tag = node.tags["name"] { names.append(tag) }
        }
        #expect(names == [name])
    }
}
