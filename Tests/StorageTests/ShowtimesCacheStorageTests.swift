import Foundation
import PostgresStore
import Showtimes
import TestSupport
import Testing

/// The showtimes cache's stamp on PostgreSQL: what tells a server that another one has replaced a row, without
/// reading the row's body. (SQLite's is checked in ShowtimesTests, which has its adapter.)
@Suite("the showtimes cache's stamp on PostgreSQL", .offThePool)
struct ShowtimesCacheStorageTests {
    static let fetchedAt = Date(timeIntervalSince1970: 1_795_338_000)

    @Test(.enabled(if: ThrowawayPostgres.isAvailable, Comment(rawValue: ThrowawayPostgres.skipMessage)))
    func theStampIsTheRowsFetchTimeAndSizeAndFollowsItsReplacement() throws {
        // Given an empty cache
        let cache = PostgresShowtimesCache(backend: try Backend.postgres.freshBackend())
        #expect(try cache.cacheStamp(forKey: "finnkino Schedule/") == nil)
        // When a body too large to be kept in line (TOAST) is cached
        let body = Data((0..<70_000).map { UInt8(truncatingIfNeeded: $0 &* 31) })
        try cache.cache(body, forKey: "finnkino Schedule/", fetchedAt: Self.fetchedAt)
        // Then its stamp is its fetch time and its size, as the whole row says
        let stamp = try #require(try cache.cacheStamp(forKey: "finnkino Schedule/"))
        #expect(stamp == ShowtimesCacheStamp(fetchedAt: Self.fetchedAt, byteCount: body.count))
        let row = try #require(try cache.cached(forKey: "finnkino Schedule/"))
        #expect(stamp == ShowtimesCacheStamp(fetchedAt: row.fetchedAt, byteCount: row.body.count))
        // And a replacement is another stamp
        let later = Self.fetchedAt.addingTimeInterval(60)
        try cache.cache(Data("<Schedule/>".utf8), forKey: "finnkino Schedule/", fetchedAt: later)
        #expect(
            try cache.cacheStamp(forKey: "finnkino Schedule/") == ShowtimesCacheStamp(fetchedAt: later, byteCount: 11))
    }
}
