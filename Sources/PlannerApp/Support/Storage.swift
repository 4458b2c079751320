import Foundation
import NowPlaying
import OnlineLookup
import PostgresStore
import Showtimes
import Watchlist

/// Where everything planner keeps lives, behind one value: the users and their lists and diaries, the TMDb and
/// online-lookup caches, the request pacing and the showtimes cache.
///
/// Two back ends: the SQLite file (GRDB), which the command line and a single `planner serve` use, and
/// PostgreSQL (postgres-nio), for several `planner serve` instances sharing one database
/// (`--database postgres://…` or `PLANNER_DATABASE_URL`).
package struct Storage: Sendable {
    /// The lists, diaries, series and users, seen as one user's.
    package let lists: any ListStorage
    package let tmdbCache: TMDbCache
    package let lookupCache: LookupCache
    package let showtimes: ShowtimesStore

    /// `postgres://user@host:port/db` or the SQLite file's path: for messages and the start-up line.
    package var location: String { lists.location }

    /// The same storage, seen as `userID`'s.
    package func scoped(to userID: Int64) -> Storage {
        Storage(
            lists: lists.storage(for: userID), tmdbCache: tmdbCache, lookupCache: lookupCache, showtimes: showtimes)
    }

    /// The SQLite file.
    package static func sqlite(_ store: PlannerStore) -> Storage {
        Storage(
            lists: store, tmdbCache: TMDbCache(writer: store.writer), lookupCache: LookupCache(writer: store.writer),
            showtimes: ShowtimesStore(writer: store.writer))
    }

    /// A PostgreSQL database.
    package static func postgres(_ backend: PostgresBackend) -> Storage {
        Storage(
            lists: PostgresListStorage(backend: backend),
            tmdbCache: TMDbCache(backend: PostgresTMDbCache(backend: backend)),
            lookupCache: LookupCache(backend: PostgresLookupCache(backend: backend)),
            showtimes: ShowtimesStore(backend: PostgresShowtimesCache(backend: backend)))
    }

    /// The database `--database` names, else `PLANNER_DATABASE_URL`, else the SQLite file (`--db`, `PLANNER_DB`, …).
    /// A `postgres://` address is connected to and migrated; a SQLite path is opened as every command opens it.
    /// - Throws: ``PostgresStoreError`` or ``WatchlistError``, in words.
    package static func open(
        database: String?, db: String?, environment: Environment, schema: PostgresBackend.SchemaCheck = .migrate,
        maximumConnections: Int = 8
    ) throws -> Storage {
        if let url = database ?? environment.variables["PLANNER_DATABASE_URL"].flatMap({ $0.isEmpty ? nil : $0 }) {
            guard PostgresAddress.isAddress(url) else {
                throw PostgresStoreError.invalidURL(reason: "it does not start with postgres://")
            }
            return .postgres(try PostgresBackend(url: url, maximumConnections: maximumConnections, schema: schema))
        }
        return .sqlite(try AppDatabase.open(explicit: db, environment: environment))
    }
}
