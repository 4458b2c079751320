import Foundation
import Testing

@testable import Watchlist

@Suite struct StatsTests {
    @Test func statsCountTheListsTheWatchedAndTheRatedFilms() throws {
        // Given three films, two rated 4 and one 0.5, one watched, one favorite
        let store = try PlannerStore(inMemoryWithMigrations: [])
        for film in [Fixtures.matrix, Fixtures.dune, Fixtures.alien] { try store.add(film, to: .watchlist) }
        try store.add(Fixtures.alien, to: .favorites)
        try store.rate(filmID: 603, stars: 4)
        try store.rate(filmID: 693134, stars: 4)
        try store.rate(filmID: 348, stars: 0.5)
        try store.markWatched(filmID: 348, on: "2024-01-01")

        let stats = try store.stats()

        #expect((stats.watchlist, stats.favorites, stats.watched, stats.rated) == (3, 1, 1, 3))
        #expect(stats.ratingHistogram.map(\.stars) == Rating.allowedValues)
        #expect(stats.ratingHistogram.map(\.count) == [1, 0, 0, 0, 0, 0, 0, 2, 0, 0])
        #expect(stats.averageRating == 8.5 / 3)
    }

    @Test func anEmptyStoreHasEmptyStats() throws {
        let stats = try PlannerStore(inMemoryWithMigrations: []).stats()
        #expect(stats.rated == 0 && stats.averageRating == nil)
        #expect(stats.ratingHistogram.count == 10)
    }

    @Test func theHistogramIsDrawnAsHorizontalBars() {
        let stats = WatchlistStats(
            watchlist: 12, favorites: 3, watched: 5, rated: 4, ratingCounts: [1: 1, 7: 1, 10: 2])

        let text = StatsRenderer.render(stats, barWidth: 10, bar: "#")

        #expect(
            text == """
                Watchlist 12
                Favorites  3
                Watched    5
                Rated      4   average 3.5

                Ratings
                0.5 │#####       1
                1.0 │            0
                1.5 │            0
                2.0 │            0
                2.5 │            0
                3.0 │            0
                3.5 │#####       1
                4.0 │            0
                4.5 │            0
                5.0 │##########  2

                """)
    }

    @Test func statsEncodeAsJSONWithSortedKeys() throws {
        let stats = WatchlistStats(watchlist: 1, favorites: 0, watched: 0, rated: 1, ratingCounts: [10: 1])
        let json = String(decoding: try stats.jsonData(), as: UTF8.self)
        #expect(json.contains("\"average_rating\" : 5"))
        #expect(json.contains("\"rating_histogram\""))
        #expect(try JSONDecoder().decode(WatchlistStats.self, from: try stats.jsonData()) == stats)
    }
}
