import Foundation
import SQLiteStore
@testable import Showtimes
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

/// Kept decodings in memory, as the SQLite adapter keeps them: by key and form, for one row version each.
private final class KeptInMemory: KeptDecodingStorage, @unchecked Sendable {
    private let lock = NSLock()
    private var kept: [String: (stamp: ShowtimesCacheStamp, bytes: [UInt8])] = [:]

    func keptDecoding(forKey key: String, form: String, stamp: ShowtimesCacheStamp) throws -> [UInt8]? {
        lock.withLock { kept[key + "\u{1F}" + form].flatMap { $0.stamp == stamp ? $0.bytes : nil } }
    }

    func keepDecoding(_ bytes: [UInt8], forKey key: String, form: String, stamp: ShowtimesCacheStamp) throws {
        lock.withLock { kept[key + "\u{1F}" + form] = (stamp, bytes) }
    }

    /// Every kept decoding's bytes replaced by `bytes`, its stamp left as it was.
    func damage(with bytes: [UInt8]) {
        lock.withLock { kept = kept.mapValues { ($0.stamp, bytes) } }
    }

    var count: Int { lock.withLock { kept.count } }
}

@Suite("Decodings kept for the next process, read back only for the same row")
struct KeptDecodingTests {
    typealias Memo = ShowtimesCacheMemoTests

    /// The day's titles as a new process reads them from `rows`, with the decodings in `kept`.
    private func titles(_ rows: CountingRows, _ kept: KeptInMemory) async throws -> [String] {
        try await Memo().titles(Memo().offlineClient(ShowtimesStore(cache: rows, kept: kept)))
    }

    @Test func theNextProcessReadsTheKeptDecodingInsteadOfTheBody() async throws {
        // Given a schedule cached and read by one process, which keeps its decoding
        let rows = CountingRows()
        let kept = KeptInMemory()
        let first = ShowtimesStore(cache: rows, kept: kept)
        try await first.cache(
            Memo.schedule([Memo.show(1, "Revontulet", at: "18:30"), Memo.show(2, "Satamayöt", at: "17:15")]),
            forKey: Memo.scheduleKey, fetchedAt: Memo.fetchedAt)
        let parsed = try await Memo().offlineClient(first).schedule(area: "1002", localDay: Memo.day)
        #expect(kept.count == 1)

        // When the next process (a store with nothing in memory) reads it
        let readsBefore = rows.reads
        let next = try await Memo().offlineClient(ShowtimesStore(cache: rows, kept: kept))
            .schedule(area: "1002", localDay: Memo.day)

        // Then it gets the same shows, sorted as parsed, without reading the body
        #expect(next.value == parsed.value)
        #expect(next.value.map(\.title) == ["Satamayöt", "Revontulet"])
        #expect(next.fetchedAt == Memo.fetchedAt)
        #expect(rows.reads == readsBefore)
    }

    @Test func aReplacedRowIsParsedAgainAndADamagedKeptDecodingIsParsedAround() async throws {
        // Given a kept decoding of a schedule
        let rows = CountingRows()
        let kept = KeptInMemory()
        let store = ShowtimesStore(cache: rows, kept: kept)
        try await store.cache(
            Memo.schedule([Memo.show(1, "Revontulet", at: "18:30")]), forKey: Memo.scheduleKey,
            fetchedAt: Memo.fetchedAt)
        _ = try await Memo().titles(Memo().offlineClient(store))

        // When another process replaces the row, the next process reads the new one, not the kept decoding
        try await ShowtimesStore(cache: rows).cache(
            Memo.schedule([Memo.show(3, "Lumikki", at: "20:00")]), forKey: Memo.scheduleKey,
            fetchedAt: Memo.fetchedAt.addingTimeInterval(60))
        #expect(try await titles(rows, kept) == ["Lumikki"])

        // And when the kept bytes are damaged, the body is parsed instead, for every length they are cut to
        let stamp = ShowtimesCacheStamp(
            fetchedAt: Memo.fetchedAt.addingTimeInterval(60),
            byteCount: Memo.schedule([Memo.show(3, "Lumikki", at: "20:00")]).count)
        let form = KeptForms.finnkinoSchedule.name
        let good = try #require(try kept.keptDecoding(forKey: Memo.scheduleKey, form: form, stamp: stamp))
        for length in [0, 7, 8, 9, good.count / 2, good.count - 1] {
            kept.damage(with: Array(good.prefix(length)))
            #expect(try await titles(rows, kept) == ["Lumikki"])
        }
        kept.damage(with: good + [0])
        #expect(try await titles(rows, kept) == ["Lumikki"])
    }

    @Test func everyFieldOfAShowAndAnAreaComesBackAsItWasKept() throws {
        let full = Show(
            provider: "finnkino", providerShowID: "123", providerTheaterID: "1031",
            providerTheaterName: "Kinopalatsi, Helsinki", title: "Satamayöt 🎬", originalTitle: "Harbour Nights",
            year: -44, start: Date(timeIntervalSince1970: 1_795_338_000.5),
            end: Date(timeIntervalSince1970: 1_795_345_200), timeZoneIdentifier: "Europe/Helsinki",
            auditorium: "sali 1", format: "2D", bookingURL: "https://x.example/1", imdbID: "tt0076759")
        let bare = Show(
            provider: "import", providerTheaterID: "", providerTheaterName: "", title: "",
            start: Date(timeIntervalSince1970: 0), timeZoneIdentifier: "UTC")
        let form = KeptForms.finnkinoSchedule
        let bytes = try #require(form.encode(ReadSchedule(shows: [full, bare], unreadable: [])))
        #expect(form.decode(bytes)?.shows == [full, bare])
        // A schedule with shows it could not read is not kept: they are reported on every read
        #expect(form.encode(ReadSchedule(shows: [full], unreadable: [.unreachable(provider: "Finnkino")])) == nil)

        let areas = [TheatreArea(id: "1002", name: "Helsinki"), TheatreArea(id: "1031", name: "Helsinki: KINOPALATSI")]
        let areaBytes = try #require(KeptForms.finnkinoAreas.encode(areas))
        #expect(KeptForms.finnkinoAreas.decode(areaBytes) == areas)
        for length in 0..<areaBytes.count {
            #expect(KeptForms.finnkinoAreas.decode(Array(areaBytes.prefix(length))) == nil)
        }
    }

    @Test func theSQLiteTablesKeepADecodingPerRowVersionAndDropItWithTheRow() async throws {
        let tables = try SQLiteShowtimesStore.inMemory()
        let stamp = ShowtimesCacheStamp(fetchedAt: Memo.fetchedAt, byteCount: 3)
        try await tables.cache(Data("abc".utf8), forKey: Memo.scheduleKey, fetchedAt: Memo.fetchedAt)
        try await tables.keepDecoding([1, 2, 3], forKey: Memo.scheduleKey, form: "f", stamp: stamp)

        #expect(try tables.keptDecoding(forKey: Memo.scheduleKey, form: "f", stamp: stamp) == [1, 2, 3])
        #expect(try tables.keptDecoding(forKey: Memo.scheduleKey, form: "g", stamp: stamp) == nil)
        let other = ShowtimesCacheStamp(fetchedAt: Memo.fetchedAt, byteCount: 4)
        #expect(try tables.keptDecoding(forKey: Memo.scheduleKey, form: "f", stamp: other) == nil)

        // When the row is replaced, its decodings go
        try await tables.cache(Data("abc".utf8), forKey: Memo.scheduleKey, fetchedAt: Memo.fetchedAt)
        #expect(try tables.keptDecoding(forKey: Memo.scheduleKey, form: "f", stamp: stamp) == nil)
    }
}
