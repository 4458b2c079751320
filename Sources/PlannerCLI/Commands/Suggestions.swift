import ArgumentParser
import Geo
import PlannerApp

extension PlannerCommand {
    /// `planner suggestions`: twenty random films drawn from TMDb's popular pages, as one original app offered.
    struct Suggestions: AsyncParsableCommand {
        static let configuration = CommandConfiguration(commandName: "suggestions", 
            abstract: "Draw random films from TMDb's popular list, for when you don't know what to watch.",
            discussion: """
                Films on your watchlist are marked •, your favorites ★. --seed makes the draw repeatable.
                Example: planner suggestions --count 5
                """)

        @Option(name: .long, help: "How many films to draw.")
        var count: Int = 20

        @Option(name: .long, help: "How many popular pages to draw from (20 films each).")
        var pages: Int = 5

        @Option(name: .long, help: "A seed, for the same draw every time.")
        var seed: UInt64?

        @OptionGroup var film: FilmOptions
        @OptionGroup var output: OutputOptions<ListFormats>
        @OptionGroup var long: LongOption

        func validate() throws {
            try output.requireTableOrJSON()
            guard count >= 1 else { throw ValidationError("--count must be at least 1, not \(count)") }
            guard (1...500).contains(pages) else { throw ValidationError("--pages must be from 1 to 500, not \(pages)") }
        }

        func run() async throws {
            let services = try FilmServices.make(film.request, environment: CompositionRoot.environment)
            let report = try await services.randomPopular(
                count: count, pages: pages, seed: seed ?? UInt64.random(in: 0...UInt64.max))
            try await output.write(report, long: long.long, services: services)
        }
    }
}
