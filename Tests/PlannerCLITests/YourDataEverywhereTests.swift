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

    @Test func theWatchlistShowsAReviewExcerptItsCSVTheWholeReviewAndLongTheOverview() async throws {
        try await withFakeServer(basePath: "/3", FakeTMDbService.handler) { tmdb in
            let planner = PlannerProcess(tmdb: tmdb)
            #expect(try await planner.run(["watchlist", "add", "101"]).status == 0)
            let review = "A long review of the northern lights over a frozen sea, and of the people who watch them."
            #expect(try await planner.run(["watchlist", "review", "101", review]).status == 0)

            let table = try await planner.run(["watchlist", "list"])
            #expect(table.stdout.contains("Review"))
            #expect(table.stdout.contains("A long review of the northern…"))
            #expect(!table.stdout.contains(review))
            let csv = try await planner.run(["watchlist", "list", "--format", "csv"])
            #expect(csv.stdout.hasPrefix("id,title,year,release_date,added_at,priority,rating,watched_on,review"))
            #expect(csv.stdout.contains(review))
            let long = try await planner.run(["now-playing", "--region", "FI", "--long"])
            #expect(long.status == 0, "\(long.stderr)")
            #expect(long.stdout.contains("(no overview)"))
        }
    }

    @Test func removingByATitleCountsOnlyTheFilmsOnThatListAndListsThemAll() async throws {
        try await withFakeServer(basePath: "/3", FakeTMDbService.handler) { tmdb in
            // Given two films on the watchlist and two more stored only as favorites, all with an "n"
            let planner = PlannerProcess(tmdb: tmdb)
            for id in ["101", "102"] { #expect(try await planner.run(["watchlist", "add", id]).status == 0) }
            for id in ["103", "104"] { #expect(try await planner.run(["favorites", "add", id]).status == 0) }

            let result = try await planner.run(["watchlist", "remove", "n"])
            #expect(result.status != 0)
            #expect(result.stderr.contains("'n' matches 2 films on your watchlist: "))
            #expect(result.stderr.contains("Northern Lights") && result.stderr.contains("Harbour Nights"))
            #expect(!result.stderr.contains("Winter Road") && !result.stderr.contains("Spring Thaw"))
            #expect(try await planner.run(["watchlist", "list", "--format", "csv"]).stdout.split(separator: "\n").count == 3)
        }
    }

    @Test(arguments: [
        ("stats", "table or json"), ("nearby", "table, json, csv or geojson"), ("suggest", "table, json or geojson"),
        ("popular", "table, json or csv"), ("plan", "table or json"),
    ])
    func eachCommandsFormatHelpListsOnlyWhatItWrites(command: String, formats: String) async throws {
        let help = try await PlannerProcess().run([command, "--help"]).stdout
        let flattened = help.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        #expect(flattened.contains("Output format: \(formats)."))
    }

    @Test func aSeriesHasItsOwnCommandAndAFilmIdThatIsASeriesSaysWhereToLook() async throws {
        try await withFakeServer(basePath: "/3", FakeTMDbService.handler) { tmdb in
            let planner = PlannerProcess(tmdb: tmdb)
            let series = try await planner.run(["tv", "1396"])
            #expect(series.status == 0, "\(series.stderr)")
            #expect(series.stdout.hasPrefix("Breaking Bad (2008)"))
            #expect(series.stdout.contains("6 seasons · 63 episodes · returning series · on AMC"))
            #expect(series.stdout.contains("Next episode: S06E01 \"Felina II\" on \(FakeTMDbService.day(10))"))
            let json = try await planner.run(["tv", "1396", "--format", "json"])
            let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
            #expect(object["seasons"] as? Int == 6)
            #expect((object["next_episode"] as? [String: Any])?["code"] as? String == "S06E01")

            let film = try await planner.run(["movie", "1396"])
            #expect(film.status != 0)
            #expect(film.stderr == "planner: error: no film with id 1396 on TMDb (is it a TV series? try planner tv 1396)\n")
        }
    }
}
