import ArgumentParser
import Foundation
import PlannerApp

extension PlannerCommand {
    /// `planner stats`: counts and the histogram of your ratings; with `--rating`, what you rated that.
    struct Stats: AsyncParsableCommand {
        static let configuration = CommandConfiguration(commandName: "stats", 
            abstract: "Show how many films are on each list, watched and rated, and a histogram of your ratings.",
            discussion: "With --rating 4.5, list the films and series you rated 4.5 instead.")

        @Option(
            name: .long,
            help: ArgumentHelp("List the films and series rated this: 0.5, 1, 1.5 … 5.", valueName: "stars"))
        var rating: Double?

        @OptionGroup var store: StoreOptions
        @OptionGroup var output: OutputOptions<ReportFormats>

        func validate() throws {
            guard output.format == .table || output.format == .json else {
                throw ValidationError("stats are written as table or json")
            }
            if let rating, !(rating >= 0.5 && rating <= 5 && (rating * 2).rounded() == rating * 2) {
                throw ValidationError("--rating runs from 0.5 to 5 in steps of 0.5, not \(rating)")
            }
        }

        func run() async throws {
            let book = try store.open()
            if let rating {
                var report = try book.rated(stars: rating)
                if output.format == .json {
                    report.images = await book.imageLinks(environment: CompositionRoot.environment)
                    try output.target.write(try report.json())
                } else {
                    try output.target.write(report.table())
                }
                return
            }
            let stats = try book.stats()
            if output.format == .json {
                try output.target.write(String(decoding: try stats.jsonData(), as: UTF8.self))
            } else {
                try output.target.write(book.statsText(stats))
            }
        }
    }
}
