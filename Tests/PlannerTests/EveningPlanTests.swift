import Foundation
import Geo
import Planner
import Showtimes
import Testing
import Theaters

/// A router that takes a fixed time to each theater, by name: road routing answers through the same protocol.
struct FixedRouter: Router {
    let minutesByName: [String: Double]

    func routes<Destination: Locatable>(
        from origin: Coordinate, to destinations: [Destination], mode: TravelMode
    ) -> [Route<Destination>] {
        destinations.map { destination in
            let name = (destination as! Theater).name
            return Route(
                destination: destination, mode: mode, geometry: [origin, destination.coordinate], distanceMeters: 1000,
                straightLineMeters: 800, durationSeconds: minutesByName[name]! * 60, source: .roadNetwork)
        }
    }
}

@Suite("The evening plan: leave-by times, reachability and the DST change")
struct EveningPlanTests {
    static let origin = try! Coordinate(latitude: 60.1699, longitude: 24.9384)
    static let near = Theater(
        osmType: .node, osmID: 1, name: "Near", coordinate: try! Coordinate(latitude: 60.171, longitude: 24.946),
        category: .cinema, tags: [:], fallbackID: "near")
    static let far = Theater(
        osmType: .node, osmID: 2, name: "Far", coordinate: try! Coordinate(latitude: 60.2, longitude: 24.9),
        category: .cinema, tags: [:], fallbackID: "far")
    static let router = FixedRouter(minutesByName: ["Near": 6.2, "Far": 40])
    static let films = [
        FilmCandidate(id: 1, title: "Northern Lights", originalTitle: "Northern Lights", year: 2026),
        FilmCandidate(id: 2, title: "Winter Road", originalTitle: "Winter Road", year: 2026),
        FilmCandidate(id: 3, title: "Spring Thaw", originalTitle: "Spring Thaw", year: 2026),
    ]
    static let matching = TheaterMatching(
        matches: [
            "n": TheaterMatch(
                provider: ProviderTheater(id: "n", name: "Near"), theater: near, confidence: .exact, reason: ""),
            "f": TheaterMatch(
                provider: ProviderTheater(id: "f", name: "Far"), theater: far, confidence: .exact, reason: ""),
        ],
        unmatched: [ProviderTheater(id: "t", name: "Tennispalatsi, Helsinki")])

    static func show(_ title: String, at local: String, theater: String) -> Show {
        Show(
            provider: "finnkino", providerShowID: "\(title)-\(local)-\(theater)", providerTheaterID: theater,
            providerTheaterName: theater, title: title, originalTitle: title, year: 2026,
            start: LocalClock.instant(localDateTime: local, in: TimeZone(identifier: "Europe/Helsinki")!)!,
            timeZoneIdentifier: "Europe/Helsinki")
    }

    func plan(_ shows: [Show], day: String, after: Int? = nil, before: Int? = nil, now: Date) -> EveningPlan {
        EveningPlan.make(
            shows: shows, films: Self.films, theaters: Self.matching, origin: Self.origin, mode: .walk,
            router: Self.router, window: ShowWindow(localDay: day, afterMinutes: after, beforeMinutes: before),
            bufferMinutes: 10, now: now)
    }

    @Test func aLateShowOnTheNightClocksGoBackBelongsToTheEveningBefore() {
        // 25 October 2026: Helsinki's clocks go from 04:00 summer time back to 03:00
        for time in ["00:30", "03:30", "04:30", "05:59"] {
            let show = Self.show("Northern Lights", at: "2026-10-25T\(time)", theater: "n")
            #expect(ShowWindow.cinemaDay(of: show).day == "2026-10-24", "\(time)")
        }
        #expect(ShowWindow.cinemaDay(of: Self.show("Northern Lights", at: "2026-10-25T06:00", theater: "n")).day == "2026-10-25")
    }

    @Test func aLateShowAfterMidnightBelongsToTheEveningBefore() throws {
        // Given a 23:40 show, a 00:30 show the next morning, and a 00:05 show on the morning of the day itself
        let shows = [
            Self.show("Northern Lights", at: "2026-11-23T23:40", theater: "n"),
            Self.show("Northern Lights", at: "2026-11-24T00:30", theater: "n"),
            Self.show("Northern Lights", at: "2026-11-23T00:05", theater: "n"),
        ]
        // When the evening of the 23rd is planned from 22:00, and from 22:00 to 00:15 (24:15)
        let late = plan(shows, day: "2026-11-23", after: 22 * 60, now: Date(timeIntervalSince1970: 0))
        let early = plan(shows, day: "2026-11-23", after: 22 * 60, before: 24 * 60 + 15, now: Date(timeIntervalSince1970: 0))
        // Then the 00:30 show is part of that evening and the 00:05 one belongs to the evening of the 22nd
        #expect(late.shows.map { $0.show.localTime(of: $0.show.start) } == ["23:40", "00:30"])
        #expect(early.shows.map { $0.show.localTime(of: $0.show.start) } == ["23:40"])
        #expect(ShowWindow.cinemaDay(of: shows[2]) == ("2026-11-22", 24 * 60 + 5))
        #expect(ShowWindow.cinemaMinutes(60) == 25 * 60)
        #expect(ShowWindow.cinemaMinutes(18 * 60) == 18 * 60)
    }

    @Test func showsAreOrderedByLeaveByWhichIsStartMinusTravelRoundedUpMinusBuffer() throws {
        // Given a later show nearby and an earlier one far away
        let shows = [
            Self.show("Northern Lights", at: "2026-11-23T19:00", theater: "n"),
            Self.show("Winter Road", at: "2026-11-23T18:50", theater: "f"),
        ]
        let result = plan(shows, day: "2026-11-23", now: Date(timeIntervalSince1970: 0))
        // Then the far one comes first: 18:50 − 40 − 10 = 18:00, before 19:00 − 7 − 10 = 18:43
        #expect(result.shows.map(\.film.film.id) == [2, 1])
        #expect(result.shows.map { $0.show.localTime(of: $0.leaveBy) } == ["18:00", "18:43"])
        #expect(result.shows[1].travelMinutes == 7)
        #expect(result.shows[1].leaveBy == shows[0].start.addingTimeInterval(-17 * 60))
        #expect(result.filmsWithoutShows.map(\.id) == [3])
    }

    @Test func aShowWhoseLeaveByHasPassedIsLeftOut() throws {
        let show = Self.show("Northern Lights", at: "2026-11-23T19:00", theater: "n")
        // At 18:44 the 18:43 leave-by has passed; at 18:43 exactly it has not
        let late = show.start.addingTimeInterval(-16 * 60)
        let justInTime = show.start.addingTimeInterval(-17 * 60)
        #expect(plan([show], day: "2026-11-23", now: late).shows.isEmpty)
        #expect(plan([show], day: "2026-11-23", now: late).missed.count == 1)
        #expect(plan([show], day: "2026-11-23", now: justInTime).shows.count == 1)
    }

    @Test func onlyWatchlistedFilmsAtMatchedTheatersInTheWindowArePlanned() {
        let shows = [
            Self.show("Northern Lights", at: "2026-11-23T17:59", theater: "n"),  // before the window
            Self.show("Northern Lights", at: "2026-11-23T18:00", theater: "n"),  // the window's first minute
            Self.show("Northern Lights", at: "2026-11-23T21:00", theater: "n"),  // at --before: out
            Self.show("Moomins", at: "2026-11-23T19:00", theater: "n"),  // not watchlisted
            Self.show("Winter Road", at: "2026-11-23T19:00", theater: "t"),  // unmatched theater
            Self.show("Winter Road", at: "2026-11-24T19:00", theater: "n"),  // another day
        ]
        let result = plan(
            shows, day: "2026-11-23", after: 18 * 60, before: 21 * 60, now: Date(timeIntervalSince1970: 0))
        #expect(result.shows.map { $0.show.localTime(of: $0.show.start) } == ["18:00"])
        #expect(result.otherShowCount == 1)
        #expect(result.unmatchedTheaters.map(\.name) == ["Tennispalatsi, Helsinki"])
    }

    @Test(arguments: [
        // The last Sunday of October 2026: clocks go back from 04:00 EEST to 03:00 EET (UTC+3 → UTC+2)
        ("2026-10-24", "2026-10-24T15:30:00Z", "2026-10-24T15:13:00Z"),
        ("2026-10-25", "2026-10-25T16:30:00Z", "2026-10-25T16:13:00Z"),
        // The last Sunday of March 2026: clocks go forward from 03:00 EET to 04:00 EEST (UTC+2 → UTC+3)
        ("2026-03-28", "2026-03-28T16:30:00Z", "2026-03-28T16:13:00Z"),
        ("2026-03-29", "2026-03-29T15:30:00Z", "2026-03-29T15:13:00Z"),
    ])
    func theWindowAndLeaveByFollowTheHelsinkiClockAcrossTheDSTChange(day: String, startUTC: String, leaveByUTC: String)
    {
        // Given a show at 18:30 and one at 17:30 on the Helsinki clock, and a window from 18:00
        let shows = [
            Self.show("Northern Lights", at: "\(day)T18:30", theater: "n"),
            Self.show("Winter Road", at: "\(day)T17:30", theater: "n"),
        ]
        let result = plan(shows, day: day, after: 18 * 60, now: Date(timeIntervalSince1970: 0))
        // Then only the 18:30 show is in, at the right instant, leaving at 18:13 local
        #expect(result.shows.count == 1)
        let entry = result.shows[0]
        #expect(entry.show.start == LocalClock.instant(iso8601: startUTC))
        #expect(entry.leaveBy == LocalClock.instant(iso8601: leaveByUTC))
        #expect(entry.show.localTime(of: entry.leaveBy) == "18:13")
    }

    @Test func theDSTNightsRepeatedAndSkippedHoursReadAsAWallClockWould() {
        let zone = TimeZone(identifier: "Europe/Helsinki")!
        // 03:30 happens twice on 25 October 2026: the earlier (EEST) instant is taken
        #expect(
            LocalClock.instant(localDateTime: "2026-10-25T03:30", in: zone)
                == LocalClock.instant(iso8601: "2026-10-25T00:30:00Z"))
        // A show at 23:30 on the 25th is on the 25th, at UTC+2
        let late = Self.show("Northern Lights", at: "2026-10-25T23:30", theater: "n")
        #expect(late.localDay == "2026-10-25")
        #expect(late.start == LocalClock.instant(iso8601: "2026-10-25T21:30:00Z"))
    }
}
