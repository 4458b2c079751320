import Foundation
import Geo
import Planner
import Showtimes
import Theaters

/// Where each suggested film shows in the coming days: only the cinemas that show it, with their next shows.
package struct SuggestShowings: Sendable {
    /// One cinema that shows a film, with its route and the film's next shows there.
    package struct Showing: Sendable {
        package let theater: Theater
        package let route: Route<Theater>?
        package let nextShows: [Show]
    }

    /// How many days ahead the shows are read, today included.
    package static let days = 7
    /// How many of a cinema's next shows are listed.
    package static let showsPerCinema = 3

    /// By TMDb id: the cinemas showing the film, nearest first.
    package let byFilm: [Int: [Showing]]
    /// The provider, e.g. "Finnkino" or "Gracenote".
    package let source: String

    /// The shows of the next ``days`` days at the search's theaters, matched to `films`, from the provider that
    /// covers the origin's country (`area`, as for `showtimes` and `plan`): never the home's provider abroad. Where
    /// none does, this is nil, and the report says showtimes are unknown there.
    package static func find(
        for films: [FilmCandidate], found: TheaterSearch, routes: [Route<Theater>], area: ShowtimesRegion,
        services: ShowtimesServices, now: Date = Date()
    ) async throws -> SuggestShowings? {
        let asked = services.asked(for: area)
        guard !asked.isEmpty else { return nil }
        let zone = area.timeZone
        let today = CalendarDay(LocalClock.day(of: now, in: zone)) ?? CalendarDay(now, in: zone)
        var shows: [Show] = []
        var theaters: [String: Theater] = [:]
        // The same catalog every day: its theaters' keys are worked out, and each provider theater matched, once.
        // (The Finnkino area and the imported shows are read once through `services`.)
        let matcher = found.matcherCatalog(environment: services.environment)
        // The imported shows of the week, and of the morning after it (a cinema day runs past midnight), in one read.
        try await services.readImportedShows(from: today, count: days + 1)
        for offset in 0..<days {
            let request = ShowtimesRequest(date: today.adding(days: offset).description)
            let nearby = try await NearbyShows(
                found: found, options: request, services: services, region: area, matcher: matcher)
            shows += nearby.nearbyShows.filter { $0.start >= now }
            for (id, match) in nearby.matching.matches { theaters[id] = match.theater }
        }
        // Cinemas' own pages alone, where none carried a show this week, say nothing of the others: unknown.
        if shows.isEmpty, !asked.contains(where: { $0 != .webPages }) { return nil }
        let providers = asked.filter { provider in shows.contains { $0.provider == provider.id } }
        let routeByTheater = Dictionary(routes.map { ($0.theater.id, $0) }, uniquingKeysWith: { a, _ in a })
        var byFilm: [Int: [Showing]] = [:]
        // Every film against every show of the week: each title's keys worked out once.
        let showKeys = shows.map(ShowKeys.init)
        for film in films {
            let filmKeys = FilmKeys(film)
            let matched = zip(shows, showKeys).filter { FilmMatcher.match($0.0, $0.1, filmKeys) != nil }.map { $0.0 }
            let byTheater = Dictionary(grouping: matched) { $0.providerTheaterID }
            byFilm[film.id] = byTheater.compactMap { providerID, shows -> Showing? in
                guard let theater = theaters[providerID] else { return nil }
                let next = Array(shows.sorted { $0.start < $1.start }.prefix(showsPerCinema))
                return Showing(theater: theater, route: routeByTheater[theater.id], nextShows: next)
            }.sorted { ($0.route?.straightLineMeters ?? .infinity) < ($1.route?.straightLineMeters ?? .infinity) }
        }
        return SuggestShowings(
            byFilm: byFilm, source: (providers.isEmpty ? asked : providers).map(\.name).joined(separator: " and "))
    }
}
