import Foundation
import NowPlaying

/// `planner sync`: every page of now playing and upcoming for the region, and the stored films' details, into the
/// cache, so that later commands answer offline.
extension FilmServices {
    /// How long `sync` keeps a cached TMDb answer nobody has refreshed: 30 days.
    package static let keepCachedSeconds: Double = 30 * 86_400

    /// Syncs and returns the lines that say what was done.
    /// - Throws: ``SyncError/notRefreshed`` when TMDb did not answer (the cache stood in).
    package func sync(extraIDs: [Int], progress: @escaping @Sendable (SyncProgress) -> Void) async throws -> [String] {
        guard let region else { throw FilmServicesError.noRegion(command: "sync") }
        let stored = try store.list(.watchlist).map(\.film.id) + store.list(.favorites).map(\.film.id)
        let report = try await client.sync(region: region, language: language, watchlistIDs: stored + extraIDs, progress: progress)
        // Cached pages stood in for TMDb: nothing was synced, whatever the cache still holds.
        guard report.listsProvenance == .network else { throw SyncError.notRefreshed }
        // Fill in the stored films: offline placeholders get their details, every film its release dates.
        for details in report.details.values where try store.film(id: details.id) != nil {
            let (film, releases) = FilmBridge.film(details)
            try store.upsertDetails(film, releases: releases)
        }
        // The cache only grows otherwise: answers untouched for 30 days (and past every time to live) go.
        let keep = max(Self.keepCachedSeconds, client.ttl.detailSeconds, client.ttl.listSeconds)
        let pruned = (try? await cache.removeEntries(fetchedBefore: Date().addingTimeInterval(-keep))) ?? 0
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
        return lines
    }
}

/// Why `planner sync` did not sync.
package enum SyncError: Error, CustomStringConvertible {
    case notRefreshed

    package var description: String {
        switch self {
        case .notRefreshed:
            "TMDb did not answer, so nothing was synced; what the cache already holds still answers with --offline"
        }
    }
}
