import Foundation
import GRDB
import SQLiteStore
import Testing

@testable import NowPlaying

/// The SQLite cache's storage, counting the bodies and the dates it reads.
final class CountingTMDbStorage: TMDbCacheStorage, @unchecked Sendable {
    private let base: SQLiteTMDbCache
    private let lock = NSLock()
    private var bodies = 0
    private var dates = 0

    init(writer: any DatabaseWriter) { base = SQLiteTMDbCache(writer: writer) }

    /// How many times a whole entry (its body) was read.
    var bodyReads: Int { lock.withLock { bodies } }
    /// How many times a `fetchedAt` alone was read.
    var dateReads: Int { lock.withLock { dates } }

    func entry(forKey key: String) throws -> TMDbCache.Entry? {
        lock.withLock { bodies += 1 }
        return try base.entry(forKey: key)
    }

    func fetchedAt(forKey key: String) throws -> Date? {
        lock.withLock { dates += 1 }
        return try base.fetchedAt(forKey: key)
    }

    func store(_ body: Data, forKey key: String, fetchedAt: Date) async throws {
        try await base.store(body, forKey: key, fetchedAt: fetchedAt)
    }

    func allKeys() throws -> [String] { try base.allKeys() }

    func removeEntries(fetchedBefore date: Date) async throws -> Int {
        try await base.removeEntries(fetchedBefore: date)
    }
}

/// Answers decoded from the cache and used again while their row is unchanged.
@Suite struct DecodedAnswersTests {
    /// The key of page 1 of Finland's now-playing list.
    static let nowPlayingFI = TMDbCache.key(
        method: "GET", path: "/movie/now_playing",
        query: [URLQueryItem(name: "page", value: "1"), URLQueryItem(name: "region", value: "FI")])

    /// A database with the cache's table, and a client over a counting storage of it that never asks the network.
    static func fixture(clock: TestClock) throws -> (DatabaseQueue, CountingTMDbStorage, TMDbClient) {
        let queue = try DatabaseQueue()
        try SQLiteTMDbCache.migrate(queue)
        let storage = CountingTMDbStorage(writer: queue)
        let client = TMDbClient(
            configuration: TMDbConfiguration(credential: nil), cache: TMDbCache(storage: storage),
            now: { clock.now })
        return (queue, storage, client)
    }

    @Test func anUnchangedRowAnswersAgainWithoutItsBodyAndWithItsAgeNow() async throws {
        // Given a cached page, read once
        let clock = TestClock()
        let (queue, storage, client) = try Self.fixture(clock: clock)
        try await TMDbCache(storage: SQLiteTMDbCache(writer: queue))
            .store(Data(TMDbFixtures.moviePage().utf8), forKey: Self.nowPlayingFI, fetchedAt: clock.now)
        let first = try await client.nowPlaying(region: "FI", policy: .offline)

        // When it is asked for again an hour later
        clock.advance(hours: 1)
        let again = try await client.nowPlaying(region: "FI", policy: .offline)

        // Then the same films answer, an hour old, from the date alone: the body was read once
        #expect(again.value == first.value)
        #expect(again.provenance == .cache(age: 3600, stale: false))
        #expect(storage.bodyReads == 1)
        #expect(storage.dateReads == 1)
    }

    @Test func aRowReplacedWithANewFetchedAtGivesTheNewFilms() async throws {
        // Given a page read once, then replaced by another writer (another process or server) a minute later
        let clock = TestClock()
        let (queue, storage, client) = try Self.fixture(clock: clock)
        let other = TMDbCache(storage: SQLiteTMDbCache(writer: queue))
        try await other.store(
            Data(TMDbFixtures.moviePage(firstID: 100).utf8), forKey: Self.nowPlayingFI, fetchedAt: clock.now)
        let first = try await client.nowPlaying(region: "FI", policy: .offline)
        clock.advance(hours: 1)
        try await other.store(
            Data(TMDbFixtures.moviePage(firstID: 200).utf8), forKey: Self.nowPlayingFI, fetchedAt: clock.now)

        // When the first client asks again
        clock.advance(hours: 0.5)
        let again = try await client.nowPlaying(region: "FI", policy: .offline)

        // Then it answers the new row's films, with the new row's age
        #expect(first.value.results.map(\.id) == [100, 101])
        #expect(again.value.results.map(\.id) == [200, 201])
        #expect(again.provenance == .cache(age: 1800, stale: false))
        #expect(storage.bodyReads == 2)
    }

    @Test func aRemovedRowIsAMissEvenWithAnAnswerKept() async throws {
        // Given a page read once, whose row another writer then swept
        let clock = TestClock()
        let (queue, _, client) = try Self.fixture(clock: clock)
        let other = TMDbCache(storage: SQLiteTMDbCache(writer: queue))
        try await other.store(Data(TMDbFixtures.moviePage().utf8), forKey: Self.nowPlayingFI, fetchedAt: clock.now)
        _ = try await client.nowPlaying(region: "FI", policy: .offline)
        try await other.removeEntries(fetchedBefore: clock.now + 1)

        // When it is asked for offline, then it is a cache miss, as with nothing ever read
        await #expect(throws: NowPlayingError.offlineCacheMiss(endpoint: "/movie/now_playing")) {
            try await client.nowPlaying(region: "FI", policy: .offline)
        }
    }

    @Test func aKeptAnswerPastItsTimeToLiveIsStillStaleWhenTheNetworkCannotAnswer() async throws {
        // Given a page read once while fresh
        let clock = TestClock()
        let (queue, storage, client) = try Self.fixture(clock: clock)
        try await TMDbCache(storage: SQLiteTMDbCache(writer: queue))
            .store(Data(TMDbFixtures.moviePage().utf8), forKey: Self.nowPlayingFI, fetchedAt: clock.now)
        let fresh = try await client.nowPlaying(region: "FI")

        // When it is asked for seven hours later, with no credential to ask TMDb with
        clock.advance(hours: 7)
        let stale = try await client.nowPlaying(region: "FI")

        // Then it answered fresh first, and now marked stale with its age, from the kept answer
        #expect(fresh.provenance == .cache(age: 0, stale: false))
        #expect(stale.provenance == .cache(age: 7 * 3600, stale: true))
        #expect(stale.value == fresh.value)
        #expect(storage.bodyReads == 1)
    }

    @Test func theAnswerUsedLongestAgoGoesFirstPastTheCapacity() {
        let answers = DecodedAnswers(capacity: 2)
        let day = Date(timeIntervalSince1970: 0)
        answers.keep(1, forKey: "a", fetchedAt: day)
        answers.keep(2, forKey: "b", fetchedAt: day)
        _ = answers.answer(forKey: "a", as: Int.self)

        answers.keep(3, forKey: "c", fetchedAt: day)

        #expect(answers.count == 2)
        #expect(answers.answer(forKey: "a", as: Int.self)?.value == 1)
        #expect(answers.answer(forKey: "b", as: Int.self) == nil)
        #expect(answers.answer(forKey: "c", as: Int.self)?.value == 3)
    }
}
