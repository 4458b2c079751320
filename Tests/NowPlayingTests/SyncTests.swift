import FlyingFox
import TestSupport
import Foundation
import SQLiteStore
import Testing

@testable import NowPlaying

/// A sync fills the cache for a region and the watchlist.
@Suite struct SyncTests {
    @Test func syncFetchesEveryPageOfBothListsAndTheWatchlistDetailsThenWorksOffline() async throws {
        // Given 3 pages now playing, 2 upcoming, film 550 known and film 404 unknown
        try await withFakeTMDb({ request, _ in
            let page = Int(request.query["page"] ?? "1") ?? 1
            switch request.path {
            case "/3/movie/now_playing":
                return Reply.json(TMDbFixtures.moviePage(page: page, totalPages: 3, firstID: page * 10))
            case "/3/movie/upcoming":
                return Reply.json(TMDbFixtures.moviePage(page: page, totalPages: 2, firstID: 100 + page * 10))
            case "/3/movie/550":
                return Reply.json(TMDbFixtures.details)
            default:
                return Reply.tmdbError(status: 404, code: 34, message: "Not found")
            }
        }) { fake in
            let cache = try TMDbCache.inMemory()
            let client = TMDbClient.testing(fake, cache: cache)
            let progress = ProgressLog()

            // When the region is synced
            let report = try await client.sync(region: "GB", watchlistIDs: [550, 404, 550]) { step in
                progress.append("\(step.stage.rawValue) \(step.completed)/\(step.total)")
            }

            // Then every page and film was fetched, and progress was told
            #expect(report.nowPlaying.results.count == 6)
            #expect(report.upcoming.results.count == 4)
            #expect(report.details[550]?.theatricalReleaseDate(region: "GB") == TMDbDate.parse("1999-11-12"))
            #expect(report.failures == [404: .notFound("/movie/404")])
            #expect(await fake.log.count == 3 + 2 + 2)
            let lines = progress.entries
            #expect(lines.contains("nowPlaying 3/3"))
            #expect(lines.contains("upcoming 2/2"))
            #expect(lines.last == "details 2/2")

            // And afterwards the same lists answer offline
            let offline = try await client.allMovies(.nowPlaying, region: "GB", policy: .offline)
            #expect(offline.value.results.count == 6)
            #expect(offline.provenance != .network)
        }
    }
}
