import Testing
@testable import Planner

@Suite struct SuggestionsTests {
    let today = CalendarDay(year: 2026, month: 11, day: 22)

    func film(_ id: Int, _ title: String, _ release: String?) -> PlannedFilm {
        PlannedFilm(tmdbID: id, title: title, year: 2026, theatricalRelease: release.flatMap(CalendarDay.init))
    }

    @Test func filmsOnTheNowPlayingListAreInTheaters() {
        let plan = Suggestions.plan(watchlist: [film(1, "A", nil), film(2, "B", "2020-01-01")], nowPlayingIDs: [1, 2], today: today)
        #expect(plan.inTheaters.map(\.film.tmdbID) == [1, 2])
        #expect(plan.inTheaters.allSatisfy { $0.reason == .nowPlaying })
    }

    @Test func aFutureRegionalReleaseMakesAFilmUpcomingEvenIfItIsOnTheList() {
        let plan = Suggestions.plan(watchlist: [film(1, "Preview", "2026-12-01")], nowPlayingIDs: [1], today: today)
        #expect(plan.inTheaters.isEmpty)
        #expect(plan.upcoming.map(\.daysUntil) == [9])
    }

    @Test func aRecentReReleaseBringsAnOldFilmBackToTheaters() {
        // Given a 2019 film re-released ten days ago, and another with a re-release in twenty days
        let back = PlannedFilm(
            tmdbID: 1, title: "Back", year: 2019,
            theatricalReleases: [CalendarDay(year: 2019, month: 5, day: 1), CalendarDay(year: 2026, month: 11, day: 12)])
        let coming = PlannedFilm(
            tmdbID: 2, title: "Coming Back", year: 2019,
            theatricalReleases: [CalendarDay(year: 2019, month: 5, day: 1), CalendarDay(year: 2026, month: 12, day: 12)])
        let plan = Suggestions.plan(watchlist: [back, coming], nowPlayingIDs: [], today: today)
        // Then the first is in theaters since its re-release, and the second is upcoming, not gone
        #expect(plan.inTheaters.map(\.film.tmdbID) == [1])
        #expect(plan.inTheaters.first?.reason == .releasedDaysAgo(10))
        #expect(plan.upcoming.map(\.film.tmdbID) == [2])
        #expect(plan.upcoming.first?.daysUntil == 20)
        #expect(plan.leftTheaters.isEmpty)
    }

    @Test func aReleaseWithinTheLastEightWeeksCountsAsInTheaters() {
        let plan = Suggestions.plan(
            watchlist: [film(1, "Today", "2026-11-22"), film(2, "Edge", "2026-09-27"), film(3, "Gone", "2026-09-26")],
            nowPlayingIDs: [], today: today)
        #expect(plan.inTheaters.map(\.film.tmdbID) == [2, 1])
        #expect(plan.inTheaters.first { $0.film.tmdbID == 2 }?.reason == .releasedDaysAgo(56))
        #expect(plan.leftTheaters.map(\.tmdbID) == [3])
    }

    @Test func upcomingFilmsComeSoonestFirstWithTheDaysUntil() {
        let plan = Suggestions.plan(
            watchlist: [film(1, "Later", "2027-01-10"), film(2, "Soon", "2026-11-23"), film(3, "Unknown", nil)],
            nowPlayingIDs: [], today: today)
        #expect(plan.upcoming.map(\.film.tmdbID) == [2, 1])
        #expect(plan.upcoming.map(\.daysUntil) == [1, 49])
        #expect(plan.unknown.map(\.tmdbID) == [3])
    }
}

@Suite struct CalendarDayTests {
    @Test func daysAreCountedAcrossMonthsYearsAndLeapDays() throws {
        let a = try #require(CalendarDay("2024-02-28"))
        #expect(a.days(until: try #require(CalendarDay("2024-03-01"))) == 2)
        #expect(try #require(CalendarDay("2026-12-31")).adding(days: 1) == CalendarDay(year: 2027, month: 1, day: 1))
        #expect(CalendarDay("2026-13-01") == nil)
        #expect(CalendarDay("") == nil)
        #expect(CalendarDay("2026-11-22T10:00:00.000Z") == CalendarDay(year: 2026, month: 11, day: 22))
    }
}

@Suite struct ICalendarTests {
    let film = PlannedFilm(tmdbID: 550, title: "Fight Club; the \"Director's, Cut\"", year: 1999, theatricalRelease: nil)

    @Test func aReleaseIsAnAllDayEventWithAStableUID() {
        let event = ICalendar.Event.release(of: film, on: CalendarDay(year: 2026, month: 12, day: 4), region: "fi")
        let text = ICalendar(name: "Releases", events: [event]).encoded(stamp: .init(timeIntervalSince1970: 0))
        #expect(text.contains("UID:tmdb-550-release-FI@planner\r\n"))
        #expect(text.contains("DTSTART;VALUE=DATE:20261204\r\n"))
        #expect(text.contains("DTEND;VALUE=DATE:20261205\r\n"))
        #expect(text.contains("SUMMARY:In theaters: Fight Club\\; the \"Director's\\, Cut\" (1999)"))
        #expect(text.hasPrefix("BEGIN:VCALENDAR\r\nVERSION:2.0\r\n"))
        #expect(text.hasSuffix("END:VCALENDAR\r\n"))
    }

    @Test func longLinesAreFoldedAt75OctetsWithoutSplittingCharacters() {
        let line = "DESCRIPTION:" + String(repeating: "ä", count: 100)
        let folded = ICalendar.fold(line)
        for part in folded.components(separatedBy: "\r\n") { #expect(part.utf8.count <= 75) }
        #expect(folded.replacingOccurrences(of: "\r\n ", with: "") == line)
    }
}
