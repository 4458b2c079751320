import PostgresNIO

/// PostgreSQL's schema, as named migrations applied in order and recorded in `planner_migration`.
///
/// Shipped migrations are never edited; a change is a new one at the end. A database that records a migration
/// this list lacks was written by a newer planner and is refused. Instances starting together apply each
/// migration once: the whole check runs under a transaction-scoped advisory lock.
public enum PostgresMigrations {
    /// The migrations, in order: an identifier and its statements.
    public static let all: [(id: String, statements: [String])] = [
        (
            "pg-v1-users-and-lists",
            [
                """
                CREATE TABLE planner_user (
                    id BIGINT PRIMARY KEY,
                    name TEXT NOT NULL UNIQUE,
                    token_sha256 TEXT UNIQUE,
                    feed_key_sha256 TEXT UNIQUE,
                    created_at TIMESTAMPTZ NOT NULL
                )
                """,
                // The command line's own user, as in SQLite, so that copied rows keep their owner.
                "INSERT INTO planner_user (id, name, created_at) VALUES (1, 'local', now())",
                """
                CREATE TABLE film (
                    id INTEGER PRIMARY KEY,
                    title TEXT NOT NULL,
                    original_title TEXT,
                    year INTEGER,
                    release_date TEXT,
                    poster_path TEXT,
                    overview TEXT,
                    needs_details BOOLEAN NOT NULL DEFAULT false
                )
                """,
                """
                CREATE TABLE film_release (
                    film_id INTEGER NOT NULL REFERENCES film (id) ON DELETE CASCADE,
                    region TEXT NOT NULL,
                    release_date TEXT NOT NULL,
                    PRIMARY KEY (film_id, region)
                )
                """,
                """
                CREATE TABLE list_entry (
                    user_id BIGINT NOT NULL REFERENCES planner_user (id) ON DELETE CASCADE,
                    list TEXT NOT NULL,
                    film_id INTEGER NOT NULL REFERENCES film (id) ON DELETE CASCADE,
                    added_at TIMESTAMPTZ NOT NULL,
                    note TEXT,
                    priority INTEGER NOT NULL DEFAULT 0,
                    PRIMARY KEY (user_id, list, film_id)
                )
                """,
                """
                CREATE TABLE film_diary (
                    user_id BIGINT NOT NULL REFERENCES planner_user (id) ON DELETE CASCADE,
                    film_id INTEGER NOT NULL REFERENCES film (id) ON DELETE CASCADE,
                    rating_half_stars INTEGER CHECK (rating_half_stars BETWEEN 1 AND 10),
                    review TEXT,
                    watched_on TEXT,
                    PRIMARY KEY (user_id, film_id)
                )
                """,
                """
                CREATE TABLE series (
                    id INTEGER PRIMARY KEY,
                    name TEXT NOT NULL,
                    first_air_date TEXT,
                    overview TEXT,
                    status TEXT,
                    networks TEXT,
                    next_season INTEGER,
                    next_episode INTEGER,
                    next_episode_name TEXT,
                    next_air_date TEXT
                )
                """,
                """
                CREATE TABLE series_entry (
                    user_id BIGINT NOT NULL REFERENCES planner_user (id) ON DELETE CASCADE,
                    list TEXT NOT NULL,
                    series_id INTEGER NOT NULL REFERENCES series (id) ON DELETE CASCADE,
                    added_at TIMESTAMPTZ NOT NULL,
                    note TEXT,
                    priority INTEGER NOT NULL DEFAULT 0,
                    PRIMARY KEY (user_id, list, series_id)
                )
                """,
            ]
        ),
        (
            "pg-v1-caches-and-pacing",
            [
                "CREATE TABLE tmdb_http_cache (key TEXT PRIMARY KEY, body BYTEA NOT NULL, fetched_at DOUBLE PRECISION NOT NULL)",
                "CREATE TABLE lookup_cache (key TEXT PRIMARY KEY, body BYTEA NOT NULL, fetched_at DOUBLE PRECISION NOT NULL)",
                // One row per paced service: when its next request may start, and who holds the slot until then.
                "CREATE TABLE lookup_pacing (service TEXT PRIMARY KEY, next_allowed_at DOUBLE PRECISION NOT NULL, holder TEXT)",
                "CREATE TABLE showtimes_http_cache (key TEXT PRIMARY KEY, body BYTEA NOT NULL, fetched_at DOUBLE PRECISION NOT NULL)",
            ]
        ),
        (
            // Series' posters, and each user's ratings and reviews of series (SQLite's watchlist-v4-series-diary).
            "pg-v2-series-diary",
            [
                "ALTER TABLE series ADD COLUMN poster_path TEXT",
                """
                CREATE TABLE series_diary (
                    user_id BIGINT NOT NULL REFERENCES planner_user (id) ON DELETE CASCADE,
                    series_id INTEGER NOT NULL REFERENCES series (id) ON DELETE CASCADE,
                    rating_half_stars INTEGER CHECK (rating_half_stars BETWEEN 1 AND 10),
                    review TEXT,
                    PRIMARY KEY (user_id, series_id)
                )
                """,
            ]
        ),
    ]

    /// The advisory lock key under which migrations are checked and applied ("planner" in ASCII).
    static let lockKey: Int64 = 0x706C_616E_6E65_72

    /// Checks the database's schema against ``all``, applying what is missing when `migrate`.
    /// - Returns: the identifiers applied now.
    /// - Throws: ``PostgresStoreError/newerSchema(location:unknownMigrations:)``, or
    ///   ``PostgresStoreError/needsMigration(location:missing:)`` when not migrating.
    @discardableResult
    static func check(_ backend: PostgresBackend, migrate: Bool) throws -> [String] {
        try backend.transaction { session in
            try session.execute("SELECT pg_advisory_xact_lock(\(lockKey))")
            try session.execute(
                "CREATE TABLE IF NOT EXISTS planner_migration (id TEXT PRIMARY KEY, applied_at TIMESTAMPTZ NOT NULL)")
            let applied = try session.query("SELECT id FROM planner_migration ORDER BY applied_at, id").map {
                try $0.decode(String.self)
            }
            let known = Set(all.map(\.id))
            let unknown = applied.filter { !known.contains($0) }
            guard unknown.isEmpty else {
                throw PostgresStoreError.newerSchema(location: backend.location, unknownMigrations: unknown)
            }
            let missing = all.filter { !applied.contains($0.id) }
            guard !missing.isEmpty else { return [] }
            guard migrate else {
                throw PostgresStoreError.needsMigration(location: backend.location, missing: missing.map(\.id))
            }
            for migration in missing {
                for statement in migration.statements { try session.execute(PostgresQuery(unsafeSQL: statement)) }
                try session.execute("INSERT INTO planner_migration (id, applied_at) VALUES (\(migration.id), now())")
            }
            return missing.map(\.id)
        }
    }

    /// Applies what is missing; the identifiers applied now (none when the database was current).
    public static func migrate(_ backend: PostgresBackend) throws -> [String] {
        try check(backend, migrate: true)
    }
}
