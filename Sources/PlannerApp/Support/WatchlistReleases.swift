import Foundation
import NowPlaying
import Planner
import Watchlist

/// The watchlist as the planner sees it: each film with its theatrical release day in the region.
package enum WatchlistReleases {
    /// Every watchlisted film with its regional theatrical release, asking TMDb (or its cache) for details and
    /// keeping what it learns in the store; when details can't be had, the store's last known date is used.
    /// - Parameter includeWatched: false leaves out the films with a watched day (a note says how many).
    package static func plannedFilms(services: FilmServices, region: String, includeWatched: Bool = true) async throws
        -> (films: [PlannedFilm], notes: [String])
    {
        let planned = try await plannedFilmsAndWatchlist(
            services: services, region: region, includeWatched: includeWatched)
        return (planned.films, planned.notes)
    }

    /// ``plannedFilms(services:region:includeWatched:)``, with the watchlist as the store has it afterwards: as read
    /// at the start when no film's details changed, else read again.
    package static func plannedFilmsAndWatchlist(
        services: FilmServices, region: String, includeWatched: Bool = true
    ) async throws -> (films: [PlannedFilm], notes: [String], watchlist: [ListItem]) {
        let listed = try services.store.list(.watchlist)
        var wrote = false
        let items = includeWatched ? listed : listed.filter { $0.diary.watchedOn == nil }
        let client = services.client
        let policy = services.policy
        let fetched = await withTaskGroup(of: (Int, MovieDetails?, String?).self) { group in
            for item in items {
                group.addTask {
                    do {
                        return (item.film.id, try await client.movie(id: item.film.id, policy: policy).value, nil)
                    } catch {
                        return (item.film.id, nil, "\(item.film.title) [\(item.film.id)]: \(error)")
                    }
                }
            }
            var results: [Int: (MovieDetails?, String?)] = [:]
            for await (id, details, failure) in group { results[id] = (details, failure) }
            return results
        }
        var films: [PlannedFilm] = []
        var notes: [String] = []
        if items.count < listed.count {
            let left = listed.count - items.count
            notes.append("\(left) film\(left == 1 ? "" : "s") you marked watched left out (--include-watched lists them)")
        }
        for item in items {
            var film = item.film
            if let details = fetched[film.id]?.0 {
                let (fresh, releases) = FilmBridge.film(details)
                // What the store already says is not written again: a suggestion or a calendar asked for again and
                // again writes only when TMDb's details have changed.
                if try !isStored(fresh, releases: releases, as: item.film, in: services.store) {
                    try services.store.upsertDetails(fresh, releases: releases)
                    wrote = true
                }
                film = fresh
            } else if let failure = fetched[film.id]?.1 {
                notes.append("no details for \(failure); using what the store knows")
            }
            // Every theatrical release in the region (re-releases too) from the details where they are at hand
            // (online, or TMDb's cache); else the earliest one the store keeps.
            var days = (fetched[film.id]?.0?.releaseDates?.byRegion[region.uppercased()] ?? [])
                .filter { $0.type.isTheatrical }
                .compactMap { CalendarDay(FilmFormat.day($0.date)) }
            if days.isEmpty, let stored = try services.store.releaseDate(filmID: film.id, region: region).flatMap(CalendarDay.init) {
                days = [stored]
            }
            // One film once, whatever the store or TMDb said: a calendar's UIDs are the films' ids.
            guard !films.contains(where: { $0.tmdbID == film.id }) else { continue }
            films.append(PlannedFilm(tmdbID: film.id, title: film.title, year: film.year, theatricalReleases: days))
        }
        return (films, notes, wrote ? try services.store.list(.watchlist) : listed)
    }

    /// Whether storing `film` with `releases` (``FilmStorage/upsertDetails(_:releases:)``) would leave the store as
    /// it is: `stored` (the film as listed) is the film as it would be written, and its releases are these.
    static func isStored(_ film: Film, releases: [RegionalRelease], as stored: Film, in store: any ListStorage) throws
        -> Bool
    {
        guard stored == film.detailed else { return false }
        func byRegion(_ list: [RegionalRelease]) -> [RegionalRelease] {
            list.sorted { ($0.region, $0.date) < ($1.region, $1.date) }
        }
        return byRegion(try store.releases(filmID: film.id)) == byRegion(releases)
    }
}
