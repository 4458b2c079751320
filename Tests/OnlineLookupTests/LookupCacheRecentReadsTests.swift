import Foundation
import Testing

@testable import OnlineLookup

/// An online-lookup cache in memory that counts its reads; two caches over one of these stand for two processes
/// sharing one database.
private final class CountingEntries: LookupCacheStorage, @unchecked Sendable {
    private let lock = NSLock()
    private var entries: [String: (body: Data, fetchedAt: Double)] = [:]
    private var looks = 0

    func entry(_ key: String) throws -> (body: Data, fetchedAt: Double)? {
        lock.withLock {
            looks += 1
            return entries[key]
        }
    }

    func store(_ body: Data, for key: String, fetchedAt: Double) throws {
        lock.withLock { entries[key] = (body, fetchedAt) }
    }

    func acquireSlot(service: String, leaseSeconds: Double, intervalSeconds: Double, now: Date, pid: Int32) -> Double? {
        nil
    }

    func releaseSlot(service: String, intervalSeconds: Double, now: Date) {}

    var reads: Int { lock.withLock { looks } }
}

@Suite("A server's lookup cache reads each entry once a window")
struct LookupCacheRecentReadsTests {
    static let key = "nominatim /reverse?format=jsonv2&lat=60.1699&lon=24.9384"
    static let now = Date(timeIntervalSince1970: 1_795_338_000)

    @Test func anEntryFoundOrMissingIsReadOnceAWindow() throws {
        // Given a server's cache (a minute's window) beside another process's, over one database
        let entries = CountingEntries()
        let here = LookupCache(storage: entries, recentReadSeconds: 60)
        let there = LookupCache(storage: entries)
        // When it looks for a missing entry three times
        for _ in 0..<3 { #expect(try here.entry(Self.key, now: Self.now) == nil) }
        // Then it read once
        #expect(entries.reads == 1)
        // And an entry the other process stores meanwhile shows when the window ends, not before
        try there.store(Data("{}".utf8), for: Self.key, at: Self.now)
        #expect(try here.entry(Self.key, now: Self.now) == nil)
        // While one it stores itself is found at once, with its age, and without reading
        try here.store(Data("{\"a\":1}".utf8), for: Self.key, at: Self.now)
        let found = try #require(try here.entry(Self.key, now: Self.now.addingTimeInterval(30)))
        #expect(found.body == Data("{\"a\":1}".utf8))
        #expect(found.ageSeconds == 30)
        #expect(entries.reads == 1)
    }

    @Test func aCommandsCacheReadsEveryTime() throws {
        let entries = CountingEntries()
        let cache = LookupCache(storage: entries)
        try cache.store(Data("{}".utf8), for: Self.key, at: Self.now)
        for _ in 0..<3 { #expect(try cache.entry(Self.key, now: Self.now) != nil) }
        #expect(entries.reads == 3)
    }

    @Test func aWindowThatHasPassedReadsAgain() async throws {
        let entries = CountingEntries()
        let here = LookupCache(storage: entries, recentReadSeconds: 0.05)
        let there = LookupCache(storage: entries)
        #expect(try here.entry(Self.key, now: Self.now) == nil)
        try there.store(Data("{}".utf8), for: Self.key, at: Self.now)
        try await Task.sleep(for: .milliseconds(150))
        #expect(try here.entry(Self.key, now: Self.now)?.body == Data("{}".utf8))
    }
}
