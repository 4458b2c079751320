import Foundation
import Geo
import NowPlaying
import Planner
import Settings
import Showtimes
import Tabular
import Theaters
import Watchlist

/// `planner suggest` and `GET /v1/me/suggest`: the watchlisted films in cinemas now, with the nearest cinemas.
extension FilmServices {
    /// Searches theaters near `near`, then joins the region's now-playing list with the watchlist.
    /// - Parameters:
    ///   - includeWatched: true keeps the films you marked watched; by default they are left out.
    ///   - routeLines: false leaves the routes without their lines, which only ``SuggestReport/geoJSON()`` draws:
    ///     the table and the JSON write the same times and distances either way.
    package func suggestReport(
        near: String?, search: SearchRequest, includeWatched: Bool = false, showtimes: ShowtimesServices? = nil,
        environment: Environment, routeLines: Bool = true
    ) async throws -> SuggestReport {
        let found = try await TheaterSearch.resolve(
            near: near, search: search.routingItsModeOnly(), environment: environment,
            providerTheatres: showtimes?.providerTheatres(at:))
        // Where the cinemas are: the origin's country, else the country of the place nearest the origin's
        // coordinates (within 100 km). Showtimes are always asked for there; the now-playing list too, unless
        // --region names another country. The saved region and the home's country count only where the origin's
        // country is unknown: near Paris, a Helsinki home must not ask for Finnish cinemas.
        let area = ShowtimesRegion(found: found, environment: environment)
        guard let region = requestedRegion ?? area.country ?? self.region else {
            throw FilmServicesError.noRegion(command: "suggest")
        }
        let nowPlaying = try await client.allMovies(.nowPlaying, region: region, language: language, policy: policy)
        let (films, notes, watchlist) = try await WatchlistReleases.plannedFilmsAndWatchlist(
            services: self, region: region, includeWatched: includeWatched)
        let plan = Planner.Suggestions.plan(
            watchlist: films, nowPlayingIDs: Set(nowPlaying.value.results.map(\.id)), today: CalendarDay(Date(), in: .current))
        let routes = found.routes(search.mode, lines: routeLines)
        var report = SuggestReport(
            found: found, region: region, plan: plan, routes: routes, mode: search.mode,
            source: FilmFormat.source(nowPlaying.provenance), notes: notes)
        report.showtimesCountry = area.country
        report.showtimesHints = ShowtimesProvider.wouldCover(area.country, configured: showtimes?.configured ?? [])
        // The watchlist as it is now that the details are in: the overviews, the posters and the candidates below
        // all come from it.
        report.overviews = Dictionary(
            watchlist.compactMap { item in item.film.overview.map { (item.film.id, $0) } },
            uniquingKeysWith: { first, _ in first })
        report.posterPaths = Dictionary(
            watchlist.compactMap { item in item.film.posterPath.map { (item.film.id, $0) } },
            uniquingKeysWith: { first, _ in first })
        // Where a showtimes provider covers the region, each film lists only the cinemas that show it.
        if let showtimes {
            let inTheaters = Set(plan.inTheaters.map(\.film.tmdbID))
            let candidates = watchlist.filter { inTheaters.contains($0.film.id) }.map { FilmCandidate($0.film) }
            do {
                report.showings = try await SuggestShowings.find(
                    for: candidates, found: found, routes: routes, area: area, services: showtimes)
            } catch {
                report.showingsFailure = "showtimes could not be had (\(clause(error))); the nearest cinemas are listed instead"
            }
        }
        return report
    }

    /// `planner upcoming` and `GET /v1/me/upcoming.ics`: watchlisted films still to come to the region's cinemas.
    /// The region: the one asked for, the saved one, the home's country, else `fallbackRegion` (a server's own).
    package func upcomingReleases(
        home: SavedLocation? = nil, fallbackRegion: String? = nil, environment: Environment
    ) async throws -> UpcomingReleases {
        let home = try home ?? environment.settings().home
        guard let region = self.region ?? home?.countryCode ?? fallbackRegion else {
            throw FilmServicesError.noRegion(command: "upcoming")
        }
        let (films, notes) = try await WatchlistReleases.plannedFilms(services: self, region: region)
        let today = CalendarDay(Date(), in: .current)
        let plan = Planner.Suggestions.plan(watchlist: films, nowPlayingIDs: [], today: today)
        let (episodes, episodeNotes) = await upcomingEpisodes(today: today)
        return UpcomingReleases(region: region, entries: plan.upcoming, episodes: episodes, notes: notes + episodeNotes)
    }
}

/// Watchlisted films with a future cinema release in one region, soonest first.
package struct UpcomingReleases {
    package let region: String
    package let entries: [Suggestions.Upcoming]
    /// The next episodes of watchlisted series, soonest first.
    package var episodes: [UpcomingEpisode] = []
    package let notes: [String]

    package init(region: String, entries: [Suggestions.Upcoming], episodes: [UpcomingEpisode] = [], notes: [String]) {
        self.region = region
        self.entries = entries
        self.episodes = episodes
        self.notes = notes
    }

    /// How many releases and episodes there are in all.
    package var count: Int { entries.count + episodes.count }

    /// The iCalendar with one all-day event per release and per next episode (stable UIDs), or nil when there is
    /// nothing to come: RFC 5545 asks for at least one component.
    package func calendar(stamp: Date = Date()) -> String? {
        guard count > 0 else { return nil }
        let events = entries.map { ICalendar.Event.release(of: $0.film, on: $0.release, region: region) }
            + episodes.map {
                ICalendar.Event.episode(
                    ($0.episode.season, $0.episode.number, $0.episode.name), of: $0.series.id, named: $0.series.name,
                    on: $0.day)
            }
        return ICalendar(name: "Watchlist releases in \(region)", events: events).encoded(stamp: stamp)
    }

    /// One row of `--format json` and csv: a film's release (kind "film") or a series' next episode ("episode",
    /// with its season and number; the id is then the series' TMDb id).
    private struct Entry: Encodable {
        let kind: String
        let id: Int
        let title: String
        let year: Int?
        let release_date: String
        let days_until: Int
        var season: Int? = nil
        var episode: Int? = nil
    }

    private var rows: [Entry] {
        entries.map {
            Entry(
                kind: "film", id: $0.film.tmdbID, title: $0.film.title, year: $0.film.year,
                release_date: $0.release.description, days_until: $0.daysUntil)
        }
            + episodes.map {
                Entry(
                    kind: "episode", id: $0.series.id, title: $0.title, year: $0.series.year,
                    release_date: $0.day.description, days_until: $0.daysUntil, season: $0.episode.season,
                    episode: $0.episode.number)
            }
    }

    package func json() throws -> String { try FilmFormat.json(rows) }

    package func csv() -> String {
        ([CSV.line(["kind", "id", "title", "year", "release_date", "days_until", "season", "episode"])]
            + rows.map {
                CSV.line([
                    $0.kind, "\($0.id)", $0.title, $0.year.map(String.init) ?? "", $0.release_date, "\($0.days_until)",
                    $0.season.map(String.init) ?? "", $0.episode.map(String.init) ?? "",
                ])
            }).joined(separator: "\n")
    }
}
