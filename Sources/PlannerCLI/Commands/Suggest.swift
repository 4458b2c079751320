import ArgumentParser
import Foundation
import Geo
import Planner
import PlannerApp
import Theaters

extension PlannerCommand {
    /// `planner suggest`: which watchlisted films are in cinemas now, and the nearest cinemas for each.
    struct Suggest: AsyncParsableCommand {
        static let configuration = CommandConfiguration(commandName: "suggest", 
            abstract: "Suggest the nearest cinemas for watchlisted films in cinemas now, then list those still to come.",
            discussion: """
                A film is in cinemas when it is on the region's now-playing list, or its theatrical release (TMDb
                types 2 and 3) in the region lies within the last 8 weeks. Example: planner suggest --near Helsinki
                """)

        @OptionGroup var location: LocationOptions
        @OptionGroup var search: SearchOptions
        @OptionGroup var film: FilmOptions
        @OptionGroup var output: OutputOptions<SuggestFormats>
        @OptionGroup var long: LongOption

        @Flag(name: .customLong("include-watched"), help: "Keep the films you marked watched (left out by default).")
        var includeWatched = false

        func validate() throws {
            if output.format == .csv { throw ValidationError("suggest writes --format table, json or geojson") }
        }

        func run() async throws {
            try await Self.run(
                near: location.near, search: search.request, film: film.request, includeWatched: includeWatched,
                long: long.long, format: output.format, to: output.target)
        }

        /// What both readers of the line run: argument-parser's, and ``QuickSuggest``.
        static func run(
            near: String?, search: SearchRequest, film: FilmRequest, includeWatched: Bool, long: Bool,
            format: OutputFormat, to target: OutputTarget
        ) async throws {
            let environment = CompositionRoot.environment
            let services = try FilmServices.make(film, environment: environment)
            var report = try await services
                .suggestReport(
                    near: try LocationOptions.resolved(near, environment: environment),
                    search: search.using(film.cache),
                    includeWatched: includeWatched,
                    showtimes: try ShowtimesServices.make(ShowtimesRequest(cache: film.cache), environment: environment),
                    environment: environment,
                    // Only the GeoJSON draws the routes' lines.
                    routeLines: format == .geojson)
            report.long = long
            switch format {
            case .json:
                report.images = await services.imageLinks()
                try target.write(try report.json())
            case .geojson: try target.write(report.geoJSON())
            default: try target.write(report.table())
            }
        }
    }
}
