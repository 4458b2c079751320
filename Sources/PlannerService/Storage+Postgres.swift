import NowPlaying
import OnlineLookup
import PlannerApp
import PostgresStore
import Showtimes
import Watchlist

extension Storage {
    /// A PostgreSQL database.
    /// - Parameter recentReadSeconds: As for ``Storage/sqlite(_:recentReadSeconds:)``.
    package static func postgres(_ backend: PostgresBackend, recentReadSeconds: Double = 0) -> Storage {
        Storage(
            lists: PostgresListStorage(backend: backend),
            tmdbCache: TMDbCache(storage: PostgresTMDbCache(backend: backend), recentReadSeconds: recentReadSeconds),
            lookupCache: LookupCache(
                storage: PostgresLookupCache(backend: backend), recentReadSeconds: recentReadSeconds),
            showtimes: ShowtimesStore(
                cache: PostgresShowtimesCache(backend: backend), recentReadSeconds: recentReadSeconds))
    }

    /// The database `--database` names, else `PLANNER_DATABASE_URL`, else the SQLite file (`--db`, `PLANNER_DB`, …).
    /// A `postgres://` address is connected to and migrated; a SQLite path is opened as every command opens it.
    /// `recentReadSeconds` is as for ``Storage/sqlite(_:recentReadSeconds:)``.
    /// - Throws: ``PostgresStoreError`` or ``WatchlistError``, in words.
    package static func open(
        database: String?, db: String?, environment: Environment, schema: PostgresBackend.SchemaCheck = .migrate,
        maximumConnections: Int = 8, recentReadSeconds: Double = 0
    ) throws -> Storage {
        if let url = database ?? environment.variables["PLANNER_DATABASE_URL"].flatMap({ $0.isEmpty ? nil : $0 }) {
            guard PostgresAddress.isAddress(url) else {
                throw PostgresStoreError.invalidURL(reason: "it does not start with postgres://")
            }
            return .postgres(
                try PostgresBackend(url: url, maximumConnections: maximumConnections, schema: schema),
                recentReadSeconds: recentReadSeconds)
        }
        return .sqlite(
            try AppDatabase.open(explicit: db, environment: environment), recentReadSeconds: recentReadSeconds)
    }
}
