import Foundation
import Testing
import TestSupport

@Suite("TV series on the watchlist and favorites, and their next episodes in upcoming, against a fake TMDb on loopback")
struct SeriesOnListsTests {
    @Test func aSeriesAddedWithTVIsStoredAndListedApartFromTheFilmWithTheSameID() async throws {
        try await withFakeServer(basePath: "/3", FakeTMDbService.handler) { tmdb in
            // Given a film and a series on the watchlist (TMDb's 1396 is a series; the fake has no film 1396)
            let planner = PlannerProcess(tmdb: tmdb)
            #expect(try await planner.run(["watchlist", "add", "101"]).status == 0)
            let added = try await planner.run(["watchlist", "add", "1396", "--tv"])
            #expect(added.status == 0, "\(added.stderr)")
            #expect(added.stdout == "added the series Breaking Bad (2008) [tv 1396] to your watchlist\n")
            #expect(try await planner.run(["watchlist", "add", "1396", "--tv"]).stdout.contains("already on your watchlist"))

            // Then the table shows the film, and the series under it with its next episode
            let table = try await planner.run(["watchlist", "list"])
            #expect(table.stdout.contains("Northern Lights"))
            #expect(table.stdout.contains("1 film on your watchlist"))
            #expect(table.stdout.contains("Breaking Bad"))
            #expect(table.stdout.contains("S06E01 \(FakeTMDbService.day(10))"))
            #expect(table.stdout.contains("1 series on your watchlist"))

            // And --tv --format json lists the series alone, with its next episode
            let json = try await planner.run(["watchlist", "list", "--tv", "--format", "json"])
            let rows = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: Any]])
            #expect(rows.count == 1)
            #expect(rows.first?["id"] as? Int == 1396)
            #expect(rows.first?["next_episode"] as? String == "S06E01 Felina II")
            #expect(rows.first?["next_episode_air_date"] as? String == FakeTMDbService.day(10))

            // And the favorites are a list of their own
            #expect(try await planner.run(["favorites", "list", "--tv"]).stdout == "no series on your favorites list\n")
            #expect(try await planner.run(["favorites", "add", "Breaking Bad", "--tv"]).status == 0)
            #expect(try await planner.run(["favorites", "list", "--tv"]).stdout.contains("Breaking Bad"))

            // And removing the series by name leaves the film
            let removed = try await planner.run(["watchlist", "remove", "breaking bad", "--tv"])
            #expect(removed.stdout == "removed the series Breaking Bad [tv 1396] from your watchlist\n")
            let after = try await planner.run(["watchlist", "list"])
            #expect(after.stdout.contains("Northern Lights"))
            #expect(!after.stdout.contains("Breaking Bad"))
        }
    }

    @Test func upcomingListsTheNextEpisodeOfAWatchlistedSeriesAndPutsItInTheCalendar() async throws {
        try await withFakeServer(basePath: "/3", FakeTMDbService.handler) { tmdb in
            // Given Breaking Bad on the watchlist, its next episode ten days away
            let planner = PlannerProcess(tmdb: tmdb)
            #expect(try await planner.run(["watchlist", "add", "1396", "--tv"]).status == 0)
            let ics = planner.home.appendingPathComponent("upcoming.ics").path

            // When upcoming is asked, with a calendar
            let upcoming = try await planner.run(["upcoming", "--region", "FI", "--ics", ics])
            #expect(upcoming.status == 0, "\(upcoming.stderr)")

            // Then it lists the episode under its own heading, and writes it as an all-day event
            #expect(upcoming.stdout.contains("Next episodes of watchlisted series"))
            #expect(upcoming.stdout.contains("\(FakeTMDbService.day(10))  in 10 days  Breaking Bad S06E01 “Felina II”"))
            let calendar = try String(contentsOfFile: ics, encoding: .utf8)
            #expect(calendar.contains("UID:tmdb-tv-1396-s06e01@planner"))
            #expect(calendar.contains("SUMMARY:New episode: Breaking Bad S06E01 “Felina II”"))
            #expect(calendar.contains("DTSTART;VALUE=DATE:\(FakeTMDbService.day(10).replacingOccurrences(of: "-", with: ""))"))

            // And the JSON names it an episode of the series
            let json = try await planner.run(["upcoming", "--region", "FI", "--format", "json"])
            let rows = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: Any]])
            let episode = try #require(rows.first { $0["kind"] as? String == "episode" })
            #expect(episode["id"] as? Int == 1396)
            #expect(episode["season"] as? Int == 6)
            #expect(episode["episode"] as? Int == 1)
            #expect(episode["days_until"] as? Int == 10)
        }
    }

    @Test func theJSONExportCarriesTheSeriesToAnotherStore() async throws {
        try await withFakeServer(basePath: "/3", FakeTMDbService.handler) { tmdb in
            // Given a series on the watchlist and the favorites, exported
            let planner = PlannerProcess(tmdb: tmdb)
            #expect(try await planner.run(["watchlist", "add", "1396", "--tv", "--note", "finish it"]).status == 0)
            #expect(try await planner.run(["favorites", "add", "1396", "--tv"]).status == 0)
            let export = planner.home.appendingPathComponent("export.json").path
            #expect(try await planner.run(["watchlist", "export", "--output", export]).status == 0)

            // When it is imported into an empty store, offline
            let other = planner.home.appendingPathComponent("other.sqlite").path
            let imported = try await planner.run(["watchlist", "import", export, "--db", other, "--offline"])
            #expect(imported.status == 0, "\(imported.stderr)")

            // Then both lists hold the series there, with its note and next episode
            let json = try await planner.run(["watchlist", "list", "--tv", "--format", "json", "--db", other])
            let rows = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: Any]])
            #expect(rows.map { $0["id"] as? Int } == [1396])
            #expect(rows.first?["note"] as? String == "finish it")
            #expect(rows.first?["next_episode"] as? String == "S06E01 Felina II")
            #expect(try await planner.run(["favorites", "list", "--tv", "--db", other]).stdout.contains("Breaking Bad"))
            // And importing it again adds nothing
            let again = try await planner.run(["watchlist", "import", export, "--db", other, "--offline"])
            #expect(again.stdout.contains("0 added"))
        }
    }

    @Test func addingASeriesThatTMDbDoesNotKnowSaysSoAndAddsNothing() async throws {
        try await withFakeServer(basePath: "/3", FakeTMDbService.handler) { tmdb in
            let planner = PlannerProcess(tmdb: tmdb)
            let result = try await planner.run(["watchlist", "add", "101", "--tv"])
            #expect(result.status != 0)
            #expect(result.stderr == "planner: error: no series with id 101 on TMDb (is it a film? leave out --tv)\n")
            #expect(try await planner.run(["watchlist", "list", "--tv"]).stdout == "no series on your watchlist\n")
        }
    }
}
