import ArgumentParser
import Foundation
import NowPlaying
import PlannerApp

extension PlannerCommand {
    /// `planner sync`: fills the cache for a region, so later commands work offline.
    struct Sync: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Fetch every page of now playing and upcoming for a region, and watchlist details, into the cache.",
            discussion: "Afterwards the film commands answer with --offline. Example: planner sync --region FI")

        @Option(name: .customLong("watchlist-id"), help: "Also fetch this TMDb id's details (repeat for more).")
        var watchlistIDs: [Int] = []

        @OptionGroup var film: FilmOptions

        func validate() throws {
            if film.offline { throw ValidationError("'planner sync' goes online; drop --offline") }
        }

        func run() async throws {
            let services = try FilmServices.make(film.request)
            guard let region = services.region else { throw FilmServicesError.noRegion(command: "sync") }
            let stored = try services.store.list(.watchlist).map(\.film.id) + services.store.list(.favorites).map(\.film.id)
            let bar = ProgressBar()
            let report = try await services.client.sync(
                region: region, language: services.language, watchlistIDs: stored + watchlistIDs
            ) { step in
                bar.show(Self.label(step.stage), completed: step.completed, total: step.total)
            }
            bar.finish()
            // Cached pages stood in for TMDb: nothing was synced, whatever the cache still holds.
            guard report.listsProvenance == .network else { throw SyncError.notRefreshed }
            // Fill in the stored films: offline placeholders get their details, every film its release dates.
            for details in report.details.values where try services.store.film(id: details.id) != nil {
                let (film, releases) = FilmBridge.film(details)
                try services.store.upsertDetails(film, releases: releases)
            }
            // The cache only grows otherwise: answers untouched for 30 days (and past every time to live) go.
            let keep = max(Self.keepCachedSeconds, services.client.ttl.detailSeconds, services.client.ttl.listSeconds)
            let pruned = (try? await TMDbCache(writer: services.store.writer)
                .removeEntries(fetchedBefore: Date().addingTimeInterval(-keep))) ?? 0
            var lines = [
                "Synced \(region): \(FilmFormat.films(report.nowPlaying.results.count)) now playing, "
                    + "\(report.upcoming.results.count) upcoming, details of \(FilmFormat.films(report.details.count)) on your lists."
            ]
            for (id, error) in report.failures.sorted(by: { $0.key < $1.key }) {
                lines.append("note: film \(id) was not fetched: \(error.description)")
            }
            if pruned > 0 {
                lines.append("note: \(pruned) cached answer\(pruned == 1 ? " was" : "s were") removed, older than \(Int(keep / 86_400)) days")
            }
            Console.out(lines.joined(separator: "\n"))
        }
    
        /// How long `sync` keeps a cached TMDb answer nobody has refreshed: 30 days.
        static let keepCachedSeconds: Double = 30 * 86_400

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

/// Why `planner sync` did not sync.
enum SyncError: Error, CustomStringConvertible {
    case notRefreshed

    var description: String {
        switch self {
        case .notRefreshed:
            "TMDb did not answer, so nothing was synced; what the cache already holds still answers with --offline"
        }
    }
}
