import ArgumentParser
import Foundation
import PlannerApp

extension PlannerCommand {
    /// `planner trending`: films (or series) trending on TMDb this week.
    struct Trending: AsyncParsableCommand {
        static let configuration = CommandConfiguration(commandName: "trending", 
            abstract: "List the films, or with --tv the series, trending on TMDb this week.",
            discussion: "Example: planner trending --tv --limit 5")

        @Flag(name: .long, help: "Series instead of films.")
        var tv = false

        @Option(name: .long, help: "Which page (1–500).")
        var page: Int = 1

        @Option(name: .long, help: "At most this many titles.")
        var limit: Int?

        @OptionGroup var film: FilmOptions
        @OptionGroup var output: OutputOptions<ListFormats>
        @OptionGroup var long: LongOption

        func validate() throws {
            try output.requireTableOrJSON()
            guard (1...500).contains(page) else { throw ValidationError("--page must be from 1 to 500, not \(page)") }
            if let limit, limit < 1 { throw ValidationError("--limit must be at least 1, not \(limit)") }
        }

        func run() async throws {
            let services = try FilmServices.make(film.request, environment: CompositionRoot.environment)
            let pages = PageRequest(page: page, limit: limit)
            if tv {
                let report = try await services.trendingTVReport(pages: pages)
                try await output.write(report, long: long.long, services: services)
            } else {
                let report = try await services.trendingReport(pages: pages)
                try await output.write(report, long: long.long, services: services)
            }
        }
    }
}
