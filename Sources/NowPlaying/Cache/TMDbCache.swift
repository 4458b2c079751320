import Foundation
import Transport

/// The HTTP response cache: bodies by request key, with when each was fetched.
///
/// What keeps the entries is a ``TMDbCacheStorage``: a table in the application's SQLite file (the `SQLiteStore`
/// module), or PostgreSQL shared by several servers (the `PostgresStore` module). The cache adds the key, the
/// errors, and the asynchronous face the client calls.
///
/// ```swift
/// let cache = TMDbCache(storage: SQLiteTMDbCache(writer: plannerStore.writer))
/// try await cache.store(body, forKey: TMDbCache.key(method: "GET", path: "/movie/603", query: []), fetchedAt: Date())
/// let entry = try await cache.entry(forKey: "GET /movie/603")
/// ```
public struct TMDbCache: Sendable {
    private let storage: any TMDbCacheStorage

    /// Creates a cache over `storage`.
    public init(storage: any TMDbCacheStorage) {
        self.storage = storage
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
    /// - Throws: ``NowPlayingError/cacheFailure(_:)``.
    public func entry(forKey key: String) async throws -> Entry? {
        try wrapped { try storage.entry(forKey: key) }
    }

    /// Stores `body` under `key`, replacing what was there.
    /// - Throws: ``NowPlayingError/cacheFailure(_:)``.
    public func store(_ body: Data, forKey key: String, fetchedAt: Date) async throws {
        do { try await storage.store(body, forKey: key, fetchedAt: fetchedAt) } catch {
            throw NowPlayingError.cacheFailure(String(describing: error))
        }
    }

    /// Every key in the cache, sorted: for tests and diagnostics.
    /// - Throws: ``NowPlayingError/cacheFailure(_:)``.
    public func allKeys() async throws -> [String] {
        try wrapped { try storage.allKeys() }
    }

    /// Deletes entries fetched before `date`; returns how many went.
    /// - Throws: ``NowPlayingError/cacheFailure(_:)``.
    @discardableResult
    public func removeEntries(fetchedBefore date: Date) async throws -> Int {
        do { return try await storage.removeEntries(fetchedBefore: date) } catch {
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

    /// A storage failure, as the cache's own error.
    private func wrapped<T>(_ body: () throws -> T) throws -> T {
        do { return try body() } catch { throw NowPlayingError.cacheFailure(String(describing: error)) }
    }
}

/// Where a ``TMDbCache`` keeps its entries (a port: the `SQLiteStore` and `PostgresStore` modules implement it).
///
/// The calls block their thread until the database answers. A SQLite implementation reads on the calling thread:
/// an async read would hold a pooled reader while it waits to be resumed, and with every thread busy in synchronous
/// reads of the same pool (a loaded server), neither side could go on.
public protocol TMDbCacheStorage: Sendable {
    /// The entry stored under `key`, if any.
    func entry(forKey key: String) throws -> TMDbCache.Entry?
    /// Stores `body` under `key`, replacing what was there.
    func store(_ body: Data, forKey key: String, fetchedAt: Date) async throws
    /// Every key, sorted.
    func allKeys() throws -> [String]
    /// Deletes entries fetched before `date`; how many went.
    func removeEntries(fetchedBefore date: Date) async throws -> Int
}
