import Foundation
import GRDB

/// The showtimes tables in the application's SQLite database: the providers' response cache and imported shows.
///
/// The store that owns the database registers ``registerMigrations(in:)`` and hands its writer here.
///
/// ```swift
/// let store = ShowtimesStore(writer: plannerStore.writer)
/// try await store.replaceImported(shows)
/// let shows = try await store.importedShows(onLocalDay: "2026-11-22")
/// ```
public struct ShowtimesStore: Sendable {
    private let writer: (any DatabaseWriter)?
    private let backend: (any ShowtimesCacheBackend)?

    /// Creates a store over a database whose migrations include ``registerMigrations(in:)``.
    public init(writer: any DatabaseWriter) {
        self.writer = writer
        backend = nil
    }

    /// A store whose response cache is kept elsewhere (PostgreSQL, shared by several servers). It holds no
    /// imported shows: `planner showtimes import` writes to a SQLite file.
    public init(backend: any ShowtimesCacheBackend) {
        writer = nil
        self.backend = backend
    }

    /// Adds this module's migrations, all named `showtimes-v1-…`. Shipped migrations are never edited.
    public static func registerMigrations(in migrator: inout DatabaseMigrator) {
        migrator.registerMigration("showtimes-v1-http-cache") { db in
            try db.create(table: "showtimes_http_cache") { table in
                table.primaryKey("key", .text)
                table.column("body", .blob).notNull()
                table.column("fetchedAt", .double).notNull()
            }
        }
        migrator.registerMigration("showtimes-v1-imported-shows") { db in
            try db.create(table: "showtimes_imported_show") { table in
                table.column("theater", .text).notNull()
                table.column("title", .text).notNull()
                table.column("year", .integer)
                table.column("start", .double).notNull()  // seconds since 1970, UTC
                table.column("end", .double)
                table.column("timeZone", .text).notNull()
                table.column("localDay", .text).notNull()  // YYYY-MM-DD in timeZone
                table.column("auditorium", .text)
                table.column("url", .text)
                table.primaryKey(["theater", "title", "start"])
            }
            try db.create(
                index: "showtimes_imported_show_localDay", on: "showtimes_imported_show", columns: ["localDay"])
        }
    }

    /// An empty store in memory, migrated: for tests.
    public static func inMemory() throws -> ShowtimesStore {
        let queue = try DatabaseQueue()
        var migrator = DatabaseMigrator()
        registerMigrations(in: &migrator)
        try migrator.migrate(queue)
        return ShowtimesStore(writer: queue)
    }

    // MARK: - Cache

    /// The body cached under `key` and when it was fetched, if any.
    public func cached(forKey key: String) async throws -> (body: Data, fetchedAt: Date)? {
        if let backend { return try await guarded { try backend.cached(forKey: key) } }
        return try await guarded {
            try readNow { db in
                guard
                    let row = try Row.fetchOne(
                        db, sql: "SELECT body, fetchedAt FROM showtimes_http_cache WHERE key = ?", arguments: [key])
                else { return nil }
                let body: Data = row["body"]
                let fetchedAt: Double = row["fetchedAt"]
                return (body, Date(timeIntervalSince1970: fetchedAt))
            }
        }
    }

    /// Caches `body` under `key`, replacing what was there.
    public func cache(_ body: Data, forKey key: String, fetchedAt: Date) async throws {
        if let backend { return try await guarded { try backend.cache(body, forKey: key, fetchedAt: fetchedAt) } }
        guard let writer else { return }
        try await guarded {
            try await writer.write { db in
                try db.execute(
                    sql: """
                        INSERT INTO showtimes_http_cache (key, body, fetchedAt) VALUES (?, ?, ?)
                        ON CONFLICT(key) DO UPDATE SET body = excluded.body, fetchedAt = excluded.fetchedAt
                        """,
                    arguments: [key, body, fetchedAt.timeIntervalSince1970])
            }
        }
    }

    // MARK: - Imported shows

    /// Stores imported shows in one transaction: a show with the same theater, title and start is replaced.
    /// - Returns: How many rows were written.
    @discardableResult
    public func saveImported(_ shows: [Show]) async throws -> Int {
        guard let writer else { throw ShowtimesError.database("imported shows are kept in the SQLite file only") }
        return try await guarded {
            try await writer.write { db in
                for show in shows {
                    try db.execute(
                        sql: """
                            INSERT OR REPLACE INTO showtimes_imported_show
                            (theater, title, year, start, end, timeZone, localDay, auditorium, url)
                            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
                            """,
                        arguments: [
                            show.providerTheaterName, show.title, show.year, show.start.timeIntervalSince1970,
                            show.end?.timeIntervalSince1970, show.timeZoneIdentifier, show.localDay, show.auditorium,
                            show.bookingURL,
                        ])
                }
                return shows.count
            }
        }
    }

    /// The imported shows starting on `localDay` (`YYYY-MM-DD` in each show's zone), by start.
    public func importedShows(onLocalDay localDay: String) async throws -> [Show] {
        if writer == nil { return [] }
        return try await guarded {
            try readNow { db in
                try Row.fetchAll(
                    db, sql: "SELECT * FROM showtimes_imported_show WHERE localDay = ? ORDER BY start, theater",
                    arguments: [localDay]
                ).map { row in
                    let theater: String = row["theater"]
                    let start: Double = row["start"]
                    let end: Double? = row["end"]
                    return Show(
                        provider: "import", providerTheaterID: theater, providerTheaterName: theater,
                        title: row["title"], year: row["year"], start: Date(timeIntervalSince1970: start),
                        end: end.map { Date(timeIntervalSince1970: $0) }, timeZoneIdentifier: row["timeZone"],
                        auditorium: row["auditorium"], bookingURL: row["url"])
                }
            }
        }
    }

    private func guarded<T>(_ body: () async throws -> T) async throws -> T {
        do {
            return try await body()
        } catch let error as ShowtimesError {
            throw error
        } catch {
            throw ShowtimesError.database(String(describing: error))
        }
    }
}

extension ShowtimesStore {
    /// A read on the calling thread. An async read holds a pooled reader while it waits to be resumed: with every
    /// thread busy in synchronous reads of the same pool (a loaded server), neither side could go on.
    private func readNow<T>(_ body: (Database) throws -> T) throws -> T {
        guard let writer else { throw ShowtimesError.database("imported shows are kept in the SQLite file only") }
        return try writer.read(body)
    }
}

/// Where a ``ShowtimesStore`` keeps the providers' answers when not in the SQLite file.
public protocol ShowtimesCacheBackend: Sendable {
    /// The body cached under `key` and when it was fetched, if any.
    func cached(forKey key: String) throws -> (body: Data, fetchedAt: Date)?
    /// Caches `body` under `key`, replacing what was there.
    func cache(_ body: Data, forKey key: String, fetchedAt: Date) throws
}
