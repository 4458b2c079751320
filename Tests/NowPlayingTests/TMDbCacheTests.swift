import FlyingFox
import TestSupport
import Foundation
import GRDB
import SQLiteStore
import Testing

@testable import NowPlaying
import Transport

/// A clock the tests move by hand.
final class TestClock: @unchecked Sendable {
    private let lock = NSLock()
    private var current = Date(timeIntervalSince1970: 1_800_000_000)

    var now: Date {
        lock.lock()
        defer { lock.unlock() }
        return current
    }

    func advance(hours: Double) {
        lock.lock()
        current += hours * 3600
        lock.unlock()
    }
}

/// The SQLite response cache, in an in-memory database.
@Suite struct TMDbCacheTests {
    @Test func aFreshCacheEntryAnswersWithNoRequest() async throws {
        try await withFakeTMDb({ _, _ in Reply.json(TMDbFixtures.moviePage()) }) { fake in
            // Given a cached now-playing page one hour old
            let clock = TestClock()
            let client = TMDbClient.testing(fake, cache: try TMDbCache.inMemory(), now: { clock.now })
            _ = try await client.nowPlaying(region: "GB")
            clock.advance(hours: 1)

            // When it is asked for again
            let again = try await client.nowPlaying(region: "GB")

            // Then the cache answered, one hour old and fresh, with no second request
            #expect(again.provenance == .cache(age: 3600, stale: false))
            #expect(again.value.results.count == 2)
            #expect(await fake.log.count == 1)
        }
    }

    @Test func anEntryPastItsSixHoursIsFetchedAgain() async throws {
        try await withFakeTMDb({ _, _ in Reply.json(TMDbFixtures.moviePage()) }) { fake in
            let clock = TestClock()
            let client = TMDbClient.testing(fake, cache: try TMDbCache.inMemory(), now: { clock.now })
            _ = try await client.upcoming(region: "GB")
            clock.advance(hours: 7)

            let again = try await client.upcoming(region: "GB")

            #expect(again.provenance == .network)
            #expect(await fake.log.count == 2)
        }
    }

    @Test func detailsStayFreshForAWeek() async throws {
        try await withFakeTMDb({ _, _ in Reply.json(TMDbFixtures.details) }) { fake in
            let clock = TestClock()
            let client = TMDbClient.testing(fake, cache: try TMDbCache.inMemory(), now: { clock.now })
            _ = try await client.movie(id: 550)
            clock.advance(hours: 6 * 24)

            let again = try await client.movie(id: 550)

            #expect(again.provenance == .cache(age: 6 * 24 * 3600, stale: false))
            #expect(await fake.log.count == 1)
        }
    }

    @Test func offlineAnswersFromTheCacheWithItsAgeWhateverItIs() async throws {
        try await withFakeTMDb({ _, _ in Reply.json(TMDbFixtures.moviePage()) }) { fake in
            let clock = TestClock()
            let client = TMDbClient.testing(fake, cache: try TMDbCache.inMemory(), now: { clock.now })
            _ = try await client.nowPlaying(region: "FI")
            clock.advance(hours: 30)

            let offline = try await client.nowPlaying(region: "FI", policy: .offline)

            #expect(offline.provenance == .cache(age: 30 * 3600, stale: true))
            #expect(await fake.log.count == 1)
        }
    }

    @Test func offlineWithNothingCachedIsACacheMiss() async throws {
        try await withFakeTMDb({ _, _ in Reply.json(TMDbFixtures.moviePage()) }) { fake in
            let client = TMDbClient.testing(fake, credential: nil, cache: try TMDbCache.inMemory())

            await #expect(throws: NowPlayingError.offlineCacheMiss(endpoint: "/movie/now_playing")) {
                try await client.nowPlaying(region: "FI", policy: .offline)
            }
            #expect(await fake.log.count == 0)
        }
    }

    @Test func aStaleEntryAnswersMarkedStaleWhenTheServerIsDown() async throws {
        // Given a cached page eight hours old, past its time to live
        let cache = try TMDbCache.inMemory()
        let clock = TestClock()
        let fake = try await FakeTMDb.start { _, _ in Reply.json(TMDbFixtures.moviePage()) }
        _ = try await TMDbClient.testing(fake, cache: cache, now: { clock.now }).nowPlaying(region: "SE")
        clock.advance(hours: 8)

        await fake.stop()

        // When the server is down (the client asks a port that refuses)
        try await withClosedPort(basePath: "/3") { down in
            let page = try await TMDbClient.testing(down, cache: cache, now: { clock.now }).nowPlaying(region: "SE")

            // Then the cached page answers, marked stale, with its age
            #expect(page.provenance == .cache(age: 8 * 3600, stale: true))
            #expect(page.value.results.count == 2)
        }
    }

    @Test func aStaleEntryAnswersWhenTheServerSendsAPageThatIsNotTMDbs() async throws {
        // Given a cached page eight hours old, and a server that now answers 200 with a captive portal's page
        let cache = try TMDbCache.inMemory()
        let clock = TestClock()
        try await withFakeTMDb({ _, number in
            number == 1
                ? Reply.json(TMDbFixtures.moviePage())
                : Reply.json("<html><body>Sign in to the Wi-Fi</body></html>")
        }) { fake in
            _ = try await TMDbClient.testing(fake, cache: cache, now: { clock.now }).nowPlaying(region: "SE")
            clock.advance(hours: 8)
            // When the list is asked for again
            let page = try await TMDbClient.testing(fake, cache: cache, now: { clock.now }).nowPlaying(region: "SE")
            // Then the cached page answers, marked stale, and the portal's page is not cached
            #expect(page.provenance == .cache(age: 8 * 3600, stale: true))
            #expect(page.value.results.count == 2)
            let again = try await TMDbClient.testing(fake, cache: cache, now: { clock.now }).nowPlaying(region: "SE")
            #expect(again.value.results.count == 2)
        }
    }

    @Test func aPageThatIsNotTMDbsWithNothingCachedIsAMalformedResponse() async throws {
        _ = try await withFakeTMDb({ _, _ in Reply.json("<html>Sign in</html>") }) { fake in
            await #expect(throws: NowPlayingError.malformedResponse(endpoint: "/movie/now_playing")) {
                _ = try await TMDbClient.testing(fake, cache: try TMDbCache.inMemory()).nowPlaying(region: "SE")
            }
        }
    }

    @Test func theConfiguredRegionIsPartOfTheCacheKey() async throws {
        // Given one cache, and clients for Finland and for Britain asking the same film's details
        let cache = try TMDbCache.inMemory()
        try await withFakeTMDb({ _, _ in Reply.json(TMDbFixtures.moviePage()) }) { fake in
            func client(_ region: String) -> TMDbClient {
                var configuration = TMDbConfiguration(credential: .bearer(Secrets.token), baseURL: fake.baseURL)
                configuration.region = region
                return TMDbClient(configuration: configuration, transport: CurlTransport(), cache: cache)
            }
            _ = try await client("FI").popular(page: 1)
            _ = try await client("GB").popular(page: 1)
            _ = try await client("FI").popular(page: 1)
            // Then each region was asked once, with its own region, and answered from its own entry after
            let regions = await fake.log.requests.map { $0.query["region"] }
            #expect(regions == ["FI", "GB"])
        }
    }

    @Test func aStaleEntryAnswersWhenTheServerTimesOut() async throws {
        try await withFakeTMDb({ _, number in
            if number > 1 { try await Task.sleep(nanoseconds: 60_000_000_000) }
            return Reply.json(TMDbFixtures.moviePage())
        }) { fake in
            let clock = TestClock()
            let cache = try TMDbCache.inMemory()
            // The first answer may wait on a loaded machine; the timeout under test is the second client's.
            _ = try await TMDbClient.testing(fake, cache: cache, timeoutSeconds: 30, now: { clock.now }).popular()
            let client = TMDbClient.testing(fake, cache: cache, timeoutSeconds: 1, now: { clock.now })

            let again = try await client.popular(policy: .refresh)

            #expect(again.provenance == .cache(age: 0, stale: true))
        }
    }

    @Test func refreshAsksTheNetworkEvenWhenTheEntryIsFresh() async throws {
        try await withFakeTMDb({ _, _ in Reply.json(TMDbFixtures.moviePage()) }) { fake in
            let client = TMDbClient.testing(fake, cache: try TMDbCache.inMemory())
            _ = try await client.popular()

            let again = try await client.popular(policy: .refresh)

            #expect(again.provenance == .network)
            #expect(await fake.log.count == 2)
        }
    }

    @Test func errorsAreNotCached() async throws {
        try await withFakeTMDb({ _, number in
            number == 1 ? Reply.json("not json") : Reply.json(TMDbFixtures.moviePage())
        }) { fake in
            let client = TMDbClient.testing(fake, cache: try TMDbCache.inMemory())
            await #expect(throws: NowPlayingError.malformedResponse(endpoint: "/movie/popular")) {
                try await client.popular()
            }

            let again = try await client.popular()

            #expect(again.provenance == .network)
        }
    }

    @Test func theCacheLivesBesideOtherTablesUnderItsOwnMigrationNames() throws {
        // Given the application's migrator with a table of its own
        let queue = try DatabaseQueue()
        var migrator = DatabaseMigrator()
        migrator.registerMigration("watchlist-v1") { db in
            try db.create(table: "watchlist") { $0.primaryKey("id", .integer) }
        }
        SQLiteTMDbCache.registerMigrations(in: &migrator)

        // When it migrates
        try migrator.migrate(queue)

        // Then both tables exist and this module's migrations are named nowplaying-…
        let names = migrator.migrations.filter { $0 != "watchlist-v1" }
        #expect(!names.isEmpty)
        #expect(names.allSatisfy { $0.hasPrefix("nowplaying-") })
        let tables = try queue.read { db in
            (try db.tableExists("watchlist"), try db.tableExists(SQLiteTMDbCache.tableName))
        }
        #expect(tables == (true, true))
    }

    @Test func oldEntriesCanBeSwept() async throws {
        let cache = try TMDbCache.inMemory()
        let now = Date()
        try await cache.store(Data("{}".utf8), forKey: "GET /old", fetchedAt: now - 100)
        try await cache.store(Data("{}".utf8), forKey: "GET /new", fetchedAt: now)

        let removed = try await cache.removeEntries(fetchedBefore: now - 10)

        #expect(removed == 1)
        #expect(try await cache.allKeys() == ["GET /new"])
    }
}
