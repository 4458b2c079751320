import Foundation
import Geo
import Showtimes
import Theaters

/// Which shows count: those of one cinema day, between two wall-clock times, on each theater's own clock.
///
/// A cinema day runs past midnight, as cinemas' own schedules do: a show starting before 06:00 belongs to the
/// evening before, at 24:00 and later (00:30 is 24:30). So `--after 22:00` includes the 00:15 late show, and
/// `--before 01:00` after `--after 22:00` means one in the morning.
///
/// Times are compared on the theater's clock, so a window of 18:00–23:00 means the same on the day clocks
/// change as on any other.
public struct ShowWindow: Sendable, Equatable {
    /// Shows starting before this (minutes past midnight: 06:00) belong to the cinema day before.
    public static let dayStartsAtMinutes = 6 * 60

    /// The cinema day, `YYYY-MM-DD`, in each show's zone.
    public var localDay: String
    /// The earliest start, in minutes past the cinema day's midnight (up to 30 h), inclusive.
    public var afterMinutes: Int?
    /// The latest start, in minutes past the cinema day's midnight (up to 30 h), exclusive.
    public var beforeMinutes: Int?

    /// The cinema day `show` belongs to, and its start in minutes past that day's midnight (0–1799).
    public static func cinemaDay(of show: Show) -> (day: String, minutes: Int) {
        // One reading of the show's clock gives both its day (`show.localDay`) and its minutes.
        let clock = LocalClock.wallClock(of: show.start, in: show.timeZone)
        let minutes = clock.minutesPastMidnight
        guard minutes < dayStartsAtMinutes, let today = CalendarDay(clock.dayText) else {
            return (clock.dayText, minutes)
        }
        // The calendar day before (not an instant an hour before midnight: on the night clocks go back, that
        // instant can still be the same day).
        return (today.adding(days: -1).description, minutes + 24 * 60)
    }

    /// Minutes of a wall-clock time in a cinema day: before 06:00 counts as the next morning (00:30 → 24:30).
    public static func cinemaMinutes(_ minutes: Int) -> Int {
        minutes < dayStartsAtMinutes ? minutes + 24 * 60 : minutes
    }

    /// Creates a window.
    public init(localDay: String, afterMinutes: Int? = nil, beforeMinutes: Int? = nil) {
        self.localDay = localDay
        self.afterMinutes = afterMinutes
        self.beforeMinutes = beforeMinutes
    }

    /// True when `show` starts inside the window.
    public func contains(_ show: Show) -> Bool {
        let (day, minutes) = Self.cinemaDay(of: show)
        guard day == localDay else { return false }
        if let afterMinutes, minutes < afterMinutes { return false }
        if let beforeMinutes, minutes >= beforeMinutes { return false }
        return true
    }
}

/// One show of a watchlisted film in the plan, with when to leave for it.
public struct PlannedShow: Sendable, Equatable {
    /// The show.
    public var show: Show
    /// The watchlisted film it is of, and how sure that is.
    public var film: FilmMatch
    /// The catalog theater it is at, and how sure that is.
    public var theater: TheaterMatch
    /// The way there.
    public var route: Route<Theater>
    /// The travel time rounded up to whole minutes.
    public var travelMinutes: Int
    /// The margin kept before the start, in minutes.
    public var bufferMinutes: Int
    /// When to leave: start − travel − buffer.
    public var leaveBy: Date
}

/// The evening plan: the reachable shows of watchlisted films at matched theaters, soonest "leave by" first.
///
/// ```swift
/// let plan = EveningPlan.make(shows: shows, films: films, theaters: matching, origin: here, mode: .walk,
///                             router: EstimateRouter(), window: window, bufferMinutes: 10, now: Date())
/// let first = plan.shows.first   // the one to go to
/// ```
public struct EveningPlan: Sendable {
    /// The shows to choose from, by leave-by time, then start, then title.
    public var shows: [PlannedShow]
    /// Shows in the window that can no longer be reached (their leave-by time has passed).
    public var missed: [PlannedShow]
    /// Watchlisted films with no reachable show in the window.
    public var filmsWithoutShows: [FilmCandidate]
    /// Provider theaters not found in the catalog: their shows have no travel time, so they are not planned.
    public var unmatchedTheaters: [ProviderTheater]
    /// How many shows in the window are of films not on the watchlist.
    public var otherShowCount: Int

    /// Builds the plan.
    /// - Parameters:
    ///   - shows: Every show known for the day.
    ///   - films: The watchlisted films.
    ///   - theaters: The provider theaters matched to the catalog (only those near enough to plan for).
    ///   - origin: Where the user leaves from.
    ///   - mode: How the user travels.
    ///   - router: Gives the travel time to each theater.
    ///   - window: Which shows count.
    ///   - bufferMinutes: The margin kept before each start.
    ///   - now: Shows whose leave-by time is before this are missed.
    ///   - lines: false leaves each planned show's route without its `geometry` (`Router.routesWithoutLines`: the
    ///     same times and distances), for a caller that shows no line.
    public static func make(
        shows: [Show], films: [FilmCandidate], theaters: TheaterMatching, origin: Coordinate, mode: TravelMode,
        router: any Router, window: ShowWindow, bufferMinutes: Int, now: Date, lines: Bool = true
    ) -> EveningPlan {
        let inWindow = shows.filter(window.contains)
        let matched = inWindow.filter { theaters.matches[$0.providerTheaterID] != nil }
        let theaterList = uniqueTheaters(matched.compactMap { theaters.matches[$0.providerTheaterID]?.theater })
        let found =
            lines
            ? router.routes(from: origin, to: theaterList, mode: mode)
            : router.routesWithoutLines(from: origin, to: theaterList, mode: mode)
        let routes = Dictionary(found.map { ($0.theater.id, $0) }, uniquingKeysWith: { first, _ in first })
        // Every show against every film: the titles' keys worked out once.
        let filmKeys = films.map(FilmKeys.init)
        var planned: [PlannedShow] = []
        var other = 0
        for show in matched {
            guard let theater = theaters.matches[show.providerTheaterID], let route = routes[theater.theater.id] else {
                continue
            }
            guard let film = FilmMatcher.match(show, films: filmKeys) else {
                other += 1
                continue
            }
            let travelMinutes = DistanceFormat.wholeMinutes(seconds: route.durationSeconds)
            let leaveBy = show.start.addingTimeInterval(-Double((travelMinutes + bufferMinutes) * 60))
            planned.append(
                PlannedShow(
                    show: show, film: film, theater: theater, route: route, travelMinutes: travelMinutes,
                    bufferMinutes: bufferMinutes, leaveBy: leaveBy))
        }
        planned.sort { a, b in
            if a.leaveBy != b.leaveBy { return a.leaveBy < b.leaveBy }
            if a.show.start != b.show.start { return a.show.start < b.show.start }
            return a.film.film.title < b.film.film.title
        }
        let reachable = planned.filter { $0.leaveBy >= now }
        let plannedIDs = Set(reachable.map(\.film.film.id))
        let unmatchedIDs = Set(theaters.unmatched.map(\.id))
        return EveningPlan(
            shows: reachable, missed: planned.filter { $0.leaveBy < now },
            filmsWithoutShows: films.filter { !plannedIDs.contains($0.id) },
            unmatchedTheaters: theaters.unmatched.filter { theater in
                unmatchedIDs.contains(theater.id) && inWindow.contains { $0.providerTheaterID == theater.id }
            },
            otherShowCount: other)
    }

    private static func uniqueTheaters(_ theaters: [Theater]) -> [Theater] {
        var seen = Set<String>()
        return theaters.filter { seen.insert($0.id).inserted }
    }
}
