import Foundation
import NowPlaying
import OnlineLookup
import SQLiteStore
import Showtimes
import Watchlist

/// Where everything planner keeps lives, behind one value: the users and their lists and diaries, the TMDb and
/// online-lookup caches, the request pacing and the showtimes cache.
///
/// Two back ends: the SQLite file (GRDB), which the command line and a single `planner serve` use, and
/// PostgreSQL (postgres-nio), for several `planner serve` instances sharing one database
/// (`--database postgres://…` or `PLANNER_DATABASE_URL`), which `PlannerService` adds (`Storage.open`).
package struct Storage: Sendable {
    /// The lists, diaries, series and users, seen as one user's.
    package let lists: any ListStorage
    package let tmdbCache: TMDbCache
    package let lookupCache: LookupCache
    package let showtimes: ShowtimesStore

    package init(lists: any ListStorage, tmdbCache: TMDbCache, lookupCache: LookupCache, showtimes: ShowtimesStore) {
        self.lists = lists
        self.tmdbCache = tmdbCache
        self.lookupCache = lookupCache
        self.showtimes = showtimes
    }

    /// `postgres://user@host:port/db` or the SQLite file's path: for messages and the start-up line.
    package var location: String { lists.location }

    /// The same storage, seen as `userID`'s.
    package func scoped(to userID: Int64) -> Storage {
        Storage(
            lists: lists.storage(for: userID), tmdbCache: tmdbCache, lookupCache: lookupCache, showtimes: showtimes)
    }

    /// The SQLite file: the store's own tables, and the caches' tables beside them (`SQLiteStore`).
    /// - Parameter recentReadSeconds: How long the TMDb, online-lookup and showtimes caches use a row they read without
    ///   reading it again (``Storage/serverRecentReadSeconds`` for a server; a command reads every time).
    package static func sqlite(_ store: PlannerStore, recentReadSeconds: Double = 0) -> Storage {
        // The caches read as the store does (`PlannerStore.reads`): a server's look-ups on connections of their own.
        let showtimes = SQLiteShowtimesStore(writer: store.writer, reads: store.reads)
        return Storage(
            lists: store,
            tmdbCache: TMDbCache(
                storage: SQLiteTMDbCache(writer: store.writer, reads: store.reads),
                recentReadSeconds: recentReadSeconds),
            lookupCache: LookupCache(
                storage: SQLiteLookupCache(writer: store.writer, reads: store.reads),
                recentReadSeconds: recentReadSeconds),
            showtimes: ShowtimesStore(
                cache: showtimes, imports: showtimes, kept: showtimes, recentReadSeconds: recentReadSeconds))
    }

    /// How long a server uses a cached TMDb, online-lookup or showtimes stamp it has read before reading it again: its
    /// requests then read each about once a second, and another process's write shows within the second.
    package static let serverRecentReadSeconds: Double = 1
}
