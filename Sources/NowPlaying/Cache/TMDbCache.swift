import Foundation
import GRDB
import Transport

/// The HTTP response cache, one table in the application's SQLite database.
///
/// It lives in the same file as the watchlist: the store that owns the database registers these migrations
/// in its own migrator, then hands its writer here.
///
/// ```swift
/// var migrator = DatabaseMigrator()
/// TMDbCache.registerMigrations(in: &migrator)
/// try migrator.migrate(dbQueue)
/// let cache = TMDbCache(writer: dbQueue)
/// ```
public struct TMDbCache: Sendable {
    /// The table that holds the responses.
    public static let tableName = "nowplaying_http_cache"

    private let writer: (any DatabaseWriter)?
    private let backend: (any TMDbCacheBackend)?

    /// Creates a cache over a database whose migrations include ``registerMigrations(in:)``.
    public init(writer: any DatabaseWriter) {
        self.writer = writer
        backend = nil
    }

    /// Creates a cache kept elsewhere (PostgreSQL, shared by several servers).
    public init(backend: any TMDbCacheBackend) {
        writer = nil
        self.backend = backend
    }

    /// Adds this module's migrations, all named `nowplaying-…`, to the application's migrator.
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
    }

    /// Runs only this module's migrations on `writer`: for a database of its own, or for tests.
    public static func migrate(_ writer: any DatabaseWriter) throws {
        var migrator = DatabaseMigrator()
        registerMigrations(in: &migrator)
        try migrator.migrate(writer)
    }

    /// Opens (creating it if needed) a database file of the cache's own, in WAL mode, and migrates it.
    ///
    /// For when no store owns the database yet; the watchlist store should rather pass its own writer.
    public static func open(fileAt url: URL) throws -> TMDbCache {
        let pool = try DatabasePool(path: url.path)
        try migrate(pool)
        return TMDbCache(writer: pool)
    }

    /// An empty cache in memory, migrated: for tests and one-off runs.
    public static func inMemory() throws -> TMDbCache {
        let queue = try DatabaseQueue()
        try migrate(queue)
        return TMDbCache(writer: queue)
    }

    /// One cached response body and when it was fetched.
    public struct Entry: Sendable, Equatable {
        /// The response body as it came.
        public var body: Data
        /// When it was fetched.
        public var fetchedAt: Date

        /// Creates an entry.
        public init(body: Data, fetchedAt: Date) {
            self.body = body
            self.fetchedAt = fetchedAt
        }
    }

    /// The entry stored under `key`, if any.
    public func entry(forKey key: String) async throws -> Entry? {
        if let backend { return try wrapped { try backend.entry(forKey: key) } }
        do {
            return try readNow { db in
                guard
                    let row = try Row.fetchOne(
                        db, sql: "SELECT body, fetchedAt FROM nowplaying_http_cache WHERE key = ?", arguments: [key])
                else { return nil }
                let body: Data = row["body"]
                let fetchedAt: Double = row["fetchedAt"]
                return Entry(body: body, fetchedAt: Date(timeIntervalSince1970: fetchedAt))
            }
        } catch {
            throw NowPlayingError.cacheFailure(String(describing: error))
        }
    }

    /// Stores `body` under `key`, replacing what was there.
    public func store(_ body: Data, forKey key: String, fetchedAt: Date) async throws {
        if let backend { return try wrapped { try backend.store(body, forKey: key, fetchedAt: fetchedAt) } }
        guard let writer else { return }
        do {
            try await writer.write { db in
                try db.execute(
                    sql: """
                        INSERT INTO nowplaying_http_cache (key, body, fetchedAt) VALUES (?, ?, ?)
                        ON CONFLICT(key) DO UPDATE SET body = excluded.body, fetchedAt = excluded.fetchedAt
                        """,
                    arguments: [key, body, fetchedAt.timeIntervalSince1970])
            }
        } catch {
            throw NowPlayingError.cacheFailure(String(describing: error))
        }
    }

    /// Every key in the cache, sorted: for tests and diagnostics.
    public func allKeys() async throws -> [String] {
        if let backend { return try wrapped { try backend.allKeys() } }
        do {
            return try readNow { db in
                try String.fetchAll(db, sql: "SELECT key FROM nowplaying_http_cache ORDER BY key")
            }
        } catch {
            throw NowPlayingError.cacheFailure(String(describing: error))
        }
    }

    /// Deletes entries fetched before `date`; returns how many went.
    @discardableResult
    public func removeEntries(fetchedBefore date: Date) async throws -> Int {
        if let backend { return try wrapped { try backend.removeEntries(fetchedBefore: date) } }
        guard let writer else { return 0 }
        do {
            return try await writer.write { db in
                try db.execute(
                    sql: "DELETE FROM nowplaying_http_cache WHERE fetchedAt < ?",
                    arguments: [date.timeIntervalSince1970])
                return db.changesCount
            }
        } catch {
            throw NowPlayingError.cacheFailure(String(describing: error))
        }
    }

    /// The cache key of a request: method, path and sorted query, with every secret parameter left out.
    public static func key(method: String, path: String, query: [URLQueryItem]) -> String {
        let kept = query
            .filter { !URLRedaction.secretParameterNames.contains($0.name.lowercased()) }
            .map { "\($0.name)=\($0.value ?? "")" }
            .sorted()
        return kept.isEmpty ? "\(method) \(path)" : "\(method) \(path)?\(kept.joined(separator: "&"))"
    }
}

extension TMDbCache {
    /// A read on the calling thread. An async read holds a pooled reader while it waits to be resumed: with every
    /// thread busy in synchronous reads of the same pool (a loaded server), neither side could go on.
    private func readNow<T>(_ body: (Database) throws -> T) throws -> T {
        guard let writer else { throw NowPlayingError.cacheFailure("no cache database") }
        return try writer.read(body)
    }

    /// A back end's failure, as the cache's own error.
    private func wrapped<T>(_ body: () throws -> T) throws -> T {
        do { return try body() } catch { throw NowPlayingError.cacheFailure(String(describing: error)) }
    }
}

/// Where a ``TMDbCache`` keeps its entries when not in the SQLite file: the calls block until stored.
public protocol TMDbCacheBackend: Sendable {
    /// The entry stored under `key`, if any.
    func entry(forKey key: String) throws -> TMDbCache.Entry?
    /// Stores `body` under `key`, replacing what was there.
    func store(_ body: Data, forKey key: String, fetchedAt: Date) throws
    /// Every key, sorted.
    func allKeys() throws -> [String]
    /// Deletes entries fetched before `date`; how many went.
    func removeEntries(fetchedBefore date: Date) throws -> Int
}
