import Foundation

/// How far a ``TMDbClient/sync(region:language:watchlistIDs:progress:)`` has gone.
public struct SyncProgress: Sendable, Equatable {
    /// The part of the sync.
    public enum Stage: String, Sendable, Equatable {
        /// Pages of the now-playing list.
        case nowPlaying
        /// Pages of the upcoming list.
        case upcoming
        /// Details of watchlist films.
        case details
    }

    /// The part under way.
    public var stage: Stage
    /// Steps done in this stage (pages or films).
    public var completed: Int
    /// Steps in this stage.
    public var total: Int
}

/// What a sync brought back.
public struct SyncReport: Sendable {
    /// Every film in cinemas now, in the region.
    public var nowPlaying: Page<Movie>
    /// Every film coming to the region's cinemas.
    public var upcoming: Page<Movie>
    /// Details with release dates of the watchlist films, by id.
    public var details: [Int: MovieDetails]
    /// Watchlist films that could not be fetched, by id.
    public var failures: [Int: NowPlayingError]
    /// Where the lists came from: `.network` unless TMDb failed and cached pages stood in.
    public var listsProvenance: Provenance = .network
}

extension TMDbClient {
    /// Refreshes the cache for a region: every page of now playing and upcoming, then the details and release
    /// dates of the watchlist films.
    /// - Parameters:
    ///   - region: an ISO 3166-1 code such as "GB".
    ///   - language: an IETF tag for titles and overviews.
    ///   - watchlistIDs: TMDb ids of the user's watchlist films.
    ///   - progress: called as pages and films come in, from any task.
    /// - Throws: when a list can't be fetched, or on cancellation; a film that fails with a ``NowPlayingError``
    ///   goes to ``SyncReport/failures`` instead.
    public func sync(
        region: String, language: String? = nil, watchlistIDs: [Int],
        progress: @escaping @Sendable (SyncProgress) -> Void = { _ in }
    ) async throws -> SyncReport {
        // Both lists at once: their first pages go out together, then every other page, 20 in flight at most.
        async let nowPlayingPages = allMovies(.nowPlaying, region: region, language: language, policy: .refresh) {
            progress(SyncProgress(stage: .nowPlaying, completed: $0, total: $1))
        }
        async let upcomingPages = allMovies(.upcoming, region: region, language: language, policy: .refresh) {
            progress(SyncProgress(stage: .upcoming, completed: $0, total: $1))
        }
        let (nowPlaying, upcoming) = try await (nowPlayingPages, upcomingPages)
        let ids = Array(Set(watchlistIDs)).sorted()
        var details: [Int: MovieDetails] = [:]
        var failures: [Int: NowPlayingError] = [:]
        if !ids.isEmpty {
            progress(SyncProgress(stage: .details, completed: 0, total: ids.count))
        }
        try await withThrowingTaskGroup(of: (Int, Result<MovieDetails, NowPlayingError>).self) { group in
            for id in ids {
                group.addTask {
                    do {
                        return (id, .success(try await movie(id: id, language: language, policy: .refresh).value))
                    } catch let error as NowPlayingError {
                        return (id, .failure(error))
                    }
                }
            }
            for try await (id, result) in group {
                switch result {
                case .success(let movie): details[id] = movie
                case .failure(let error): failures[id] = error
                }
                progress(SyncProgress(stage: .details, completed: details.count + failures.count, total: ids.count))
            }
        }
        return SyncReport(
            nowPlaying: nowPlaying.value, upcoming: upcoming.value, details: details, failures: failures,
            listsProvenance: nowPlaying.provenance.combined(with: upcoming.provenance))
    }
}
