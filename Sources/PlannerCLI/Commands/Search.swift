import ArgumentParser
import PlannerApp

extension PlannerCommand {
    /// `planner search`: films (or series) by title.
    struct Search: AsyncParsableCommand {
        static let configuration = CommandConfiguration(commandName: "search", 
            abstract: "Search TMDb for films, or with --tv series, by title.",
            discussion: "Example: planner search fight club --year 1999")

        @Argument(help: "Words of the title.")
        var words: [String]

        @Option(name: .long, help: "Only titles released (first aired) that year.")
        var year: Int?

        @Flag(name: .long, help: "Series instead of films.")
        var tv = false

        @Option(name: .long, parsing: .unconditional, help: "Which page of results (1–500).")
        var page: Int = 1

        @OptionGroup var film: FilmOptions
        @OptionGroup var output: OutputOptions<ListFormats>
        @OptionGroup var long: LongOption

        var query: String { words.joined(separator: " ").trimmingCharacters(in: .whitespaces) }

        func validate() throws {
            try output.requireTableOrJSON()
            guard !query.isEmpty else { throw ValidationError("give the words of a title to search for") }
            guard (1...500).contains(page) else { throw ValidationError("--page must be from 1 to 500, not \(page)") }
        }

        func run() async throws {
            let services = try FilmServices.make(film.request, environment: CompositionRoot.environment)
            if tv {
                try await output.write(
                    try await services.searchTVReport(query: query, year: year, page: page), long: long.long,
                    services: services)
            } else {
                try await output.write(
                    try await services.searchReport(query: query, year: year, page: page), long: long.long,
                    services: services)
            }
        }
    }
}
