import ArgumentParser
import Foundation
import PlannerApp

extension PlannerCommand {
    /// `planner stats`: counts and the histogram of your ratings.
    struct Stats: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "stats", 
            abstract: "Show how many films are on each list, watched and rated, and a histogram of your ratings.")

        @OptionGroup var store: StoreOptions
        @OptionGroup var output: OutputOptions<ReportFormats>

        func validate() throws {
            guard output.format == .table || output.format == .json else {
                throw ValidationError("stats are written as table or json")
            }
        }

        func run() throws {
            let book = try store.open()
            let stats = try book.stats()
            if output.format == .json {
                try output.target.write(String(decoding: try stats.jsonData(), as: UTF8.self))
            } else {
                try output.target.write(book.statsText(stats))
            }
        }
    }
}
