import Foundation
import Testing
import TestSupport

@Suite("series on par with films: lists, marks, ratings and reviews, against a fake TMDb on loopback")
struct TVOnParTests {
    @Test(arguments: [
        ("popular", "/3/tv/popular", "Popular series"),
        ("upcoming-releases", "/3/tv/on_the_air", "Series airing in the next 7 days"),
        ("now-playing", "/3/tv/airing_today", "Series airing today"),
    ])
    func eachFilmListHasASeriesListWithTV(command: String, path: String, title: String) async throws {
        try await withFakeServer(basePath: "/3", FakeTMDbCatalog.handler()) { tmdb in
            // When the list is asked for with --tv
            let planner = PlannerProcess(catalog: tmdb)
            let table = try await planner.run([command, "--tv"])

            // Then TMDb's series list is asked, and the table lists its series
            #expect(table.status == 0, "\(table.stderr)")
            #expect(table.stdout.hasPrefix(title + "\n"))
            #expect(table.stdout.contains("#  Name"))
            #expect(table.stdout.contains("First aired"))
            #expect(table.stdout.contains("Harbour Watch"))
            #expect(table.stdout.contains("2 series, from TMDb"))
            let paths = await tmdb.log.requests.map(\.path)
            #expect(paths.contains(path), "\(paths)")

            // And the JSON rows have the fields of a series row
            let json = try await planner.run([command, "--tv", "--format", "json"])
            let rows = try #require(try JSONOutput.object(json.stdout)["series"] as? [[String: Any]])
            let row = try JSONOutput.row(rows, id: 1003)
            #expect(row["name"] as? String == "Harbour Watch")
            #expect(row["first_air_date"] as? String == "2020-03-01")
            #expect(row["overview"] as? String == "A series 1003.")
            #expect(row["marked"] as? Bool == false)
            #expect(row["favorite"] as? Bool == false)
        }
    }

    @Test func everySeriesListMarksYourWatchlistAndFavorites() async throws {
        try await withFakeServer(basePath: "/3", FakeTMDbCatalog.handler()) { tmdb in
            // Given one series on the watchlist and another a favorite
            let planner = PlannerProcess(catalog: tmdb)
            #expect(try await planner.run(["watchlist", "add", "1003", "--tv"]).status == 0)
            #expect(try await planner.run(["favorites", "add", "1004", "--tv"]).status == 0)

            // Then every series list marks them, trending too
            for arguments in [["popular", "--tv"], ["trending", "--tv"], ["now-playing", "--tv"], ["search", "a", "--tv"]] {
                let result = try await planner.run(arguments)
                #expect(result.status == 0, "\(arguments): \(result.stderr)")
                #expect(result.stdout.contains("• Harbour Watch"), "\(arguments)")
                #expect(result.stdout.contains("★ Ferry Tales"), "\(arguments)")
                #expect(result.stdout.contains("• on your watchlist, ★ a favorite"), "\(arguments)")
            }
            let json = try await planner.run(["trending", "--tv", "--format", "json"])
            let rows = try #require(try JSONOutput.object(json.stdout)["series"] as? [[String: Any]])
            #expect(try JSONOutput.row(rows, id: 1003)["marked"] as? Bool == true)
            #expect(try JSONOutput.row(rows, id: 1004)["favorite"] as? Bool == true)
        }
    }

    @Test func aSeriesRatingAndReviewAreKeptAndShownByTV() async throws {
        try await withFakeServer(basePath: "/3", FakeTMDbCatalog.handler()) { tmdb in
            // Given a series on the watchlist
            let planner = PlannerProcess(catalog: tmdb)
            #expect(try await planner.run(["watchlist", "add", "1003", "--tv"]).status == 0)

            // When it is rated and reviewed
            let rated = try await planner.run(["watchlist", "rate", "1003", "4", "--tv"])
            #expect(rated.status == 0, "\(rated.stderr)")
            #expect(rated.stdout == "rated the series Harbour Watch [tv 1003] 4.0 ★\n")
            let reviewed = try await planner.run(["watchlist", "review", "1003", "Salt and rain.", "--tv"])
            #expect(reviewed.stdout == "saved your review of the series Harbour Watch [tv 1003]\n")

            // Then tv shows your list, rating and review
            let shown = try await planner.run(["tv", "1003"])
            #expect(shown.status == 0, "\(shown.stderr)")
            #expect(shown.stdout.contains("Yours: on your watchlist · rated 4.0"))
            #expect(shown.stdout.contains("Your review: Salt and rain."))
            let yours = try #require(
                try JSONOutput.object(try await planner.run(["tv", "1003", "--format", "json"]).stdout)["yours"]
                    as? [String: Any])
            #expect(yours["on_watchlist"] as? Bool == true)
            #expect(yours["rating"] as? Double == 4)
            #expect(yours["review"] as? String == "Salt and rain.")

            // And a series on no list has no such line, and one never stored cannot be rated
            #expect(!(try await planner.run(["tv", "1004"]).stdout.contains("Yours:")))
            let unknown = try await planner.run(["watchlist", "rate", "1004", "3", "--tv"])
            #expect(unknown.status != 0)
            #expect(unknown.stderr.split(separator: "\n").count == 1)
        }
    }

    @Test func statsCountSeriesRatingsAndListWhatWasRatedOneValue() async throws {
        try await withFakeServer(basePath: "/3", FakeTMDbCatalog.handler()) { tmdb in
            // Given two films rated 4.5 and 3, and a series rated 4.5
            let planner = PlannerProcess(catalog: tmdb)
            for (id, stars) in [("1", "4.5"), ("3", "3")] {
                #expect(try await planner.run(["watchlist", "add", id]).status == 0)
                #expect(try await planner.run(["watchlist", "rate", id, stars]).status == 0)
            }
            let filmsOnly = try await planner.run(["stats"])
            #expect(!filmsOnly.stdout.contains("Rated TV"))
            #expect(try await planner.run(["watchlist", "add", "1003", "--tv"]).status == 0)
            #expect(try await planner.run(["watchlist", "rate", "1003", "4.5", "--tv"]).status == 0)

            // Then stats count the series, and the histogram holds it
            let stats = try await planner.run(["stats"])
            #expect(stats.status == 0, "\(stats.stderr)")
            #expect(stats.stdout.contains("Rated TV  1"))
            let json = try JSONOutput.object(try await planner.run(["stats", "--format", "json"]).stdout)
            #expect(json["rated"] as? Int == 2)
            #expect(json["rated_series"] as? Int == 1)
            let buckets = try #require(json["rating_histogram"] as? [[String: Any]])
            #expect(buckets.first { $0["stars"] as? Double == 4.5 }?["count"] as? Int == 2)

            // And --rating 4.5 lists exactly the film and the series rated 4.5
            let listed = try await planner.run(["stats", "--rating", "4.5"])
            #expect(listed.status == 0, "\(listed.stderr)")
            #expect(listed.stdout.contains("Film 1"))
            #expect(listed.stdout.contains("Harbour Watch"))
            #expect(listed.stdout.contains("tv 1003"))
            #expect(!listed.stdout.contains("Film 3"))
            #expect(listed.stdout.contains("1 film and 1 series rated 4.5"))
            let rows = try JSONOutput.object(try await planner.run(["stats", "--rating", "4.5", "--format", "json"]).stdout)
            let titles = try #require(rows["titles"] as? [[String: Any]])
            #expect(titles.map { $0["kind"] as? String } == ["movie", "tv"])
            #expect(titles.map { $0["id"] as? Int } == [1, 1003])
            #expect(titles.first?["poster_url"] as? String == FakeTMDbCatalog.imageBase + "w342/p1.jpg")
        }
    }

    @Test(arguments: ["4.2", "0", "5.5", "--rating=-1"])
    func aRatingOffTheHalfStarScaleIsOneLine(_ value: String) async throws {
        let arguments = value.hasPrefix("--") ? ["stats", value] : ["stats", "--rating", value]
        let result = try await PlannerProcess().run(arguments)
        #expect(result.status == 64, "\(result.stderr)")
        #expect(result.stderr.split(separator: "\n").count == 1)
    }
}
