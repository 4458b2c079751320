import Foundation
import Geo
import Testing
import Transport

@testable import OnlineLookup

/// A network on which nothing answers: every send is refused, and counted.
final class RefusingNetwork: HTTPTransport, @unchecked Sendable {
    private let lock = NSLock()
    private var tries = 0

    var sends: Int { lock.withLock { tries } }

    func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        lock.withLock { tries += 1 }
        throw TransportError.unreachable(host: request.url.host ?? "")
    }
}

/// A clock the test moves.
final class TestClock: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Date

    init(_ start: Date) { value = start }
    var now: Date { lock.withLock { value } }
    func advance(seconds: Double) { lock.withLock { value = value.addingTimeInterval(seconds) } }
}

@Suite("A service that could not be reached is left alone for a while, by every process on the database")
struct OutageTests {
    static let start = Date(timeIntervalSince1970: 1_795_338_000)
    let lyon = try! Coordinate(latitude: 45.7640, longitude: 4.8357)

    func overpass(_ network: RefusingNetwork, cache: LookupCache, clock: TestClock, port: Int) -> OverpassClient {
        OverpassClient(
            baseURL: URL(string: "http://127.0.0.1:\(port)/api/interpreter")!, userAgent: "planner-tests", cache: cache,
            transport: network, retry: quickRetry(), now: { clock.now })
    }

    @Test func anOutageEndsOnTimeHoweverManyRequestsMeetIt() async throws {
        // Given Overpass refused once (a port of this test's own, so that no other test's outage counts)
        let network = RefusingNetwork()
        let clock = TestClock(Self.start)
        let client = overpass(network, cache: try testCache(), clock: clock, port: 59_101)
        await #expect(throws: OnlineLookupError.unreachable(service: "Overpass")) {
            try await client.theaters(matching: .category(.cinema, driveIn: false), around: lyon, radiusMeters: 500)
        }
        #expect(network.sends == 1)
        // When requests keep meeting the outage, every ten seconds
        for _ in 0..<3 {
            clock.advance(seconds: 10)
            if clock.now.timeIntervalSince(Self.start) >= Outages.outageSeconds { break }
            await #expect(throws: OnlineLookupError.unreachable(service: "Overpass")) {
                try await client.theaters(matching: .category(.cinema, driveIn: false), around: lyon, radiusMeters: 500)
            }
        }
        // Then none of them was sent, and the first after the outage's time (counted from the failure) is
        #expect(network.sends == 1)
        clock.advance(seconds: Outages.outageSeconds + 5 - clock.now.timeIntervalSince(Self.start))
        _ = try? await client.theaters(matching: .category(.cinema, driveIn: false), around: lyon, radiusMeters: 500)
        #expect(network.sends == 2)
    }

    @Test func anotherProcessOnTheSameDatabaseMeetsTheOutageWithoutAsking() throws {
        // Given one process's failure to reach a service, written to the lookup cache
        let queue = try testDatabase()
        let written = try testCache(in: queue)
        Outages.record("Overpass 127.0.0.1:59102", error: .unreachable(service: "Overpass"), in: written, now: Self.start)
        // Then another's cache over the same database reads it for the outage's time, and not after
        let other = try testCache(in: queue)
        let during = Self.start.addingTimeInterval(Outages.outageSeconds - 1)
        #expect(
            Outages.recorded("Overpass 127.0.0.1:59102", service: "Overpass", in: other, now: during)
                == .unreachable(service: "Overpass"))
        let after = Self.start.addingTimeInterval(Outages.outageSeconds)
        #expect(Outages.recorded("Overpass 127.0.0.1:59102", service: "Overpass", in: other, now: after) == nil)
        // A time-out is kept as one; an answer that was read and refused is no outage
        Outages.record("Nominatim 127.0.0.1:59103", error: .timedOut(service: "Nominatim"), in: written, now: Self.start)
        #expect(
            Outages.recorded("Nominatim 127.0.0.1:59103", service: "Nominatim", in: other, now: Self.start)
                == .timedOut(service: "Nominatim"))
        Outages.record(
            "Overpass 127.0.0.1:59104", error: .malformedResponse(service: "Overpass"), in: written, now: Self.start)
        #expect(Outages.recorded("Overpass 127.0.0.1:59104", service: "Overpass", in: other, now: Self.start) == nil)
    }

    @Test func whenAnOutageEndsOneRequestAsksAndTheOthersWaitForItsAnswer() {
        let outages = Outages()
        let key = "Nominatim 127.0.0.1:59105"
        outages.record(key, error: .unreachable(service: "Nominatim"), now: Self.start)
        let ended = Self.start.addingTimeInterval(Outages.outageSeconds)
        // The first request after the outage's time asks; the next ones still meet the failure meanwhile
        #expect(outages.current(key, now: ended) == nil)
        #expect(outages.current(key, now: ended) == .unreachable(service: "Nominatim"))
        // Until the service answers, even with an error of its own: it is reachable
        outages.record(key, error: .http(service: "Nominatim", status: 500), now: ended)
        #expect(outages.current(key, now: ended) == nil)
        #expect(outages.current(key, now: ended) == nil)
    }
}
