import Foundation
import Geo
import Planner
import Showtimes
import TestSupport
import Testing
import Theaters

import class Watchlist.PlannerStore

@testable import PlannerApp

/// `planner plan` and `GET /v1/plan` in process: ``ShowtimesServices/planReport(found:mode:request:after:before:buffer:now:)``
/// over a SQLite file, the bundled theaters (Data/), a fake Finnkino and a fake TMDb on loopback. The same scenarios
/// as PlanCommandTests, which runs the `planner` executable; here the clock can be given, so that a missed show is
/// tested at any time of day.
@Suite("The evening plan in process: bundled theaters, a fake Finnkino and a fake TMDb on loopback")
struct EveningPlanTests {
    static let near = "60.1699,24.9384"
    /// 456 m straight to Kinopalatsi × 1.22 circuity ÷ 5 km/h = 400 s, rounded up to 7 minutes.
    static let walkMinutesToKinopalatsi = 7

    /// The watchlist of PlanCommandTests: Northern Lights, Harbour Nights and Winter Road, added from the fake TMDb.
    static func addThreeFilms(_ home: AppHome, _ store: PlannerStore) async throws {
        let services = try home.filmServices(store)
        for id in [101, 102, 103] { _ = try await services.add(id: id, to: .watchlist) }
    }

    /// The theater search `plan --near 60.1699,24.9384 --mode walk` makes, without OpenStreetMap's services: the
    /// bundled data covers central Helsinki.
    static func search(_ home: AppHome, _ services: ShowtimesServices) async throws -> TheaterSearch {
        try await TheaterSearch.resolve(
            near: near, search: SearchRequest(mode: .walk).offline(true), environment: home.environment,
            providerTheatres: services.providerTheatres(at:))
    }

    /// The plan for tomorrow from 18:00 with the given buffer, at `now`.
    static func plan(
        _ home: AppHome, _ services: ShowtimesServices, buffer: String = "10m", now: Date = Date()
    ) async throws -> PlanReport {
        let found = try await search(home, services)
        return try await services.planReport(
            found: found, mode: .walk, request: ShowtimesRequest(date: "tomorrow"), after: ClockTime(text: "18:00"),
            before: nil, buffer: try #require(BufferDuration(text: buffer)), now: now)
    }

    @Test func theWatchlistedFilmsReachableShowsAtKinopalatsiAreListedByLeaveByTime() async throws {
        try await withFakeTMDbAndFinnkino(FakeFinnkinoService.tomorrow()) { tmdb, finnkino in
            // Given a watchlist of three films, and tomorrow's schedule at Kinopalatsi and Tennispalatsi
            let home = AppHome(AppHome.tmdb(tmdb, finnkino: finnkino))
            defer { home.remove() }
            let store = try home.openStore()
            try await Self.addThreeFilms(home, store)

            // When the evening is planned on foot from central Helsinki, after 18:00
            let report = try await Self.plan(home, try home.showtimesServices(store, date: "tomorrow"))

            // Then the watchlisted films' shows at Kinopalatsi from 18:00 are listed, soonest leave-by first
            let shows = report.plan.shows
            #expect(shows.map(\.show.providerShowID) == ["1", "2", "6"])
            #expect(shows.map(\.film.film.id) == [101, 102, 103])
            for entry in shows {
                // And every one is at OSM node 1376356017, matched exactly
                #expect(entry.theater.theater.id == "node/1376356017")
                #expect(entry.theater.provider.name == "Kinopalatsi, Helsinki")
                #expect(entry.theater.confidence == .exact)
                // And leave by = start − travel − buffer, to the minute
                #expect(entry.travelMinutes == Self.walkMinutesToKinopalatsi)
                #expect(entry.bufferMinutes == 10)
                #expect(
                    entry.leaveBy
                        == entry.show.start.addingTimeInterval(-Double(Self.walkMinutesToKinopalatsi + 10) * 60))
            }
            // And the film matches say how sure they are: by original title, or by title when there is none
            #expect(shows.map(\.film.confidence) == [MatchConfidence.exact, .likely, .exact])
            // And the times are on the Helsinki clock
            #expect(shows.map { $0.show.localTime(of: $0.show.start) } == ["18:30", "20:00", "22:00"])
            #expect(shows.map { $0.show.localTime(of: $0.leaveBy) } == ["18:13", "19:43", "21:43"])
            #expect(report.nearby.localDay == FakeFinnkino.helsinkiDay(1))
            #expect(report.nearby.timeZoneIdentifier == "Europe/Helsinki")
            // And Tennispalatsi, absent from the bundled data, is reported as unmatched, not given a travel time
            #expect(report.plan.unmatchedTheaters.map(\.name) == ["Tennispalatsi, Helsinki"])
            // And the one show of a film not on the watchlist is counted, not planned
            #expect(report.plan.otherShowCount == 1)
            #expect(report.plan.missed.isEmpty)
            #expect(report.watchlistCount == 3)
            // And Finnkino was asked for the area named after the nearby cinemas' city
            let schedule = await finnkino.log.requests.first { $0.path.hasPrefix("/xml/Schedule") }
            #expect(schedule?.query["area"] == "1002")
            // And the JSON both faces write says the same
            let json = try #require(
                try JSONSerialization.jsonObject(with: Data(report.json().utf8)) as? [String: Any])
            let entries = try #require(json["shows"] as? [[String: Any]])
            #expect(entries.map { $0["leave_by_local"] as? String } == ["18:13", "19:43", "21:43"])
            #expect(json["other_show_count"] as? Int == 1)
        }
    }

    @Test func aShowWhoseLeaveByTimeHasPassedIsMissedNotPlanned() async throws {
        try await withFakeTMDbAndFinnkino(FakeFinnkinoService.tomorrow()) { tmdb, finnkino in
            let home = AppHome(AppHome.tmdb(tmdb, finnkino: finnkino))
            defer { home.remove() }
            let store = try home.openStore()
            try await Self.addThreeFilms(home, store)

            // When the plan is made tomorrow at 19:00, after the 18:30 show's leave-by time (18:13)
            let now = FakeFinnkino.instant(day: FakeFinnkino.helsinkiDay(1), time: "19:00")
            let report = try await Self.plan(home, try home.showtimesServices(store, date: "tomorrow"), now: now)

            // Then the 18:30 show is missed, the later two are planned
            #expect(report.plan.shows.map(\.show.providerShowID) == ["2", "6"])
            #expect(report.plan.missed.map(\.show.providerShowID) == ["1"])
            // And Northern Lights, whose one show there is missed, has no reachable show
            #expect(report.plan.filmsWithoutShows.map(\.id) == [101])
            #expect(report.table().contains("Too late to reach: Northern Lights at 18:30"))
        }
    }

    @Test func theChosenShowBecomesACalendarEventThatRemindsAtLeaveByTime() async throws {
        try await withFakeTMDbAndFinnkino(FakeFinnkinoService.tomorrow()) { tmdb, finnkino in
            let home = AppHome(AppHome.tmdb(tmdb, finnkino: finnkino))
            defer { home.remove() }
            let store = try home.openStore()
            try await Self.addThreeFilms(home, store)

            // When the evening is planned with a 15-minute buffer
            let report = try await Self.plan(home, try home.showtimesServices(store, date: "tomorrow"), buffer: "15m")

            // Then the table leads with leaving at 18:08 for the 18:30 show, and names the unmatched theater
            let table = report.table()
            #expect(table.contains("18:08     18:30  Northern Lights"))
            #expect(table.contains("Tennispalatsi, Helsinki"))
            #expect(!table.contains("Not On Your List"))
            #expect(table.contains("(times in Europe/Helsinki)"))
            // And the first show, as the face writes it with --ics, is a timed event at Kinopalatsi
            let first = try #require(report.plan.shows.first)
            let calendar = ICalendar(name: "planner: evening plan", events: [PlanReport.event(first)])
                .encoded(stamp: Date())
            #expect(calendar.contains("UID:finnkino-1@planner"))
            #expect(calendar.contains("LOCATION:Kinopalatsi\\, Kaisaniemenkatu 2\\, 00100 Helsinki"))
            let start = FakeFinnkino.instant(day: FakeFinnkino.helsinkiDay(1), time: "18:30")
            let formatter = DateFormatter()
            formatter.locale = Locale(identifier: "en_US_POSIX")
            formatter.dateFormat = "yyyyMMdd'T'HHmmss'Z'"
            formatter.timeZone = TimeZone(identifier: "UTC")
            #expect(calendar.contains("DTSTART:\(formatter.string(from: start))"))
            // And it reminds at leave-by: 18:30 − 18:08 = 22 minutes before the start
            #expect(calendar.contains("BEGIN:VALARM\r\nACTION:DISPLAY\r\n"))
            #expect(calendar.contains("TRIGGER;RELATED=START:-PT22M"))
        }
    }

    @Test func aWindowThatEndsBeforeItStartsIsRefusedBeforeFinnkinoIsAsked() async throws {
        try await withFakeTMDbAndFinnkino(FakeFinnkinoService.tomorrow()) { tmdb, finnkino in
            let home = AppHome(AppHome.tmdb(tmdb, finnkino: finnkino))
            defer { home.remove() }
            let store = try home.openStore()
            let services = try home.showtimesServices(store, date: "tomorrow")
            let found = try await Self.search(home, services)

            // When the window runs from 20:00 to 18:00
            let error = await thrownAsync {
                try await services.planReport(
                    found: found, mode: .walk, request: ShowtimesRequest(date: "tomorrow"),
                    after: ClockTime(text: "20:00"), before: ClockTime(text: "18:00"), buffer: .standard)
            }

            // Then it is a usage error, and Finnkino was not asked
            #expect(UseCaseError.invalidArgument(error) == "--before 18:00 must be later than --after 20:00")
            #expect(await finnkino.log.count == 0)
            // And a window past midnight is fine: 22:00 to 01:00 is the small hours after the evening
            let pastMidnight = thrown {
                try ShowtimesServices.checkWindow(after: ClockTime(text: "22:00"), before: ClockTime(text: "01:00"))
            }
            #expect(describe(pastMidnight) == nil)
        }
    }

    @Test func aDayWithNoShowsAtAllSaysSoOnTheTheatersClock() async throws {
        try await withFakeTMDbAndFinnkino([]) { tmdb, finnkino in
            let home = AppHome(AppHome.tmdb(tmdb, finnkino: finnkino))
            defer { home.remove() }
            let store = try home.openStore()
            try await Self.addThreeFilms(home, store)

            // When tomorrow is planned and Finnkino lists no show at all
            let report = try await Self.plan(home, try home.showtimesServices(store, date: "tomorrow"))

            // Then the plan is empty, and the table says there were no shows, on Helsinki's clock
            #expect(report.nearby.shows.isEmpty)
            #expect(report.plan.shows.isEmpty)
            #expect(Set(report.plan.filmsWithoutShows.map(\.id)) == [101, 102, 103])
            let table = report.table()
            #expect(table.contains("(times in Europe/Helsinki)"))
            #expect(table.contains("No shows at all on \(FakeFinnkino.helsinkiDay(1))"))
            #expect(!table.contains("Travel times: estimates"))
            #expect(await finnkino.log.count > 0)
        }
    }

    @Test func unreadableXMLFromFinnkinoIsTheUseCasesErrorInOneLine() async throws {
        try await withFakeTMDbAndFinnkino([], finnkinoHandler: FakeFinnkinoService.malformedSchedule) {
            tmdb, finnkino in
            let home = AppHome(AppHome.tmdb(tmdb, finnkino: finnkino))
            defer { home.remove() }
            let store = try home.openStore()
            try await Self.addThreeFilms(home, store)

            // When tomorrow is planned and Finnkino's schedule is cut off
            let services = try home.showtimesServices(store, date: "tomorrow")
            let error = await thrownAsync { try await Self.plan(home, services) }

            // Then the plan fails with the provider's error, in one line
            let message = try #require(describe(error))
            #expect(error is ShowtimesError)
            #expect(message.contains("Finnkino sent XML that cannot be read"))
            #expect(!message.contains("\n"))
        }
    }
}
