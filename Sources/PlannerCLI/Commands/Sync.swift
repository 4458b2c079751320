import ArgumentParser
import Foundation
import NowPlaying

extension PlannerCommand {
    /// `planner sync`: fills the cache for a region, so later commands work offline.
    struct Sync: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Fetch every page of now playing and upcoming for a region, and watchlist details, into the cache.",
            discussion: "Afterwards the film commands answer with --offline. Example: planner sync --region FI")

        @Option(name: .customLong("watchlist-id"), help: "A TMDb id on your watchlist (repeat for more).")
        var watchlistIDs: [Int] = []

        @OptionGroup var film: FilmOptions

        func validate() throws {
            if film.offline { throw ValidationError("'planner sync' goes online; drop --offline") }
        }

        func run() async throws {
            let services = try FilmServices.make(film)
            guard let region = services.region else { throw FilmCLIError.noRegion(command: "sync") }
            let report = try await services.client.sync(
                region: region, language: services.language, watchlistIDs: watchlistIDs
            ) { step in
                Console.error("sync: \(step.stage.rawValue) \(step.completed)/\(step.total)")
            }
            var lines = [
                "Synced \(region): \(report.nowPlaying.results.count) films now playing, "
                    + "\(report.upcoming.results.count) upcoming, \(report.details.count) watchlist films."
            ]
            for (id, error) in report.failures.sorted(by: { $0.key < $1.key }) {
                lines.append("note: film \(id) was not fetched: \(error.description)")
            }
            Console.out(lines.joined(separator: "\n"))
        }
    }
}
