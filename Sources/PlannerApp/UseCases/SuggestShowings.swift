import Foundation
import Synchronization
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

    /// The week's shows at the search's matched theaters, whatever their start, with each show's title keys and
    /// the theaters by provider theater id: what ``find(for:found:routes:area:services:now:)`` works out before it
    /// looks at the films and the clock.
    package struct Week: Sendable {
        let shows: [Show]
        let showKeys: [ShowKeys]
        let theaters: [String: Theater]
        /// Each provider's latest start this week: whether it has a show still to come is one comparison.
        let latestStart: [String: Date]
        /// Each film's shows this week, as indices into `shows` by start (week order among equal starts), matched
        /// once for as long as the week is kept: a server matches the same watchlist on every request.
        private let matches = Matches()

        private final class Matches: Sendable {
            let byFilm = Mutex<[FilmCandidate: [Int]]>([:])
        }

        init(shows: [Show], theaters: [String: Theater]) {
            self.shows = shows
            showKeys = shows.map(ShowKeys.init)
            self.theaters = theaters
            var latest: [String: Date] = [:]
            for show in shows where latest[show.provider].map({ show.start > $0 }) ?? true {
                latest[show.provider] = show.start
            }
            latestStart = latest
        }

        /// Whether `provider` (nil: any) has a show starting at `now` or later.
        func hasShows(after now: Date, provider: String? = nil) -> Bool {
            guard let provider else { return latestStart.values.contains { $0 >= now } }
            return latestStart[provider].map { $0 >= now } ?? false
        }

        /// The shows of `film`, by start: see `matches`.
        func shows(of film: FilmCandidate) -> [Int] {
            if let known = matches.byFilm.withLock({ $0[film] }) { return known }
            let keys = FilmKeys(film)
            let found = shows.indices.filter { FilmMatcher.match(shows[$0], showKeys[$0], keys) != nil }
                .sorted { (shows[$0].start, $0) < (shows[$1].start, $1) }
            matches.byFilm.withLock { kept in
                // A watchlist is a few films; a bound keeps a week from growing with every film ever asked.
                if kept.count >= 256 { kept.removeAll() }
                kept[film] = found
            }
            return found
        }
    }

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
        let week = try await week(from: today, found: found, area: area, asked: asked, services: services)
        // Cinemas' own pages alone, where none carried a show this week, say nothing of the others: unknown.
        if !week.hasShows(after: now), !asked.contains(where: { $0 != .webPages }) { return nil }
        let providers = asked.filter { week.hasShows(after: now, provider: $0.id) }
        let routeByTheater = Dictionary(routes.map { ($0.theater.id, $0) }, uniquingKeysWith: { a, _ in a })
        var byFilm: [Int: [Showing]] = [:]
        for film in films {
            // Each cinema's next shows, in the order of their start.
            var next: [String: [Show]] = [:]
            for index in week.shows(of: film) where week.shows[index].start >= now {
                let theaterID = week.shows[index].providerTheaterID
                if next[theaterID, default: []].count < showsPerCinema {
                    next[theaterID, default: []].append(week.shows[index])
                }
            }
            byFilm[film.id] = next.compactMap { providerID, shows -> Showing? in
                guard let theater = week.theaters[providerID] else { return nil }
                return Showing(theater: theater, route: routeByTheater[theater.id], nextShows: shows)
            }.sorted { ($0.route?.straightLineMeters ?? .infinity) < ($1.route?.straightLineMeters ?? .infinity) }
        }
        return SuggestShowings(
            byFilm: byFilm, source: (providers.isEmpty ? asked : providers).map(\.name).joined(separator: " and "))
    }

    /// The week from `today`: read and matched day by day, or, on a server, what a request for the same search,
    /// region and providers worked out less than ``Storage/serverRecentReadSeconds`` ago with no write to the
    /// showtimes store since (another process's writes are seen as the store's own reads see them).
    static func week(
        from today: CalendarDay, found: TheaterSearch, area: ShowtimesRegion, asked: [ShowtimesProvider],
        services: ShowtimesServices
    ) async throws -> Week {
        // Kept only over the server's merged catalog (none merged with an online lookup). The write count is read
        // before the rows: a write that ends meanwhile makes this week's key an old one.
        let kept = found.catalogKey.flatMap { catalog in
            services.environment.cache.map { cache in
                let key = weekKey(
                    from: today, catalog: catalog, found: found, area: area, asked: asked, services: services)
                return (weeks: cache.suggestWeeks, key: key)
            }
        }
        if let kept, let week = kept.weeks.value(forKey: kept.key) { return week }
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
            shows += nearby.nearbyShows
            for (id, match) in nearby.matching.matches { theaters[id] = match.theater }
        }
        let week = Week(shows: shows, theaters: theaters)
        if let kept { kept.weeks.keep(week, forKey: kept.key) }
        return week
    }

    /// What the week depends on besides the showtimes store's rows: the store's write count, the day, the merged
    /// catalog, the search's origin, circle and theaters, the region, and the providers asked and how.
    private static func weekKey(
        from today: CalendarDay, catalog: String, found: TheaterSearch, area: ShowtimesRegion,
        asked: [ShowtimesProvider], services: ShowtimesServices
    ) -> String {
        let origin = found.origin
        var parts = [
            "\(services.showtimes.writeCount)", today.description, catalog,
            "\(origin.coordinate.latitude),\(origin.coordinate.longitude)", origin.label, origin.countryCode ?? "",
            "\(found.radius.meters)", area.country ?? "", area.timeZoneIdentifier, "\(services.offline)",
            services.movieGlu?.territory ?? "",
        ]
        parts += asked.map(\.id)
        parts.append("|")
        parts += found.hits.map(\.theater.id)
        return parts.joined(separator: "\n")
    }
}
