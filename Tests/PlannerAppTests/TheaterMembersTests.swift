import Foundation
import Geo
import Testing
import Theaters

@testable import PlannerApp

/// A server writes each theater's unchanging JSON members once (`TheaterMembersCache`) and copies them into every
/// nearby answer: the answers must stay byte for byte what the command line writes.
@Suite final class TheaterMembersTests {
    let root: URL
    let data = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Data")

    init() throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("planner-members-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(at: root) }

    func environment(cache: DataCache?) -> Environment {
        Environment(
            variables: [
                "PLANNER_CONFIG": root.appendingPathComponent("config.json").path, "HOME": root.path,
                "PLANNER_DATA_DIR": data.path,
            ],
            cache: cache)
    }

    @Test func aNearbyAnswerWithTheTheatersCachedIsByteForByteTheOneWrittenWithout() throws {
        // Given the README's search over the bundled data, once without a cache and twice through one
        let search = SearchRequest(radius: "0.5", keyword: "movie theatre", limit: 10, mode: .walk)
        let plain = try TheaterSearch(near: "60.1699,24.9384", search: search, environment: environment(cache: nil))
            .report(search: search).json()
        let cache = DataCache()
        let served = try TheaterSearch(near: "60.1699,24.9384", search: search, environment: environment(cache: cache))
            .report(search: search)
        let first = String(decoding: try served.jsonUTF8(cache: cache.theaterMembers), as: UTF8.self)
        let second = String(decoding: try served.jsonUTF8(cache: cache.theaterMembers), as: UTF8.self)
        // Then all three are the same bytes, and the cache holds the theaters answered
        #expect(plain.contains("\"Kinopalatsi\""))
        #expect(first == plain)
        #expect(second == plain)
        #expect(cache.theaterMembers.count == served.hits.count)
    }

    @Test func aTheaterThatChangedUnderTheSameIdIsWrittenAfresh() throws {
        // Given a theater whose members are cached
        let cache = TheaterMembersCache()
        let coordinate = try Coordinate(latitude: 60.17, longitude: 24.94)
        let before = Theater(
            osmType: .node, osmID: 7, name: "Kino", coordinate: coordinate, category: .cinema,
            tags: ["phone": "+358 1"], fallbackID: "x")
        _ = cache.members(of: before)
        // When the same id comes back with another phone number
        let after = Theater(
            osmType: .node, osmID: 7, name: "Kino", coordinate: coordinate, category: .cinema,
            tags: ["phone": "+358 2"], fallbackID: "x")
        let written = PrettyJSON.utf8Text { json in
            json.object { $0.members(cache.members(of: after).identity) }
        }
        // Then the new number is written, not the cached one
        #expect(written.contains("+358 2"))
        #expect(!written.contains("+358 1"))
    }
}

extension PrettyJSON {
    /// The text a body writes at depth 3 (a theater's object in a nearby answer), for tests.
    static func utf8Text(_ body: (inout PrettyJSON) -> Void) -> String {
        var json = PrettyJSON()
        json.object { document in
            document.key("theaters")
            document.array { list in
                list.element()
                body(&list)
            }
        }
        return (try? json.text()) ?? ""
    }
}
