import Foundation
import SQLiteStore
import Showtimes
import TestSupport
import Testing
import Transport

/// A transport that is never to be used: these tests read the cache only (offline).
private struct NoNetwork: HTTPTransport {
    func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        throw TransportError.unreachable(host: request.url.host ?? "")
    }
}

/// A showtimes cache in memory that counts how often a whole row (its body) is read, and whose stamp is read
/// without the body, as the SQLite and PostgreSQL adapters do. Two stores over one of these stand for two
/// processes sharing one database.
private final class CountingRows: ShowtimesCacheStorage, @unchecked Sendable {
    private let lock = NSLock()
    private var rows: [String: (body: Data, fetchedAt: Date)] = [:]
    private var bodyReads = 0
    private var stampLooks = 0

    func cached(forKey key: String) throws -> (body: Data, fetchedAt: Date)? {
        lock.withLock {
            bodyReads += 1
            return rows[key]
        }
    }

    func cacheStamp(forKey key: String) throws -> ShowtimesCacheStamp? {
        lock.withLock {
            stampLooks += 1
            return rows[key].map { ShowtimesCacheStamp(fetchedAt: $0.fetchedAt, byteCount: $0.body.count) }
        }
    }

    func cache(_ body: Data, forKey key: String, fetchedAt: Date) throws {
        lock.withLock { rows[key] = (body, fetchedAt) }
    }

    var reads: Int { lock.withLock { bodyReads } }
    var stampReads: Int { lock.withLock { stampLooks } }
}

@Suite("Decoded cache rows are used again only while the row is the same")
struct ShowtimesCacheMemoTests {
    static let day = "2026-11-22"
    static let scheduleKey = "finnkino Schedule/?area=1002&dt=22.11.2026"
    /// When the first answer was fetched: 2026-11-22 09:00 UTC.
    static let fetchedAt = Date(timeIntervalSince1970: 1_795_338_000)

    static func show(_ id: Int, _ title: String, at time: String) -> FinnkinoShowSpec {
        FinnkinoShowSpec(
            id: id, title: title, originalTitle: nil, year: 2026, day: day, time: time,
            theatreID: FakeFinnkino.kinopalatsi.id, theatre: FakeFinnkino.kinopalatsi.name)
    }

    static func schedule(_ shows: [FinnkinoShowSpec]) -> Data { Data(FakeFinnkino.scheduleXML(shows).utf8) }

    /// The titles of the day's schedule as `client` reads it.
    func titles(_ client: FinnkinoClient) async throws -> [String] {
        try await client.schedule(area: "1002", localDay: Self.day).value.map(\.title)
    }

    /// A client that reads the cache only, an hour after ``fetchedAt``.
    func offlineClient(_ store: ShowtimesStore) -> FinnkinoClient {
        FinnkinoClient(
            transport: NoNetwork(), store: store, policy: .offline, now: { Self.fetchedAt.addingTimeInterval(3600) })
    }

    @Test func aReplacedRowsShowsComeBackNotTheOnesDecodedBefore() async throws {
        // Given a cached schedule that has been read once
        let store = try ShowtimesStore.inMemory()
        try await store.cache(
            Self.schedule([Self.show(1, "Revontulet", at: "18:30")]), forKey: Self.scheduleKey,
            fetchedAt: Self.fetchedAt)
        let first = try await offlineClient(store).schedule(area: "1002", localDay: Self.day)
        #expect(first.value.map(\.title) == ["Revontulet"])
        // When the row is replaced by a later answer
        let later = Self.fetchedAt.addingTimeInterval(1800)
        try await store.cache(
            Self.schedule([Self.show(2, "Satamayöt", at: "17:15"), Self.show(3, "Lumikki", at: "20:00")]),
            forKey: Self.scheduleKey, fetchedAt: later)
        // Then the new answer's shows come back, with its own fetch time
        let second = try await offlineClient(store).schedule(area: "1002", localDay: Self.day)
        #expect(second.value.map(\.title) == ["Satamayöt", "Lumikki"])
        #expect(second.fetchedAt == later)
        #expect(second.fromCache)
    }

    @Test func aRowRewrittenAtTheSameInstantWithTheSameSizeIsDecodedAgain() async throws {
        // Given two answers of the same size, written at the same instant (a fixed clock)
        let before = Self.schedule([Self.show(1, "Alpha", at: "18:30")])
        let after = Self.schedule([Self.show(1, "Bravo", at: "18:30")])
        #expect(before.count == after.count)
        let store = try ShowtimesStore.inMemory()
        try await store.cache(before, forKey: Self.scheduleKey, fetchedAt: Self.fetchedAt)
        #expect(try await titles(offlineClient(store)) == ["Alpha"])
        // When the second replaces the first through the same store
        try await store.cache(after, forKey: Self.scheduleKey, fetchedAt: Self.fetchedAt)
        // Then its show comes back
        #expect(try await titles(offlineClient(store)) == ["Bravo"])
    }

    @Test func aRowReplacedByAnotherProcessIsReadAgainAndAnUnchangedOneIsNot() async throws {
        // Given two stores over one database, as two servers sharing PostgreSQL
        let rows = CountingRows()
        let here = ShowtimesStore(cache: rows)
        let there = ShowtimesStore(cache: rows)
        try await there.cache(
            Self.schedule([Self.show(1, "Revontulet", at: "18:30")]), forKey: Self.scheduleKey,
            fetchedAt: Self.fetchedAt)
        // When this one reads the schedule twice
        #expect(try await titles(offlineClient(here)) == ["Revontulet"])
        let readsAfterFirst = rows.reads
        let again = try await offlineClient(here).schedule(area: "1002", localDay: Self.day)
        // Then the second time its decoding is used without reading the body, with the row's fetch time
        #expect(again.value.map(\.title) == ["Revontulet"])
        #expect(again.fetchedAt == Self.fetchedAt)
        #expect(rows.reads == readsAfterFirst)
        // And when the other replaces the row, this one reads and decodes the new one
        try await there.cache(
            Self.schedule([Self.show(2, "Satamayöt", at: "17:15")]), forKey: Self.scheduleKey,
            fetchedAt: Self.fetchedAt.addingTimeInterval(1))
        let replaced = try await offlineClient(here).schedule(area: "1002", localDay: Self.day)
        #expect(replaced.value.map(\.title) == ["Satamayöt"])
        #expect(rows.reads == readsAfterFirst + 1)
    }

    @Test func aServersStoreLooksAtARowOnceAWindowAndSeesAnotherProcessesWriteWhenItEnds() async throws {
        // Given a store that uses what it read for a minute (a server's), beside another process's store
        let rows = CountingRows()
        let here = ShowtimesStore(cache: rows, recentReadSeconds: 60)
        let there = ShowtimesStore(cache: rows)
        try await there.cache(
            Self.schedule([Self.show(1, "Revontulet", at: "18:30")]), forKey: Self.scheduleKey,
            fetchedAt: Self.fetchedAt)
        // When it reads the schedule three times
        for _ in 0..<3 { #expect(try await titles(offlineClient(here)) == ["Revontulet"]) }
        // Then it looked at the row once
        #expect(rows.stampReads == 1)
        // And another process's write is not seen within the window, while its own is seen at once
        try await there.cache(
            Self.schedule([Self.show(2, "Satamayöt", at: "17:15")]), forKey: Self.scheduleKey,
            fetchedAt: Self.fetchedAt.addingTimeInterval(1))
        #expect(try await titles(offlineClient(here)) == ["Revontulet"])
        try await here.cache(
            Self.schedule([Self.show(3, "Lumikki", at: "20:00")]), forKey: Self.scheduleKey,
            fetchedAt: Self.fetchedAt.addingTimeInterval(2))
        #expect(try await titles(offlineClient(here)) == ["Lumikki"])
        // And a store whose window has passed sees the other's write
        let brief = ShowtimesStore(cache: rows, recentReadSeconds: 0.05)
        #expect(try await titles(offlineClient(brief)) == ["Lumikki"])
        try await there.cache(
            Self.schedule([Self.show(2, "Satamayöt", at: "17:15")]), forKey: Self.scheduleKey,
            fetchedAt: Self.fetchedAt.addingTimeInterval(3))
        try await Task.sleep(for: .milliseconds(150))
        #expect(try await titles(offlineClient(brief)) == ["Satamayöt"])
    }

    @Test func aFreshRowOnlineIsUsedAgainAndAStaleOneIsNotServedFromTheKeptDecoding() async throws {
        // Given a schedule cached at `fetchedAt`, read once by a client whose clock says a minute later
        let rows = CountingRows()
        let store = ShowtimesStore(cache: rows)
        try await store.cache(
            Self.schedule([Self.show(1, "Revontulet", at: "18:30")]), forKey: Self.scheduleKey,
            fetchedAt: Self.fetchedAt)
        let soon = FinnkinoClient(
            transport: NoNetwork(), store: store, policy: .normal, now: { Self.fetchedAt.addingTimeInterval(60) })
        #expect(try await soon.schedule(area: "1002", localDay: Self.day).isStale == false)
        // When the clock passes the schedule's freshness and Finnkino cannot be reached
        let late = FinnkinoClient(
            transport: NoNetwork(), store: store, policy: .normal,
            now: { Self.fetchedAt.addingTimeInterval(FinnkinoClient.scheduleFreshSeconds + 60) })
        let stale = try await late.schedule(area: "1002", localDay: Self.day)
        // Then the old answer stands in and says it is stale, as it did before anything was kept
        #expect(stale.isStale)
        #expect(stale.staleReason == .unreachable(provider: "Finnkino"))
        #expect(stale.value.map(\.title) == ["Revontulet"])
    }

    @Test func theSQLiteStampIsTheRowsFetchTimeAndSize() async throws {
        let store = try ShowtimesStore.inMemory()
        #expect(try await store.cacheStamp(forKey: Self.scheduleKey) == nil)
        let body = Self.schedule([Self.show(1, "Revontulet", at: "18:30")])
        try await store.cache(body, forKey: Self.scheduleKey, fetchedAt: Self.fetchedAt)
        let stamp = try #require(try await store.cacheStamp(forKey: Self.scheduleKey))
        #expect(stamp == ShowtimesCacheStamp(fetchedAt: Self.fetchedAt, byteCount: body.count))
    }

    @Test func aCinemasReplacedPageGivesItsNewScreenings() async throws {
        // Given a cinema's robots.txt (a 404: everything allowed) and page in the cache, read once offline
        let site = WebPageSite(
            theaterID: "osm/node/1", theaterName: FakeCinemaSite.theaterName,
            website: URL(string: "https://cinema.example/programme")!, zone: "Europe/Paris")
        let store = try ShowtimesStore.inMemory()
        try await store.cache(
            Data("404\n".utf8), forKey: "web robots https://cinema.example", fetchedAt: Self.fetchedAt)
        let pageKey = "web page https://cinema.example/programme"
        try await store.cache(
            Data(FakeCinemaSite.graphPage(FakeCinemaSite.twoScreenings).utf8), forKey: pageKey,
            fetchedAt: Self.fetchedAt)
        let client = WebPageShowtimesClient(transport: NoNetwork(), store: store, policy: .offline)
        let first = await client.shows(at: [site])
        #expect(first.perSite[site.theaterID] == .fromCache(count: 2))
        #expect(await client.shows(at: [site]).shows.map(\.title) == first.shows.map(\.title))
        // When the page's row is replaced
        let one = FakeCinemaSite.Screening(title: "Bar Film 9", startDate: "2026-11-22T21:00:00+01:00")
        try await store.cache(
            Data(FakeCinemaSite.graphPage([one]).utf8), forKey: pageKey,
            fetchedAt: Self.fetchedAt.addingTimeInterval(60))
        // Then its screening is read
        let second = await client.shows(at: [site])
        #expect(second.perSite[site.theaterID] == .fromCache(count: 1))
        #expect(second.shows.map(\.title) == ["Bar Film 9"])
    }
}
