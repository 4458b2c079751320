import Foundation
import Geo
import Planner
import Showtimes
import Watchlist

/// `planner showtimes` and `plan`, and `GET /v1/showtimes` and `/v1/plan`: the day's shows near the origin,
/// and the watchlisted films that fit the evening with their leave-by times.
extension ShowtimesServices {
    /// The watchlist's films, as the reports match shows to them; none, without asking, for no account's.
    private func watchlistCandidates() throws -> [FilmCandidate] {
        guard !listsAreEmpty else { return [] }
        return try store.list(.watchlist).map { FilmCandidate($0.film) }
    }

    /// The day's shows at the theaters of `found`, of one film when `film` is given.
    package func showtimesReport(
        found: TheaterSearch, mode: TravelMode, request: ShowtimesRequest, film: FilmReference?
    ) async throws
        -> ShowtimesReport
    {
        let nearby = try await NearbyShows(found: found, options: request, services: self)
        let watchlist = try watchlistCandidates()
        var shows = nearby.nearbyShows
        if let film { shows = try Self.filter(shows, film: film, store: store) }
        return ShowtimesReport(nearby: nearby, shows: shows, watchlist: watchlist, mode: mode, film: film)
    }

    /// The evening plan: the watchlisted films' shows in the window, each with its leave-by time.
    /// - Throws: ``PlannerAppError/invalidArgument(_:)`` when `before` is not later than `after`.
    package func planReport(
        found: TheaterSearch, mode: TravelMode, request: ShowtimesRequest, after: ClockTime?, before: ClockTime?,
        buffer: BufferDuration, now: Date = Date()
    ) async throws -> PlanReport {
        try Self.checkWindow(after: after, before: before)
        let nearby = try await NearbyShows(found: found, options: request, services: self)
        let watchlist = try watchlistCandidates()
        let plan = EveningPlan.make(
            shows: nearby.shows, films: watchlist, theaters: nearby.matching, origin: found.origin.coordinate,
            mode: mode, router: found.routing.router,
            window: ShowWindow(
                localDay: nearby.localDay, afterMinutes: after.map { ShowWindow.cinemaMinutes($0.minutes) },
                beforeMinutes: before.map { ShowWindow.cinemaMinutes($0.minutes) }),
            bufferMinutes: buffer.minutes, now: now,
            // The report writes each route's time, source and mode, never its line.
            lines: false)
        return PlanReport(
            nearby: nearby, plan: plan, mode: mode, after: after, before: before, buffer: buffer,
            watchlistCount: watchlist.count)
    }

    /// Throws ``PlannerAppError/invalidArgument(_:)`` unless `before` is later than `after`. Times before 06:00 are
    /// the small hours after the evening (see ShowWindow): 22:00–01:00 is fine.
    package static func checkWindow(after: ClockTime?, before: ClockTime?) throws {
        if let after, let before, ShowWindow.cinemaMinutes(before.minutes) <= ShowWindow.cinemaMinutes(after.minutes) {
            throw PlannerAppError.invalidArgument("--before \(before) must be later than --after \(after)")
        }
    }

    /// The shows of one film: a stored film by original title and year; otherwise by title.
    static func filter(_ shows: [Show], film: FilmReference, store: any ListStorage) throws -> [Show] {
        if film.id != nil {
            let candidate = FilmKeys(FilmCandidate(try film.stored(in: store)))
            return shows.filter { FilmMatcher.match($0, ShowKeys($0), candidate) != nil }
        }
        if let stored = try? film.stored(in: store) {
            let candidate = FilmKeys(FilmCandidate(stored))
            return shows.filter { FilmMatcher.match($0, ShowKeys($0), candidate) != nil }
        }
        let key = NameKey.of(film.title)
        return shows.filter { show in
            [show.title, show.originalTitle].compactMap { $0 }.map(NameKey.of).contains { $0.contains(key) }
        }
    }
}

extension FilmCandidate {
    /// A stored film as a candidate for matching.
    init(_ film: Film) {
        self.init(id: film.id, title: film.title, originalTitle: film.originalTitle, year: film.year)
    }
}
