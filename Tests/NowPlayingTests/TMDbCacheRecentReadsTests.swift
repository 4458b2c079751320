import Foundation
import GRDB
import SQLiteStore
import Testing

@testable import NowPlaying

/// Two caches over one SQLite database stand for a server and another process sharing it.
@Suite("A server's TMDb cache reads each entry's stamp once a window")
struct TMDbCacheRecentReadsTests {
    static let key = "GET /movie/603"
    static let fetched = Date(timeIntervalSince1970: 1_795_338_000)

    static func storage() throws -> CountingTMDbStorage {
        let queue = try DatabaseQueue()
        try SQLiteTMDbCache.migrate(queue)
        return CountingTMDbStorage(writer: queue)
    }

    @Test func aStampFoundOrMissingIsReadOnceAWindow() async throws {
        // Given a server's cache (a minute's window) beside another process's, over one database
        let storage = try Self.storage()
        let here = TMDbCache(storage: storage, recentReadSeconds: 60)
        let there = TMDbCache(storage: storage)
        // When it looks for a missing entry's stamp three times
        for _ in 0..<3 { #expect(try await here.fetchedAt(forKey: Self.key) == nil) }
        // Then it read once
        #expect(storage.dateReads == 1)
        // And an entry the other process stores meanwhile shows when the window ends, not before
        try await there.store(Data("{}".utf8), forKey: Self.key, fetchedAt: Self.fetched)
        #expect(try await here.fetchedAt(forKey: Self.key) == nil)
        // While one it stores itself is seen at once, as the database gives it back, without reading
        let later = Self.fetched.addingTimeInterval(0.123_456_789)
        try await here.store(Data("{\"id\":603}".utf8), forKey: Self.key, fetchedAt: later)
        #expect(try await here.fetchedAt(forKey: Self.key) == TMDbCache.asStored(later))
        #expect(storage.dateReads == 1)
        // And a body read keeps its stamp too
        let other = "GET /movie/604"
        try await there.store(Data("{}".utf8), forKey: other, fetchedAt: Self.fetched)
        #expect(try await here.entry(forKey: other)?.fetchedAt == Self.fetched)
        #expect(try await here.fetchedAt(forKey: other) == Self.fetched)
        #expect(storage.dateReads == 1)
    }

    @Test func removingEntriesForgetsEveryStamp() async throws {
        let storage = try Self.storage()
        let here = TMDbCache(storage: storage, recentReadSeconds: 60)
        try await here.store(Data("{}".utf8), forKey: Self.key, fetchedAt: Self.fetched)
        #expect(try await here.removeEntries(fetchedBefore: Self.fetched.addingTimeInterval(1)) == 1)
        #expect(try await here.fetchedAt(forKey: Self.key) == nil)
        #expect(storage.dateReads == 1)
    }

    @Test func aCommandsCacheReadsEveryTime() async throws {
        let storage = try Self.storage()
        let cache = TMDbCache(storage: storage)
        try await cache.store(Data("{}".utf8), forKey: Self.key, fetchedAt: Self.fetched)
        for _ in 0..<3 { #expect(try await cache.fetchedAt(forKey: Self.key) == Self.fetched) }
        #expect(storage.dateReads == 3)
    }
}
