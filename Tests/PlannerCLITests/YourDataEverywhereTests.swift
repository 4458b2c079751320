import Foundation
import Testing
import TestSupport

@Suite("your lists and diary in the film views, against a fake TMDb on loopback")
struct YourDataEverywhereTests {
    @Test func movieShowsYourListStatusRatingAndReviewAndSearchMarksYourFilms() async throws {
        try await withFakeServer(basePath: "/3", FakeTMDbService.handler) { tmdb in
            // Given Northern Lights on the watchlist, rated and reviewed, and Harbour Nights a favorite
            let planner = PlannerProcess(tmdb: tmdb)
            #expect(try await planner.run(["watchlist", "add", "101"]).status == 0)
            #expect(try await planner.run(["watchlist", "rate", "101", "4.5"]).status == 0)
            #expect(try await planner.run(["watchlist", "review", "101", "Cold and bright."]).status == 0)
            #expect(try await planner.run(["favorites", "add", "102"]).status == 0)

            // When the film is shown, it says all three
            let movie = try await planner.run(["movie", "101"])
            #expect(movie.status == 0, "\(movie.stderr)")
            #expect(movie.stdout.contains("Yours: on your watchlist · rated 4.5"))
            #expect(movie.stdout.contains("Your review: Cold and bright."))
            let json = try await planner.run(["movie", "101", "--format", "json"])
            let yours = try #require(
                (try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])?["yours"] as? [String: Any])
            #expect(yours["on_watchlist"] as? Bool == true)
            #expect(yours["rating"] as? Double == 4.5)
            #expect(yours["review"] as? String == "Cold and bright.")

            // And a film on no list says nothing of you
            #expect(!(try await planner.run(["movie", "104"]).stdout.contains("Yours:")))

            // And a search marks the watchlisted film • and the favorite ★
            let search = try await planner.run(["search", "night"])
            #expect(search.status == 0, "\(search.stderr)")
            #expect(search.stdout.contains("• Northern Lights"))
            #expect(search.stdout.contains("★ Harbour Nights"))
            #expect(search.stdout.contains("• on your watchlist, ★ a favorite"))
        }
    }
}
