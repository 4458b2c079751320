import Foundation
import GRDB
import Watchlist
import NowPlaying

/// The TMDb response cache as one table in the application's SQLite database.
///
/// It lives in the same file as the watchlist: the store that owns the database registers these migrations
/// in its own migrator, then hands its writer here.
///
/// ```swift
/// var migrator = DatabaseMigrator()
/// SQLiteTMDbCache.registerMigrations(in: &migrator)
/// try migrator.migrate(dbQueue)
/// let cache = TMDbCache(storage: SQLiteTMDbCache(writer: dbQueue))
/// ```
public struct SQLiteTMDbCache: TMDbCacheStorage {
    /// The table that holds the responses.
    public static let tableName = "nowplaying_http_cache"

    private let writer: any DatabaseWriter
    private let reads: ReadConnections

    /// Creates the cache's storage over a database whose migrations include ``registerMigrations(in:)``.
    /// - Parameter reads: How the store that owns the file reads (``PlannerStore/reads``): a server's look-ups then
    ///   run on connections of their own. Nil: on `writer`.
    public init(writer: any DatabaseWriter, reads: ReadConnections? = nil) {
        self.writer = writer
        self.reads = reads ?? ReadConnections(writer: writer)
    }

    /// Adds the cache's migrations, all named `nowplaying-…`, to the application's migrator.
    ///
    /// Shipped migrations are never edited; a schema change is a new migration.
    public static func registerMigrations(in migrator: inout DatabaseMigrator) {
        migrator.registerMigration("nowplaying-v1-http-cache") { db in
            try db.create(table: "nowplaying_http_cache") { table in
                table.primaryKey("key", .text)
                table.column("body", .blob).notNull()
                table.column("fetchedAt", .double).notNull()
            }
        }
        // An entry's answer as a command decoded it, in a compact form, so that the next command reads that
        // instead of the body's JSON (NowPlaying's kept forms). A new body drops it.
        migrator.registerMigration("nowplaying-v2-kept-decodings") { db in
            try db.alter(table: "nowplaying_http_cache") { table in
                table.add(column: "keptForm", .text)
                table.add(column: "keptBytes", .blob)
            }
        }
    }

    /// Runs only the cache's migrations on `writer`: for a database of its own, or for tests.
    public static func migrate(_ writer: any DatabaseWriter) throws {
        var migrator = DatabaseMigrator()
        registerMigrations(in: &migrator)
        try migrator.migrate(writer)
    }

    // Reads run on the calling thread: an async read holds a pooled reader while it waits to be resumed, and with
    // every thread busy in synchronous reads of the same pool (a loaded server), neither side could go on.
    // The per-request reads use statements each connection prepares once and keeps (`cachedStatement`), rather
    // than parsing and authorizing the same SQL again on every read.

    public func entry(forKey key: String) throws -> TMDbCache.Entry? {
        try reads.statement { db -> TMDbCache.Entry? in
            guard
                let row = try Row.fetchOne(
                    db.cachedStatement(sql: "SELECT body, fetchedAt FROM nowplaying_http_cache WHERE key = ?"),
                    arguments: [key])
            else { return nil }
            let body: Data = row["body"]
            let fetchedAt: Double = row["fetchedAt"]
            return TMDbCache.Entry(body: body, fetchedAt: Date(timeIntervalSince1970: fetchedAt))
        }
    }

    public func fetchedAt(forKey key: String) throws -> Date? {
        try reads.statement { db -> Date? in
            try Double.fetchOne(
                db.cachedStatement(sql: "SELECT fetchedAt FROM nowplaying_http_cache WHERE key = ?"), arguments: [key]
            ).map { Date(timeIntervalSince1970: $0) }
        }
    }

    public func store(_ body: Data, forKey key: String, fetchedAt: Date) async throws {
        try await writer.write { db in
            try db.execute(
                sql: """
                    INSERT INTO nowplaying_http_cache (key, body, fetchedAt) VALUES (?, ?, ?)
                    ON CONFLICT(key) DO UPDATE SET body = excluded.body, fetchedAt = excluded.fetchedAt,
                        keptForm = NULL, keptBytes = NULL
                    """,
                arguments: [key, body, fetchedAt.timeIntervalSince1970])
        }
    }

    public func keptDecoding(forKey key: String, form: String) throws -> (fetchedAt: Date, bytes: [UInt8])? {
        try reads.statement { db -> (fetchedAt: Date, bytes: [UInt8])? in
            guard
                let row = try Row.fetchOne(
                    db.cachedStatement(
                        sql: "SELECT fetchedAt, keptBytes FROM nowplaying_http_cache WHERE key = ? AND keptForm = ?"),
                    arguments: [key, form]),
                let bytes = row["keptBytes"] as Data?
            else { return nil }
            let fetchedAt: Double = row["fetchedAt"]
            return (Date(timeIntervalSince1970: fetchedAt), [UInt8](bytes))
        }
    }

    public func keepDecoding(_ bytes: [UInt8], forKey key: String, form: String, fetchedAt: Date) async throws {
        try await writer.write { db in
            try db.execute(
                sql: "UPDATE nowplaying_http_cache SET keptForm = ?, keptBytes = ? WHERE key = ? AND fetchedAt = ?",
                arguments: [form, Data(bytes), key, fetchedAt.timeIntervalSince1970])
        }
    }

    public func allKeys() throws -> [String] {
        try writer.read { db in
            try String.fetchAll(db, sql: "SELECT key FROM nowplaying_http_cache ORDER BY key")
        }
    }

    public func removeEntries(fetchedBefore date: Date) async throws -> Int {
        try await writer.write { db -> Int in
            try db.execute(
                sql: "DELETE FROM nowplaying_http_cache WHERE fetchedAt < ?", arguments: [date.timeIntervalSince1970])
            return db.changesCount
        }
    }
}

extension TMDbCache {
    /// Opens (creating it if needed) a SQLite file of the cache's own, in WAL mode, and migrates it.
    ///
    /// For when no store owns the database yet; the watchlist store should rather pass its own writer.
    public static func open(fileAt url: URL) throws -> TMDbCache {
        let pool = try DatabasePool(path: url.path)
        try SQLiteTMDbCache.migrate(pool)
        return TMDbCache(storage: SQLiteTMDbCache(writer: pool))
    }

    /// An empty cache in a SQLite database in memory, migrated: for tests and one-off runs.
    public static func inMemory() throws -> TMDbCache {
        let queue = try DatabaseQueue()
        try SQLiteTMDbCache.migrate(queue)
        return TMDbCache(storage: SQLiteTMDbCache(writer: queue))
    }
}
