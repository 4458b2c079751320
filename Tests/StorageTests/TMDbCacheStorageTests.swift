import Foundation
import NowPlaying
import PostgresStore
import Testing
import TestSupport

/// The TMDb cache in PostgreSQL (the SQLite one is checked in `NowPlayingTests`).
@Suite("the TMDb cache in PostgreSQL", .offThePool)
struct TMDbCacheStorageTests {
    @Test(.enabled(if: ThrowawayPostgres.isAvailable, Comment(rawValue: ThrowawayPostgres.skipMessage)))
    func theFetchedDateAloneIsTheWholeEntrysDate() async throws {
        // Given an entry stored, then replaced with a later one
        let storage = PostgresTMDbCache(backend: try Backend.postgres.freshBackend())
        let key = "GET /configuration"
        let first = Date(timeIntervalSince1970: 1_800_000_000.25)
        try await storage.store(Data("{\"a\":1}".utf8), forKey: key, fetchedAt: first)
        #expect(try storage.fetchedAt(forKey: key) == storage.entry(forKey: key)?.fetchedAt)
        try await storage.store(Data("{\"a\":2}".utf8), forKey: key, fetchedAt: first + 60)

        // When its date alone is read, then it is the new entry's, and an unknown key has none
        #expect(try storage.fetchedAt(forKey: key) == Date(timeIntervalSince1970: 1_800_000_060.25))
        #expect(try storage.fetchedAt(forKey: key) == storage.entry(forKey: key)?.fetchedAt)
        #expect(try storage.fetchedAt(forKey: "GET /movie/1") == nil)
    }
}
