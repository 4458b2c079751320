import Foundation

/// The providers' response cache and the imported shows.
///
/// Two ports keep them: a ``ShowtimesCacheStorage`` for the cache (the application's SQLite file, or PostgreSQL
/// shared by several servers) and, where there is one, an ``ImportedShowStorage`` for the imported shows (the SQLite
/// file only: `planner showtimes import` writes there). The `SQLiteStore` module implements both.
///
/// ```swift
/// let tables = SQLiteShowtimesStore(writer: plannerStore.writer)
/// let store = ShowtimesStore(cache: tables, imports: tables)
/// try await store.saveImported(shows)
/// let shows = try await store.importedShows(onLocalDay: "2026-11-22")
/// ```
public struct ShowtimesStore: Sendable {
    private let cacheStorage: any ShowtimesCacheStorage
    private let importStorage: (any ImportedShowStorage)?

    /// Creates a store whose response cache is `cache`, and whose imported shows are in `imports`, if anywhere.
    ///
    /// With no `imports` (PostgreSQL), the store holds no imported shows: saving them is refused.
    public init(cache: any ShowtimesCacheStorage, imports: (any ImportedShowStorage)? = nil) {
        cacheStorage = cache
        importStorage = imports
    }

    // MARK: - Cache

    /// The body cached under `key` and when it was fetched, if any.
    /// - Throws: ``ShowtimesError/database(_:)``.
    public func cached(forKey key: String) async throws -> (body: Data, fetchedAt: Date)? {
        try guarded { try cacheStorage.cached(forKey: key) }
    }

    /// Caches `body` under `key`, replacing what was there.
    /// - Throws: ``ShowtimesError/database(_:)``.
    public func cache(_ body: Data, forKey key: String, fetchedAt: Date) async throws {
        do { try await cacheStorage.cache(body, forKey: key, fetchedAt: fetchedAt) } catch let error as ShowtimesError {
            throw error
        } catch {
            throw ShowtimesError.database(String(describing: error))
        }
    }

    // MARK: - Imported shows

    /// Stores imported shows in one transaction: a show with the same theater, title and start is replaced.
    /// - Returns: How many rows were written.
    /// - Throws: ``ShowtimesError/database(_:)``, also when this store keeps no imported shows.
    @discardableResult
    public func saveImported(_ shows: [Show]) async throws -> Int {
        guard let importStorage else {
            throw ShowtimesError.database("imported shows are kept in the SQLite file only")
        }
        do { return try await importStorage.saveImported(shows) } catch let error as ShowtimesError {
            throw error
        } catch {
            throw ShowtimesError.database(String(describing: error))
        }
    }

    /// The imported shows starting on `localDay` (`YYYY-MM-DD` in each show's zone), by start; none when this store
    /// keeps no imported shows.
    /// - Throws: ``ShowtimesError/database(_:)``.
    public func importedShows(onLocalDay localDay: String) async throws -> [Show] {
        guard let importStorage else { return [] }
        return try guarded { try importStorage.importedShows(onLocalDay: localDay) }
    }

    /// A storage failure, as the module's own error.
    private func guarded<T>(_ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch let error as ShowtimesError {
            throw error
        } catch {
            throw ShowtimesError.database(String(describing: error))
        }
    }
}

/// Where a ``ShowtimesStore`` keeps the providers' answers (a port: the `SQLiteStore` and `PostgresStore` modules
/// implement it). The calls block their thread until the database answers.
public protocol ShowtimesCacheStorage: Sendable {
    /// The body cached under `key` and when it was fetched, if any.
    func cached(forKey key: String) throws -> (body: Data, fetchedAt: Date)?
    /// Caches `body` under `key`, replacing what was there.
    func cache(_ body: Data, forKey key: String, fetchedAt: Date) async throws
}

/// Where a ``ShowtimesStore`` keeps the imported shows (a port: the `SQLiteStore` module implements it). The calls
/// block their thread until the database answers.
public protocol ImportedShowStorage: Sendable {
    /// Stores `shows` in one transaction, a show with the same theater, title and start replacing the one stored;
    /// how many rows were written.
    func saveImported(_ shows: [Show]) async throws -> Int
    /// The shows starting on `localDay` (`YYYY-MM-DD` in each show's zone), by start, then theater.
    func importedShows(onLocalDay localDay: String) throws -> [Show]
}
