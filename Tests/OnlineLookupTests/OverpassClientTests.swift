import FlyingFox
import Foundation
import GRDB
import Geo
import TestSupport
import Testing
import Theaters
@testable import OnlineLookup
import SQLiteStore
import Transport

/// Overpass's documented JSON: a node, and a way with its `center` (from `out center tags`).
let overpassBody = """
    {"version":0.6,"generator":"Overpass API","osm3s":{"timestamp_osm_base":"2026-11-21T12:00:00Z"},
     "elements":[
      {"type":"node","id":1001,"lat":45.7640,"lon":4.8357,"tags":{"amenity":"cinema","name":"Cinéma Comoedia","screen":"6"}},
      {"type":"way","id":2002,"center":{"lat":45.7578,"lon":4.8320},"nodes":[1,2,3],
       "tags":{"amenity":"cinema","name":"Pathé Bellecour","website":"https://example.org"}},
      {"type":"node","id":1003,"lat":45.7700,"lon":4.8400,"tags":{"amenity":"cinema"}}
     ]}
    """

/// A migrated SQLite database in memory holding the lookup cache's tables.
func testDatabase() throws -> DatabaseQueue {
    let queue = try DatabaseQueue()
    var migrator = DatabaseMigrator()
    SQLiteLookupCache.registerMigrations(in: &migrator)
    try migrator.migrate(queue)
    return queue
}

/// A lookup cache on SQLite, in memory.
func testCache(in queue: DatabaseQueue? = nil) throws -> LookupCache {
    let database = try queue ?? testDatabase()
    return LookupCache(storage: SQLiteLookupCache(writer: database))
}

func quickRetry() -> RetryPolicy { RetryPolicy(maxAttempts: 3, baseDelaySeconds: 0.01, maxDelaySeconds: 0.02, maxRetryAfterSeconds: 0.05) }

@Suite struct OverpassClientTests {
    let lyon = try! Coordinate(latitude: 45.7640, longitude: 4.8357)

    @Test func theQueryMapsTheKeywordToTheRightTag() {
        #expect(
            OverpassClient.query(for: .category(.cinema, driveIn: false), around: lyon, radiusMeters: 2000)
                == "[out:json][timeout:25];nwr[\"amenity\"=\"cinema\"](around:2000,45.764,4.8357);out center tags;")
        #expect(OverpassClient.query(for: .category(.theatre, driveIn: false), around: lyon, radiusMeters: 500).contains("[\"amenity\"=\"theatre\"]"))
        #expect(OverpassClient.query(for: .category(.cinema, driveIn: true), around: lyon, radiusMeters: 500).contains("[\"drive_in\"=\"yes\"]"))
        let byName = OverpassClient.query(for: .name("Pathé (Lyon)"), around: lyon, radiusMeters: 500)
        #expect(byName.contains("[\"name\"~\"" + OverpassClient.escape(OverpassClient.namePattern("Pathé (Lyon)")) + "\",i]"))
    }

    @Test func theFormBodyIsEncodedAsFoundationEncodesIt() {
        // Given queries with accents, spaces, quotes, brackets and non-Latin text, and every kind of letter, mark
        // and number (titlecase ǅ, modifier ʰ, combining ́ and ः, enclosing ⃝, Arabic-Indic ٣, Roman Ⅻ, ½), a
        // symbol, punctuation and an emoji
        var allowed = CharacterSet.alphanumerics
        allowed.insert(charactersIn: "-._*")
        let texts = [
            OverpassClient.query(for: .category(.cinema, driveIn: false), around: lyon, radiusMeters: 2000),
            OverpassClient.query(for: .name("Pathé (Lyon) \"Bellecour\" 東京 Кино"), around: lyon, radiusMeters: 500),
            "ǅʰe\u{301}\u{903}\u{20DD}٣Ⅻ½€§¶ 🎬 a+b=c&d/e?f#g%h~i'j!k",
        ]
        // Then each is encoded to the same bytes as Foundation's percent-encoding with its alphanumerics
        for text in texts {
            #expect(OverpassClient.formEncode(text) == text.addingPercentEncoding(withAllowedCharacters: allowed), "\(text)")
        }
    }

    @Test func aNameSearchOnlineIgnoresAccentsAsTheOfflineOneDoes() throws {
        // Overpass's `,i` folds case only; the pattern carries the accents
        let pattern = try NSRegularExpression(
            pattern: OverpassClient.namePattern("Cinema Opera (Lyon)"), options: [.caseInsensitive])
        func matches(_ name: String) -> Bool {
            pattern.firstMatch(in: name, range: NSRange(name.startIndex..., in: name)) != nil
        }
        #expect(matches("Cinéma Opéra (Lyon)"))
        #expect(matches("CINÉMA OPÉRA (LYON)"))
        #expect(matches("Le Cinema Opera (Lyon) 2"))
        #expect(!matches("Cinema Opera Lyon"))
        #expect(!matches("Cinéma Opéra"))
    }

    @Test func lettersThatFoldToSeveralOrNoneAreMatchedAsTheyAre() throws {
        // "ß" folds to "ss", a lone combining accent to nothing: neither may stop the program
        for name in ["Schloßtheater", "Kino \u{301}", "ﬁlm"] {
            let pattern = try NSRegularExpression(pattern: OverpassClient.namePattern(name), options: [.caseInsensitive])
            #expect(pattern.firstMatch(in: name, range: NSRange(name.startIndex..., in: name)) != nil, "\(name)")
        }
    }

    @Test func theatersComeBackFromNodesAndWayCentersWithTheUserAgent() async throws {
        try await withFakeServer({ _, _ in Reply.json(overpassBody) }) { fake in
            let client = OverpassClient(baseURL: fake.baseURL, userAgent: "planner/test (contact: a@b.c)", cache: nil, retry: quickRetry())
            let (theaters, provenance) = try await client.theaters(matching: .category(.cinema, driveIn: false), around: lyon, radiusMeters: 2000)
            #expect(provenance == .network)
            #expect(theaters.map(\.id) == ["node/1001", "way/2002", "node/1003"])
            #expect(theaters[1].coordinate == (try Coordinate(latitude: 45.7578, longitude: 4.8320)))
            #expect(theaters[0].screens == 6)
            #expect(theaters[2].name == "unnamed cinema")
            let request = try #require(await fake.log.requests.first)
            #expect(request.header("User-Agent") == "planner/test (contact: a@b.c)")
        }
    }

    @Test(arguments: [429, 504])
    func anOverloadedServerIsRetriedThenSucceeds(_ status: Int) async throws {
        try await withFakeServer({ _, count in
            count == 1 ? Reply.json("{}", status: status, headers: ["Retry-After": "0"]) : Reply.json(overpassBody)
        }) { fake in
            let client = OverpassClient(baseURL: fake.baseURL, userAgent: "t", cache: nil, retry: quickRetry())
            let (theaters, _) = try await client.theaters(matching: .category(.cinema, driveIn: false), around: lyon, radiusMeters: 2000)
            #expect(theaters.count == 3)
            #expect(await fake.log.count == 2)
        }
    }

    @Test func aServerThatStaysOverloadedGivesUpWithAClearError() async throws {
        try await withFakeServer({ _, _ in Reply.json("{}", status: 504) }) { fake in
            let client = OverpassClient(baseURL: fake.baseURL, userAgent: "t", cache: nil, retry: quickRetry())
            await #expect(throws: OnlineLookupError.overloaded(service: "Overpass", status: 504)) {
                try await client.theaters(matching: .category(.cinema, driveIn: false), around: lyon, radiusMeters: 2000)
            }
            #expect(await fake.log.count == 3)
        }
    }

    @Test func aRemarkInAnOKAnswerIsAnError() async throws {
        let body = #"{"elements":[],"remark":"runtime error: Query timed out in \"query\" at line 1 after 25 seconds."}"#
        try await withFakeServer({ _, _ in Reply.json(body) }) { fake in
            let client = OverpassClient(baseURL: fake.baseURL, userAgent: "t", cache: nil, retry: quickRetry())
            await #expect(throws: OnlineLookupError.overpassRemark("runtime error: Query timed out in \"query\" at line 1 after 25 seconds.")) {
                try await client.theaters(matching: .category(.cinema, driveIn: false), around: lyon, radiusMeters: 2000)
            }
        }
    }

    @Test func malformedJSONIsAClearError() async throws {
        try await withFakeServer({ _, _ in Reply.json("<html>busy</html>") }) { fake in
            let client = OverpassClient(baseURL: fake.baseURL, userAgent: "t", cache: nil, retry: quickRetry())
            await #expect(throws: OnlineLookupError.malformedResponse(service: "Overpass")) {
                try await client.theaters(matching: .category(.cinema, driveIn: false), around: lyon, radiusMeters: 2000)
            }
        }
    }

    @Test func aServerThatNeverAnswersTimesOut() async throws {
        try await withFakeServer({ _, _ in
            try await Task.sleep(nanoseconds: 30_000_000_000)
            return Reply.json(overpassBody)
        }) { fake in
            let client = OverpassClient(baseURL: fake.baseURL, userAgent: "t", cache: nil, timeoutSeconds: 1, retry: quickRetry())
            await #expect(throws: OnlineLookupError.timedOut(service: "Overpass")) {
                try await client.theaters(matching: .category(.cinema, driveIn: false), around: lyon, radiusMeters: 2000)
            }
        }
    }

    @Test func aSecondIdenticalLookupIsAnsweredFromTheCache() async throws {
        try await withFakeServer({ _, _ in Reply.json(overpassBody) }) { fake in
            let client = OverpassClient(baseURL: fake.baseURL, userAgent: "t", cache: try testCache(), retry: quickRetry())
            _ = try await client.theaters(matching: .category(.cinema, driveIn: false), around: lyon, radiusMeters: 2000)
            let (again, provenance) = try await client.theaters(matching: .category(.cinema, driveIn: false), around: lyon, radiusMeters: 2000)
            #expect(again.count == 3)
            guard case .cache(_, let stale) = provenance else { Issue.record("expected a cached answer"); return }
            #expect(!stale)
            #expect(await fake.log.count == 1)
        }
    }

    @Test func aStaleCacheAnswersWhenTheServiceIsDown() async throws {
        let cache = try testCache()
        let clock = Clock()
        try await withFakeServer({ _, _ in Reply.json(overpassBody) }) { fake in
            let client = OverpassClient(baseURL: fake.baseURL, userAgent: "t", cache: cache, retry: quickRetry(), now: { clock.now })
            _ = try await client.theaters(matching: .category(.cinema, driveIn: false), around: lyon, radiusMeters: 2000)
        }
        clock.now = clock.now.addingTimeInterval(2 * 86_400)
        let down = OverpassClient(
            baseURL: URL(string: "http://127.0.0.1:9")!, userAgent: "t", cache: cache, timeoutSeconds: 2, retry: quickRetry(),
            now: { clock.now })
        let (theaters, provenance) = try await down.theaters(matching: .category(.cinema, driveIn: false), around: lyon, radiusMeters: 2000)
        #expect(theaters.count == 3)
        guard case .cache(let age, let stale) = provenance else { Issue.record("expected the stale cache"); return }
        #expect(stale)
        #expect(age >= 2 * 86_400)
    }
}

/// A settable clock for cache ages.
final class Clock: @unchecked Sendable {
    private let lock = NSLock()
    private var value = Date()
    var now: Date {
        get { lock.withLock { value } }
        set { lock.withLock { value = newValue } }
    }
}

@Suite struct OverpassCachingTests {
    let lyon = try! Coordinate(latitude: 45.7640, longitude: 4.8357)

    @Test func aRemarkIsAnErrorAndIsNotCachedSoTheNextCallAsksAgain() async throws {
        let remark = #"{"version":0.6,"elements":[],"remark":"runtime error: Query timed out in \"query\" at line 1 after 25 seconds."}"#
        try await withFakeServer({ _, number in number == 1 ? Reply.json(remark) : Reply.json(overpassBody) }) { fake in
            let client = OverpassClient(baseURL: fake.baseURL, userAgent: "t", cache: try testCache(), retry: quickRetry())
            await #expect(throws: OnlineLookupError.self) {
                _ = try await client.theaters(matching: .category(.cinema, driveIn: false), around: lyon, radiusMeters: 2000)
            }
            let (theaters, provenance) = try await client.theaters(
                matching: .category(.cinema, driveIn: false), around: lyon, radiusMeters: 2000)
            #expect(!theaters.isEmpty)
            #expect(provenance == .network)
            #expect(await fake.log.count == 2)
        }
    }
}
