import FlyingFox
import Foundation
import GRDB
import Geo
import TestSupport
import Testing
@testable import OnlineLookup

let nominatimSearchBody = """
    [{"place_id":1,"licence":"Data © OpenStreetMap contributors, ODbL 1.0. http://osm.org/copyright",
      "osm_type":"relation","osm_id":120965,"lat":"45.7578137","lon":"4.8320114","category":"boundary",
      "type":"administrative","place_rank":16,"importance":0.8,"addresstype":"city","name":"Lyon",
      "display_name":"Lyon, Métropole de Lyon, Rhône, Auvergne-Rhône-Alpes, France métropolitaine, France",
      "address":{"city":"Lyon","country":"France","country_code":"fr"},
      "boundingbox":["45.7073666","45.8082628","4.7718134","4.8983774"]}]
    """

@Suite struct NominatimClientTests {
    @Test func latitudeAndLongitudeArriveAsStringsAndAreParsed() async throws {
        try await withFakeServer({ _, _ in Reply.json(nominatimSearchBody) }) { fake in
            let client = NominatimClient(baseURL: fake.baseURL, userAgent: "planner/test", cache: try testCache(), retry: quickRetry())
            let (places, _) = try await client.search("Lyon")
            let lyon = try #require(places.first)
            #expect(lyon.coordinate == (try Coordinate(latitude: 45.7578137, longitude: 4.8320114)))
            #expect(lyon.name == "Lyon")
            #expect(lyon.countryCode == "FR")
            #expect(lyon.osmType == .relation)
            let request = try #require(await fake.log.requests.first)
            #expect(request.path == "/search")
            #expect(request.query["q"] == "Lyon")
            #expect(request.query["format"] == "jsonv2")
            #expect(request.header("User-Agent") == "planner/test")
        }
    }

    @Test func requestsAreSpacedAtLeastOneSecondApart() async throws {
        let arrivals = Arrivals()
        try await withFakeServer({ request, _ in
            await arrivals.record()
            return request.path == "/reverse"
                ? Reply.json(#"{"display_name":"Place Bellecour, Lyon, France","lat":"45.7578","lon":"4.832"}"#)
                : Reply.json(nominatimSearchBody)
        }) { fake in
            let client = NominatimClient(baseURL: fake.baseURL, userAgent: "t", cache: try testCache(), retry: quickRetry())
            _ = try await client.search("Lyon")
            _ = try await client.search("Villeurbanne")
            let (address, _) = try await client.reverse(try Coordinate(latitude: 45.7578, longitude: 4.832))
            #expect(address == "Place Bellecour, Lyon, France")
            let times = await arrivals.times
            #expect(times.count == 3)
            for (a, b) in zip(times, times.dropFirst()) { #expect(b.timeIntervalSince(a) >= 1.0, "gap \(b.timeIntervalSince(a))") }
        }
    }

    @Test func theAmenityFallbackSearchesABoundedViewbox() async throws {
        let body = """
            [{"osm_type":"node","osm_id":1001,"lat":"45.764","lon":"4.8357","category":"amenity","type":"cinema",
              "name":"Cinéma Comoedia","display_name":"Cinéma Comoedia, 13 Avenue Berthelot, Lyon, France"}]
            """
        try await withFakeServer({ _, _ in Reply.json(body) }) { fake in
            let client = NominatimClient(baseURL: fake.baseURL, userAgent: "t", cache: nil, retry: quickRetry())
            let box = BoundingBox(around: try Coordinate(latitude: 45.764, longitude: 4.8357), radiusMeters: 2000)
            let (theaters, _) = try await client.theaters(amenity: "cinema", in: box)
            #expect(theaters.map(\.id) == ["node/1001"])
            let request = try #require(await fake.log.requests.first)
            #expect(request.query["amenity"] == "cinema")
            #expect(request.query["bounded"] == "1")
            #expect(request.query["viewbox"]?.split(separator: ",").count == 4)
        }
    }

    @Test func malformedJSONIsAClearError() async throws {
        try await withFakeServer({ _, _ in Reply.json("{not json") }) { fake in
            let client = NominatimClient(baseURL: fake.baseURL, userAgent: "t", cache: nil, retry: quickRetry())
            await #expect(throws: OnlineLookupError.malformedResponse(service: "Nominatim")) { try await client.search("Lyon") }
        }
    }
}

actor Arrivals {
    private(set) var times: [Date] = []
    func record() { times.append(Date()) }
}

/// What a failed or odd answer leaves behind, and how retries and crashes keep to the one-per-second policy.
@Suite struct NominatimPolicyTests {
    let lyon = try! Coordinate(latitude: 45.7578, longitude: 4.832)

    @Test func aPointWithNoAddressIsRememberedSoTheSecondCallMakesNoRequest() async throws {
        try await withFakeServer({ _, _ in Reply.json(#"{"error":"not here"}"#, status: 404) }) { fake in
            let client = NominatimClient(baseURL: fake.baseURL, userAgent: "t", cache: try testCache(), retry: quickRetry())
            let first = try await client.reverse(lyon)
            let second = try await client.reverse(lyon)
            #expect(first.displayName == nil)
            #expect(second.displayName == nil)
            #expect(await fake.log.count == 1)
        }
    }

    @Test func aRefusalIsNotRememberedAsAMissingAddress() async throws {
        try await withFakeServer({ _, _ in Reply.json(#"{"error":"blocked"}"#, status: 403) }) { fake in
            let client = NominatimClient(baseURL: fake.baseURL, userAgent: "t", cache: try testCache(), retry: quickRetry())
            _ = try? await client.reverse(lyon)
            _ = try? await client.reverse(lyon)
            #expect(await fake.log.count == 2)
        }
    }

    @Test func aMalformedAnswerIsNotCachedSoTheNextCallAsksAgain() async throws {
        try await withFakeServer({ _, number in
            number == 1 ? Reply.json("<html>Bad gateway</html>") : Reply.json(nominatimSearchBody)
        }) { fake in
            let client = NominatimClient(baseURL: fake.baseURL, userAgent: "t", cache: try testCache(), retry: quickRetry())
            await #expect(throws: OnlineLookupError.malformedResponse(service: "Nominatim")) {
                _ = try await client.search("Lyon")
            }
            let (places, provenance) = try await client.search("Lyon")
            #expect(places.first?.name == "Lyon")
            #expect(provenance == .network)
        }
    }

    @Test func aPlusInAPlaceNameArrivesAsAPlus() async throws {
        try await withFakeServer({ _, _ in Reply.json("[]") }) { fake in
            let client = NominatimClient(baseURL: fake.baseURL, userAgent: "t", cache: nil, retry: quickRetry())
            _ = try await client.search("A+B & C=D")
            #expect(await fake.log.requests.first?.query["q"] == "A+B & C=D")
        }
    }

    @Test func aRetryAfterOfZeroStillWaitsTheOneSecondThePolicyAsks() async throws {
        let arrivals = Arrivals()
        try await withFakeServer({ _, number in
            await arrivals.record()
            return number == 1 ? Reply.json("[]", status: 429, headers: ["Retry-After": "0"]) : Reply.json(nominatimSearchBody)
        }) { fake in
            let client = NominatimClient(baseURL: fake.baseURL, userAgent: "t", cache: try testCache(), retry: quickRetry())
            _ = try await client.search("Lyon")
            let times = await arrivals.times
            #expect(times.count == 2)
            if times.count == 2 { #expect(times[1].timeIntervalSince(times[0]) >= 1.0) }
        }
    }

    @Test func aBoxAcrossTheAntimeridianIsAskedAsItsTwoHalves() async throws {
        try await withFakeServer({ _, _ in Reply.json("[]") }) { fake in
            let client = NominatimClient(baseURL: fake.baseURL, userAgent: "t", cache: nil, retry: quickRetry(), sleep: { _ in })
            let box = BoundingBox(around: try Coordinate(latitude: -16.5, longitude: 179.99), radiusMeters: 5000)
            #expect(box.crossesAntimeridian)
            _ = try await client.theaters(amenity: "cinema", in: box)
            let viewboxes = await fake.log.requests.compactMap { $0.query["viewbox"] }
            #expect(viewboxes.count == 2)
            for viewbox in viewboxes {
                let numbers = viewbox.split(separator: ",").compactMap { Double($0) }
                #expect(numbers.count == 4 && numbers[0] <= numbers[2], "\(viewbox) runs west to east")
            }
        }
    }

    @Test func aRequestThatReachedNoServerLeavesTheSlotFreeForTheNextAtOnce() async throws {
        // Given nothing listening on the service's port (the connection is refused)
        try await withClosedPort { closed in
            let cache = try testCache()
            let client = NominatimClient(baseURL: closed.baseURL, userAgent: "t", cache: cache, retry: quickRetry())
            // When a search fails to reach it
            await #expect(throws: OnlineLookupError.unreachable(service: "Nominatim")) {
                _ = try await client.search("Lyon")
            }
            // Then another process's request may start at once: the failed one used no second of Nominatim's
            let wait = try cache.acquireSlot(service: "nominatim", leaseSeconds: 75, intervalSeconds: 1.05, now: Date())
            #expect(wait == nil)
        }
    }

    @Test func aRequestWhoseHostNameDoesNotResolveTakesNoTurnAndWritesNothing() async throws {
        // Given a service whose host name does not resolve (RFC 6761's .invalid), asked through libcurl's transport
        let database = try testDatabase()
        let cache = try testCache(in: database)
        let nowhere = URL(string: "http://" + String(repeating: "n", count: 60) + ".invalid")!
        let client = NominatimClient(baseURL: nowhere, userAgent: "t", cache: cache, retry: quickRetry())
        // When a search fails to reach it
        await #expect(throws: OnlineLookupError.unreachable(service: "Nominatim")) {
            _ = try await client.search("Lyon")
        }
        // Then no turn was taken: the pacing table was never written
        let rows = try await database.read { try Int.fetchOne($0, sql: "SELECT count(*) FROM onlineLookupPacing") }
        #expect(rows == 0)
    }

    @Test func aRequestTheServerAnsweredKeepsTheNextWaitingItsSecond() async throws {
        try await withFakeServer({ _, _ in Reply.json(#"{"error":"blocked"}"#, status: 403) }) { fake in
            // Given a search the server answered, with a refusal
            let cache = try testCache()
            let client = NominatimClient(baseURL: fake.baseURL, userAgent: "t", cache: cache, retry: quickRetry())
            _ = try? await client.search("Lyon")
            // Then the next request waits for the rest of its second
            let wait = try #require(
                try cache.acquireSlot(service: "nominatim", leaseSeconds: 75, intervalSeconds: 1.05, now: Date()))
            #expect(wait > 0.5)
        }
    }

    @Test func aSlotHeldByAProcessThatNoLongerExistsIsFreedAfterOneInterval() throws {
        // Given a slot leased for 75 s by a process that has since died (a pid beyond pid_max is never alive)
        let cache = try testCache()
        let now = Date()
        let deadPID: Int32 = 4_194_400
        #expect(!LookupCache.processExists(deadPID))
        #expect(try cache.acquireSlot(service: "nominatim", leaseSeconds: 75, intervalSeconds: 1.05, now: now, pid: deadPID) == nil)
        // When another process asks for it
        let wait = try cache.acquireSlot(service: "nominatim", leaseSeconds: 75, intervalSeconds: 1.05, now: now, pid: 42_424)
        // Then it waits one interval, not the lease, and then gets it
        #expect(wait == 1.05)
        #expect(try cache.acquireSlot(service: "nominatim", leaseSeconds: 75, intervalSeconds: 1.05, now: now + 1.1, pid: 42_424) == nil)
    }

    @Test func aSlotHeldByALiveProcessIsWaitedFor() throws {
        let cache = try testCache()
        let now = Date()
        let alive = ProcessInfo.processInfo.processIdentifier
        #expect(try cache.acquireSlot(service: "nominatim", leaseSeconds: 75, intervalSeconds: 1.05, now: now, pid: alive) == nil)
        let wait = try #require(try cache.acquireSlot(service: "nominatim", leaseSeconds: 75, intervalSeconds: 1.05, now: now, pid: 1))
        #expect(wait > 70)
    }
}
