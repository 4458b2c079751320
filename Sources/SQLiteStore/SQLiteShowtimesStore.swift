import Foundation
import GRDB
import Watchlist
import Showtimes

/// The showtimes tables in the application's SQLite database: the providers' response cache, the decodings of its
/// answers kept for the next process, and imported shows.
///
/// The store that owns the database registers ``registerMigrations(in:)`` and hands its writer here.
///
/// ```swift
/// let tables = SQLiteShowtimesStore(writer: plannerStore.writer)
/// let store = ShowtimesStore(cache: tables, imports: tables, kept: tables)
/// ```
public struct SQLiteShowtimesStore: ShowtimesCacheStorage, ImportedShowStorage, KeptDecodingStorage {
    private let writer: any DatabaseWriter
    private let reads: ReadConnections

    /// Creates the tables' storage over a database whose migrations include ``registerMigrations(in:)``.
    /// - Parameter reads: How the store that owns the file reads (``PlannerStore/reads``): a server's look-ups then
    ///   run on connections of their own. Nil: on `writer`.
    public init(writer: any DatabaseWriter, reads: ReadConnections? = nil) {
        self.writer = writer
        self.reads = reads ?? ReadConnections(writer: writer)
    }

    /// Adds the showtimes migrations, all named `showtimes-v1-…`. Shipped migrations are never edited.
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
        migrator.registerMigration("showtimes-v1-kept-decodings") { db in
            // One decoding per cached answer and form, of the row version its stamp names.
            try db.create(table: "showtimes_kept_decoding") { table in
                table.column("key", .text).notNull()
                table.column("form", .text).notNull()
                table.column("fetchedAt", .double).notNull()
                table.column("byteCount", .integer).notNull()
                table.column("bytes", .blob).notNull()
                table.primaryKey(["key", "form"])
            }
        }
    }

    // Reads run on the calling thread: an async read holds a pooled reader while it waits to be resumed, and with
    // every thread busy in synchronous reads of the same pool (a loaded server), neither side could go on.
    // They use statements each connection prepares once and keeps (`cachedStatement`), rather than parsing and
    // authorizing the same SQL again on every read.

    // MARK: - Cache

    public func cached(forKey key: String) throws -> (body: Data, fetchedAt: Date)? {
        try reads.statement { db -> (body: Data, fetchedAt: Date)? in
            guard
                let row = try Row.fetchOne(
                    db.cachedStatement(sql: "SELECT body, fetchedAt FROM showtimes_http_cache WHERE key = ?"),
                    arguments: [key])
            else { return nil }
            let body: Data = row["body"]
            let fetchedAt: Double = row["fetchedAt"]
            return (body, Date(timeIntervalSince1970: fetchedAt))
        }
    }

    /// `length(body)` counts a blob's bytes from the record's header: the body itself is not read.
    public func cacheStamp(forKey key: String) throws -> ShowtimesCacheStamp? {
        try reads.statement { db -> ShowtimesCacheStamp? in
            guard
                let row = try Row.fetchOne(
                    db.cachedStatement(
                        sql: "SELECT fetchedAt, length(body) AS byteCount FROM showtimes_http_cache WHERE key = ?"),
                    arguments: [key])
            else { return nil }
            let fetchedAt: Double = row["fetchedAt"]
            let byteCount: Int = row["byteCount"]
            return ShowtimesCacheStamp(fetchedAt: Date(timeIntervalSince1970: fetchedAt), byteCount: byteCount)
        }
    }

    public func cache(_ body: Data, forKey key: String, fetchedAt: Date) async throws {
        try await writer.write { db in
            try db.execute(
                sql: """
                    INSERT INTO showtimes_http_cache (key, body, fetchedAt) VALUES (?, ?, ?)
                    ON CONFLICT(key) DO UPDATE SET body = excluded.body, fetchedAt = excluded.fetchedAt
                    """,
                arguments: [key, body, fetchedAt.timeIntervalSince1970])
            // The old row's decodings go with it.
            try db.execute(sql: "DELETE FROM showtimes_kept_decoding WHERE key = ?", arguments: [key])
        }
    }

    // MARK: - Kept decodings

    public func keptDecoding(forKey key: String, form: String, stamp: ShowtimesCacheStamp) throws -> [UInt8]? {
        try reads.statement { db -> [UInt8]? in
            let data = try Data.fetchOne(
                db.cachedStatement(
                    sql: """
                        SELECT bytes FROM showtimes_kept_decoding
                        WHERE key = ? AND form = ? AND fetchedAt = ? AND byteCount = ?
                        """),
                arguments: [key, form, stamp.fetchedAt.timeIntervalSince1970, stamp.byteCount])
            return data.map { [UInt8]($0) }
        }
    }

    public func keepDecoding(_ bytes: [UInt8], forKey key: String, form: String, stamp: ShowtimesCacheStamp)
        async throws
    {
        try await writer.write { db in
            try db.execute(
                sql: """
                    INSERT OR REPLACE INTO showtimes_kept_decoding (key, form, fetchedAt, byteCount, bytes)
                    VALUES (?, ?, ?, ?, ?)
                    """,
                arguments: [key, form, stamp.fetchedAt.timeIntervalSince1970, stamp.byteCount, Data(bytes)])
        }
    }

    // MARK: - Imported shows

    public func saveImported(_ shows: [Show]) async throws -> Int {
        try await writer.write { db -> Int in
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

    public func importedShows(onLocalDay localDay: String) throws -> [Show] {
        try reads.statement { db -> [Show] in
            try Row.fetchAll(
                db.cachedStatement(
                    sql: "SELECT * FROM showtimes_imported_show WHERE localDay = ? ORDER BY start, theater"),
                arguments: [localDay]
            ).map(Self.show)
        }
    }

    public func importedShows(fromLocalDay first: String, throughLocalDay last: String) throws -> [String: [Show]] {
        try reads.statement { db -> [String: [Show]] in
            var byDay: [String: [Show]] = [:]
            let rows = try Row.fetchCursor(
                db.cachedStatement(
                    sql: """
                        SELECT * FROM showtimes_imported_show WHERE localDay BETWEEN ? AND ? ORDER BY start, theater
                        """),
                arguments: [first, last])
            while let row = try rows.next() {
                let day: String = row["localDay"]
                byDay[day, default: []].append(Self.show(row))
            }
            return byDay
        }
    }

    /// A row of `showtimes_imported_show` as a show.
    private static func show(_ row: Row) -> Show {
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

extension SQLiteShowtimesStore {
    /// The tables in an empty SQLite database in memory, migrated: for tests.
    public static func inMemory() throws -> SQLiteShowtimesStore {
        let queue = try DatabaseQueue()
        var migrator = DatabaseMigrator()
        registerMigrations(in: &migrator)
        try migrator.migrate(queue)
        return SQLiteShowtimesStore(writer: queue)
    }
}

extension ShowtimesStore {
    /// An empty store in a SQLite database in memory, migrated, with its cache, its kept decodings and its imported
    /// shows there: for tests.
    public static func inMemory() throws -> ShowtimesStore {
        let tables = try SQLiteShowtimesStore.inMemory()
        return ShowtimesStore(cache: tables, imports: tables, kept: tables)
    }
}
