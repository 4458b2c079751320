import ArgumentParser
import Foundation
import Geo
import NowPlaying
import Planner
import PlannerApp
import Theaters

extension PlannerCommand {
    /// `planner suggest`: which watchlisted films are in cinemas now, and the nearest cinemas for each.
    struct Suggest: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Suggest the nearest cinemas for watchlisted films in cinemas now, then list those still to come.",
            discussion: """
                A film is in cinemas when it is on the region's now-playing list, or its theatrical release (TMDb
                types 2 and 3) in the region lies within the last 8 weeks. Example: planner suggest --near Helsinki
                """)

        @OptionGroup var location: LocationOptions
        @OptionGroup var search: SearchOptions
        @OptionGroup var film: FilmOptions
        @OptionGroup var output: OutputOptions

        func validate() throws {
            if output.format == .csv { throw ValidationError("suggest writes --format table, json or geojson") }
        }

        func run() async throws {
            let environment = Environment()
            let found = try await TheaterSearch.resolve(near: location.near, search: search.request, environment: environment)
            let services = try FilmServices.make(film.request, environment: environment)
            // The region: --region, the saved one, the home's country, the origin's, else the country of the
            // place nearest the origin's coordinates (within 100 km).
            guard
                let region = services.region ?? found.origin.countryCode
                    ?? (try? environment.gazetteer().nearest(to: found.origin.coordinate))?.countryCode
            else {
                throw FilmServicesError.noRegion(command: "suggest")
            }
            let nowPlaying = try await services.client.allMovies(
                .nowPlaying, region: region, language: services.language, policy: services.policy)
            let (films, notes) = try await WatchlistReleases.plannedFilms(services: services, region: region)
            let today = CalendarDay(Date(), in: .current)
            let plan = Planner.Suggestions.plan(
                watchlist: films, nowPlayingIDs: Set(nowPlaying.value.results.map(\.id)), today: today)
            let routes = found.routes(search.mode)
            let report = SuggestReport(
                found: found, region: region, plan: plan, routes: routes, mode: search.mode,
                source: FilmFormat.source(nowPlaying.provenance), notes: notes)
            switch output.format {
            case .json: try output.target.write(try report.json())
            case .geojson: try output.target.write(report.geoJSON())
            default: try output.target.write(report.table())
            }
        }
    }
}
