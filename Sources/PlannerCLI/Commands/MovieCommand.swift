import ArgumentParser
import Foundation
import PlannerApp
import PlannerTerminal

extension PlannerCommand {
    /// `planner movie`: one film's details, with its cinema release date in the region.
    struct MovieCommand: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "movie",
            abstract: "Show one film's details and its cinema release date in a region (cached for 7 days).",
            discussion: "Example: planner movie 550 --region GB, or planner movie tt0137523 --images")

        @Argument(
            help: "The film: its TMDb id, as 'planner search' shows it, its IMDb id (tt…), or its title in quotes.")
        var film: FilmReference

        @Option(name: .long, help: "With a title: the release year, to tell films of the same title apart.")
        var year: Int?

        @Flag(name: .long, help: "List the film's posters and backdrops on TMDb, as URLs, instead of its details.")
        var images = false

        @OptionGroup var options: FilmOptions
        @OptionGroup var output: OutputOptions<ListFormats>

        func validate() throws {
            try output.requireTableOrJSON()
            if film.id == nil, let number = Int(film.title), number <= 0 {
                throw ValidationError("the TMDb id must be a positive number, not \(number)")
            }
        }

        func run() async throws {
            let services = try FilmServices.make(options.request, environment: CompositionRoot.environment)
            let id = try await resolveID(services)
            if images {
                let gallery = try await services.movieGallery(id: id)
                switch output.format {
                case .json: try output.target.write(try gallery.json())
                case .csv: try output.target.write(gallery.csv())
                default: try output.target.write(gallery.table())
                }
                return
            }
            let report = try await services.movieReport(id: id)
            switch output.format {
            case .json: try output.target.write(try report.json())
            case .csv: try output.target.write(report.csv())
            default: try output.target.write(report.text())
            }
        }

        /// The id itself, the film TMDb links to an IMDb id, or the one film a title search finds (several: they are
        /// listed and nothing is shown).
        func resolveID(_ services: FilmServices) async throws -> Int {
            if let id = film.id { return id }
            if let imdbID = film.imdbID { return try await services.filmID(imdbID: imdbID) }
            let page = try await services.client.searchMovies(
                query: film.title, year: year, region: services.region, policy: services.policy
            ).value
            let matches = FilmBridge.matches(page.results, title: film.title, year: year)
            guard let first = matches.first else { throw PlannerAppError.notFound("Not found: a film called '\(film.title)'.") }
            if matches.count > 1 {
                // No exact title: every search result is a candidate, and TMDb says how many there are in all.
                let exact = matches.count < page.results.count || matches.allSatisfy {
                    FilmBridge.fold($0.title) == FilmBridge.fold(film.title)
                }
                let total = exact ? matches.count : max(matches.count, page.totalResults)
                let shown = min(10, matches.count)
                var lines = [
                    "'\(film.title)' matches \(FilmFormat.films(total))"
                        + (total > shown ? "; the first \(shown):" : ":") + " give one by id, or add --year"
                ]
                for movie in matches.prefix(shown) {
                    lines.append("  \(movie.id)  \(movie.title) (\(movie.releaseYear.map(String.init) ?? "?"))")
                }
                Console.error(lines.joined(separator: "\n"))
                throw ExitCode(2)
            }
            return first.id
        }
    }
}
