import Foundation
import Planner
import TestSupport
import Testing

@testable import PlannerApp

/// `planner upcoming` and `GET /v1/me/upcoming.ics` in process: ``FilmServices/upcomingReleases(home:fallbackRegion:environment:)``
/// over a SQLite file, against a fake TMDb on loopback. The same scenarios as PlannerJoinTests and
/// SeriesOnListsTests, which run the `planner` executable.
@Suite("Upcoming releases in process: the watchlist's films and series still to come, against a fake TMDb")
struct UpcomingReleasesTests {
    /// A fixed stamp, so that two calendars made from the same releases are the same text.
    static let stamp = Date(timeIntervalSince1970: 1_790_000_000)

    /// `YYYYMMDD` of a fake TMDb day, as an all-day event's DTSTART writes it.
    static func basic(_ offset: Int) -> String {
        FakeTMDbService.day(offset).replacingOccurrences(of: "-", with: "")
    }

    @Test func theTwoFilmsStillToComeAreListedSoonestFirstWithAStableCalendar() async throws {
        try await withFakeServer(basePath: "/3", FakeTMDbService.handler) { tmdb in
            // Given the fake TMDb's five films on the watchlist: two in cinemas, two to come, one gone
            let home = AppHome(AppHome.tmdb(tmdb))
            defer { home.remove() }
            let store = try home.openStore()
            let services = try home.filmServices(store)
            for film in FakeTMDbService.films { _ = try await services.add(id: film.id, to: .watchlist) }

            // When the upcoming releases in Finland are asked for
            let releases = try await services.upcomingReleases(environment: home.environment)

            // Then Spring Thaw (in 10 days) comes before Winter Road (in 40), and nothing else is listed
            #expect(releases.region == "FI")
            #expect(releases.entries.map(\.film.tmdbID) == [104, 103])
            #expect(releases.entries.map(\.film.title) == ["Spring Thaw", "Winter Road"])
            #expect(releases.entries.map(\.daysUntil) == [10, 40])
            #expect(releases.entries.map(\.release.description) == [FakeTMDbService.day(10), FakeTMDbService.day(40)])
            #expect(releases.episodes.isEmpty)
            #expect(releases.notes.isEmpty)
            #expect(releases.count == 2)

            // And the calendar holds one all-day event each, every line ending CRLF, the last one too
            let calendar = try #require(releases.calendar(stamp: Self.stamp))
            #expect(calendar.contains("UID:tmdb-104-release-FI@planner"))
            #expect(calendar.contains("UID:tmdb-103-release-FI@planner"))
            #expect(calendar.contains("DTSTART;VALUE=DATE:\(Self.basic(10))"))
            #expect(calendar.contains("DTSTART;VALUE=DATE:\(Self.basic(40))"))
            #expect(calendar.hasSuffix("END:VCALENDAR\r\n"))
            #expect(calendar.components(separatedBy: "BEGIN:VEVENT").count - 1 == 2)
            // And asking again gives the same calendar: its UIDs are stable
            let again = try await services.upcomingReleases(environment: home.environment)
            #expect(again.calendar(stamp: Self.stamp) == calendar)

            // And the JSON rows are films, with their days to go
            let rows = try #require(
                try JSONSerialization.jsonObject(with: Data(releases.json().utf8)) as? [[String: Any]])
            #expect(rows.map { $0["kind"] as? String } == ["film", "film"])
            #expect(rows.map { $0["id"] as? Int } == [104, 103])
            #expect(rows.map { $0["days_until"] as? Int } == [10, 40])
            #expect(releases.csv().hasPrefix("kind,id,title,year,release_date,days_until,season,episode\n"))
        }
    }

    @Test func aWatchlistedSeriesGivesItsNextEpisodeAndACalendarEventForIt() async throws {
        try await withFakeServer(basePath: "/3", FakeTMDbService.handler) { tmdb in
            // Given Breaking Bad on the watchlist, its next episode ten days away
            let home = AppHome(AppHome.tmdb(tmdb))
            defer { home.remove() }
            let store = try home.openStore()
            let services = try home.filmServices(store)
            _ = try await services.addSeries(reference("1396"), to: .watchlist)

            // When the upcoming releases are asked for
            let releases = try await services.upcomingReleases(environment: home.environment)

            // Then no film is to come, and the series' next episode is
            #expect(releases.entries.isEmpty)
            let episode = try #require(releases.episodes.first)
            #expect(releases.episodes.count == 1)
            #expect(episode.series.id == 1396)
            #expect(episode.title == "Breaking Bad S06E01 “Felina II”")
            #expect(episode.day.description == FakeTMDbService.day(10))
            #expect(episode.daysUntil == 10)
            #expect(releases.notes.isEmpty)

            // And the calendar holds it as an all-day event
            let calendar = try #require(releases.calendar(stamp: Self.stamp))
            #expect(calendar.contains("UID:tmdb-tv-1396-s06e01@planner"))
            #expect(calendar.contains("SUMMARY:New episode: Breaking Bad S06E01 “Felina II”"))
            #expect(calendar.contains("DTSTART;VALUE=DATE:\(Self.basic(10))"))

            // And the JSON names it an episode of the series
            let rows = try #require(
                try JSONSerialization.jsonObject(with: Data(releases.json().utf8)) as? [[String: Any]])
            let row = try #require(rows.first { $0["kind"] as? String == "episode" })
            #expect(row["id"] as? Int == 1396)
            #expect(row["season"] as? Int == 6)
            #expect(row["episode"] as? Int == 1)
            #expect(row["days_until"] as? Int == 10)
        }
    }

    @Test func nothingToComeMakesNoCalendar() async throws {
        try await withFakeServer(basePath: "/3", FakeTMDbService.handler) { tmdb in
            // Given only films already in cinemas or gone
            let home = AppHome(AppHome.tmdb(tmdb))
            defer { home.remove() }
            let store = try home.openStore()
            let services = try home.filmServices(store)
            for id in [101, 105] { _ = try await services.add(id: id, to: .watchlist) }

            // When the upcoming releases are asked for
            let releases = try await services.upcomingReleases(environment: home.environment)

            // Then there is nothing, and no calendar (RFC 5545 wants at least one event)
            #expect(releases.count == 0)
            #expect(releases.calendar(stamp: Self.stamp) == nil)
        }
    }

    @Test func withoutARegionTheSavedHomesCountryIsUsedAndWithNeitherItIsRefused() async throws {
        try await withFakeServer(basePath: "/3", FakeTMDbService.handler) { tmdb in
            // Given no region asked for, none saved, and no home
            let home = AppHome(AppHome.tmdb(tmdb))
            defer { home.remove() }
            let store = try home.openStore()
            let services = try home.filmServices(store, region: nil)
            _ = try await services.add(id: 104, to: .watchlist)

            // When the upcoming releases are asked for, it says a region is needed
            let refused = await thrownAsync { try await services.upcomingReleases(environment: home.environment) }
            #expect(refused is FilmServicesError)
            #expect(
                describe(refused)
                    == "'planner upcoming' needs a region: pass --region CC or save one with 'planner config set region CC'"
            )

            // And once Helsinki is saved as home, its country is the region
            try home.environment.setSetting("home", to: "Helsinki")
            let releases = try await home.filmServices(store, region: nil).upcomingReleases(
                environment: home.environment)
            #expect(releases.region == "FI")
            #expect(releases.entries.map(\.film.tmdbID) == [104])
        }
    }
}
