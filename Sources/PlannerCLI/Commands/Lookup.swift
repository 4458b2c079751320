import ArgumentParser
import Foundation
import PlannerApp
import PlannerTerminal
import Theaters
import Tabular

extension PlannerCommand {
    /// `planner lookup`: a film's full plot and critic scores from OMDb.
    struct Lookup: AsyncParsableCommand {
        static let configuration = CommandConfiguration(commandName: "lookup", 
            abstract: "Look a film up on OMDb by title: full plot and critic scores (needs OMDB_API_KEY).",
            discussion: """
                Examples: planner lookup --title "Fight Club" --year 1999; planner lookup fight club --add (adds it to
                your watchlist through its IMDb id, which TMDb's /find turns into its own: needs a TMDb key too)
                """)

        @Argument(help: "The film's title (or use --title).")
        var words: [String] = []

        @Option(name: .customLong("title"), help: "The film's title.")
        var titleOption: String?

        @Option(name: .long, help: "The release year, to tell remakes apart.")
        var year: Int?

        @Flag(name: .long, help: "Report the request to OMDb on standard error: URL (without the key), status, time.")
        var verbose = false

        @Flag(name: .long, help: "Add the film to your watchlist, found on TMDb by its IMDb id.")
        var add = false

        @OptionGroup var output: OutputOptions<ListFormats>

        var title: String {
            (titleOption ?? words.joined(separator: " ")).trimmingCharacters(in: .whitespaces)
        }

        func validate() throws {
            try output.requireTableOrJSON()
            if titleOption != nil && !words.isEmpty {
                throw ValidationError("give the title once: either --title \"…\" or as words, not both")
            }
            guard !title.isEmpty else { throw ValidationError("give the title of a film to look up: --title \"…\"") }
        }

        func run() async throws {
            let film = try await OMDbLookup.movie(title: title, year: year, verbose: verbose, environment: CompositionRoot.environment)
            switch output.format {
            case .json: try output.target.write(try FilmFormat.json(OMDbLookup.JSON(film)))
            case .csv:
                try output.target.write(
                    CSVTable.line(["title", "year", "imdb_id", "plot", "poster"]) + "\n"
                        + CSVTable.line([
                            film.title, film.year ?? "", film.imdbID ?? "", film.plot ?? "", film.poster ?? "",
                        ]))
            default: try output.target.write(Self.text(film))
            }
            guard add else { return }
            let services = try FilmServices.make(FilmRequest(cache: CacheRequest(verbose: verbose)), environment: CompositionRoot.environment)
            let addition = try await services.add(film, to: .watchlist)
            let line =
                addition.result == .added
                ? "added \(addition.name) [\(addition.film.id)] to your watchlist"
                : "\(addition.name) [\(addition.film.id)] is already on your watchlist; nothing changed"
            // JSON, CSV or a file on standard output stays that document alone: the line goes to standard error.
            if output.format == .table && output.output == nil { Console.out(line) } else { Console.error(line) }
        }

        static func text(_ film: OMDbMovie) -> String {
            var lines = [film.title + (film.year.map { " (\($0))" } ?? "")]
            let facts = [film.rated, film.runtime, film.genre, film.director.map { "directed by \($0)" }]
                .compactMap { $0 }
            if !facts.isEmpty { lines.append(facts.joined(separator: " · ")) }
            if let plot = film.plot { lines += ["", plot, ""] }
            for rating in film.ratings { lines.append("\(rating.source): \(rating.value)") }
            if let imdb = film.imdbID { lines.append("IMDb \(imdb)") }
            if let poster = film.poster { lines.append("Poster: \(poster)") }
            lines.append("Data: OMDb (https://www.omdbapi.com).")
            return lines.joined(separator: "\n")
        }
    }
}
