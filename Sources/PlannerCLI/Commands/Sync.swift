import ArgumentParser
import Foundation
import PlannerApp
import PlannerTerminal

extension PlannerCommand {
    /// `planner sync`: fills the cache for a region, so later commands work offline.
    struct Sync: AsyncParsableCommand {
        static let configuration = CommandConfiguration(commandName: "sync", 
            abstract: "Fetch every page of now playing and upcoming for a region, and watchlist details, into the cache.",
            discussion: "Afterwards the film commands answer with --offline. Example: planner sync --region FI")

        @Option(name: .customLong("watchlist-id"), help: "Also fetch this TMDb id's details (repeat for more).")
        var watchlistIDs: [Int] = []

        @OptionGroup var film: FilmOptions

        func validate() throws {
            if film.offline { throw ValidationError("'planner sync' goes online; drop --offline") }
        }

        func run() async throws {
            let bar = ProgressBar()
            let lines = try await FilmServices.make(film.request, environment: CompositionRoot.environment).sync(extraIDs: watchlistIDs) { step in
                bar.show(Self.label(step.stage), completed: step.completed, total: step.total)
            }
            bar.finish()
            Console.out(lines.joined(separator: "\n"))
        }

        /// The progress bar's label for a stage, in words.
        static func label(_ stage: SyncProgress.Stage) -> String {
            switch stage {
            case .nowPlaying: "now playing"
            case .upcoming: "upcoming"
            case .details: "details"
            }
        }
    }
}
