import Basics
import Foundation
import Synchronization

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
    private let keptStorage: (any KeptDecodingStorage)?
    /// The decoded cached answers of this store (its copies share them): a server makes its store once, so they
    /// serve every request.
    let memo = ShowtimesCacheMemo()
    /// The rows' stamps read in the last `recentReadSeconds` (none kept when zero).
    private let recentStamps: RecentReads<ExactText, ShowtimesCacheStamp?>
    /// The imported shows of the day ranges read in the last `recentReadSeconds`, by "first...last".
    private let recentImports: RecentReads<String, [String: [Show]]>
    /// How many writes this store and its copies have made (``writeCount``).
    private let writes = WriteCount()

    /// Creates a store whose response cache is `cache`, and whose imported shows are in `imports`, if anywhere.
    ///
    /// With no `imports` (PostgreSQL), the store holds no imported shows: saving them is refused.
    /// - Parameter kept: Where decoded answers are kept for the next process (``KeptDecodingStorage``), if anywhere.
    /// - Parameter recentReadSeconds: How long a row's stamp, or a range of days' imported shows, once read, is used
    ///   without reading it again (a server's many requests a second); another process's write is seen when it
    ///   ends. Zero (a command's): every look reads.
    public init(
        cache: any ShowtimesCacheStorage, imports: (any ImportedShowStorage)? = nil,
        kept: (any KeptDecodingStorage)? = nil, recentReadSeconds: Double = 0
    ) {
        cacheStorage = cache
        importStorage = imports
        keptStorage = kept
        recentStamps = RecentReads(windowSeconds: recentReadSeconds, capacity: 4 * ShowtimesCacheMemo.capacity)
        recentImports = RecentReads(windowSeconds: recentReadSeconds, capacity: 64)
    }

    /// How many writes this store and its copies have made, each counted once it has ended. What a use case works
    /// out from the store's rows and keeps for a while (suggest's week of shows) is kept under this count, read
    /// before the rows: so it is never used past one of this process's own writes. Another process's writes are
    /// seen as the store's own reads see them, within `recentReadSeconds`.
    public var writeCount: UInt64 { writes.count.load(ordering: .acquiring) }

    // MARK: - Cache

    /// The body cached under `key` and when it was fetched, if any.
    /// - Throws: ``ShowtimesError/database(_:)``.
    public func cached(forKey key: String) async throws -> (body: Data, fetchedAt: Date)? {
        let row = try guarded { try cacheStorage.cached(forKey: key) }
        let stamp = row.map { ShowtimesCacheStamp(fetchedAt: $0.fetchedAt, byteCount: $0.body.count) }
        recentStamps.keep(stamp, forKey: ExactText(key))
        return row
    }

    /// When the answer cached under `key` was fetched and its size, without reading it; nil when none is.
    /// - Throws: ``ShowtimesError/database(_:)``.
    public func cacheStamp(forKey key: String) async throws -> ShowtimesCacheStamp? {
        let exact = ExactText(key)
        if let recent = recentStamps.value(forKey: exact) { return recent }
        let stamp = try guarded { try cacheStorage.cacheStamp(forKey: key) }
        recentStamps.keep(stamp, forKey: exact)
        return stamp
    }

    /// Caches `body` under `key`, replacing what was there.
    /// - Throws: ``ShowtimesError/database(_:)``.
    public func cache(_ body: Data, forKey key: String, fetchedAt: Date) async throws {
        // Dropped before and after the write: a reader between the two may keep the old row's decoding.
        memo.forget(cacheKey: key)
        recentStamps.forget(ExactText(key))
        defer {
            memo.forget(cacheKey: key)
            recentStamps.forget(ExactText(key))
            writes.count.add(1, ordering: .releasing)
        }
        do { try await cacheStorage.cache(body, forKey: key, fetchedAt: fetchedAt) } catch let error as ShowtimesError {
            throw error
        } catch {
            throw ShowtimesError.database(String(describing: error))
        }
    }

    /// The value `decode` makes of `cached` (a row of `key`), decoded once per version of the row: `decoder` names
    /// the decoding and all it depends on besides the body. A failure is not kept, so it is met again next time.
    func decoded<T: Sendable>(
        _ cached: (body: Data, fetchedAt: Date), forKey key: String, decoder: String, _ decode: (Data) throws -> T
    ) rethrows -> T {
        let stamp = ShowtimesCacheStamp(fetchedAt: cached.fetchedAt, byteCount: cached.body.count)
        if let kept = memo.value(forKey: key, decoder: decoder, stamp: stamp, as: T.self) { return kept }
        let value = try decode(cached.body)
        memo.keep(value, forKey: key, decoder: decoder, stamp: stamp)
        return value
    }

    /// The value kept for the row `stamp` of `key` by `decoder`, if any: a cached answer used again without
    /// reading its body. With `form`, also what an earlier process kept in that form (then kept in memory too).
    func decoded<T: Sendable>(
        forKey key: String, decoder: String, stamp: ShowtimesCacheStamp, as type: T.Type, form: KeptForm<T>? = nil
    ) -> T? {
        if let value = memo.value(forKey: key, decoder: decoder, stamp: stamp, as: type) { return value }
        // A kept decoding that cannot be read is as good as none: the body is parsed again, and its decoding kept.
        guard let form, let keptStorage,
            let bytes = try? keptStorage.keptDecoding(forKey: key, form: form.name, stamp: stamp),
            let value = form.decode(bytes)
        else { return nil }
        memo.keep(value, forKey: key, decoder: decoder, stamp: stamp)
        return value
    }

    /// The value `decode` makes of `cached` (a row of `key`): kept in memory, else as an earlier process kept it in
    /// `form`; decoded only when neither has it, and then kept in both.
    func decoded<T: Sendable>(
        _ cached: (body: Data, fetchedAt: Date), forKey key: String, decoder: String, form: KeptForm<T>,
        _ decode: (Data) throws -> T
    ) async rethrows -> T {
        let stamp = ShowtimesCacheStamp(fetchedAt: cached.fetchedAt, byteCount: cached.body.count)
        if let kept = decoded(forKey: key, decoder: decoder, stamp: stamp, as: T.self, form: form) { return kept }
        let value = try decode(cached.body)
        memo.keep(value, forKey: key, decoder: decoder, stamp: stamp)
        await keep(value, forKey: key, stamp: stamp, form: form)
        return value
    }

    /// Keeps `value`, decoded from the row `stamp` of `key`, in `form` for the next process. A failure to keep it
    /// costs only the next process a parse, so it is not reported.
    func keep<T: Sendable>(_ value: T, forKey key: String, stamp: ShowtimesCacheStamp, form: KeptForm<T>) async {
        guard let keptStorage, let bytes = form.encode(value) else { return }
        try? await keptStorage.keepDecoding(bytes, forKey: key, form: form.name, stamp: stamp)
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
        defer {
            recentImports.forgetAll()
            writes.count.add(1, ordering: .releasing)
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

    /// The imported shows starting on any day from `first` through `last` (`YYYY-MM-DD`), by day, each day's as
    /// ``importedShows(onLocalDay:)`` gives them; a day on which none start is not a key. Empty when this store keeps
    /// no imported shows.
    /// - Throws: ``ShowtimesError/database(_:)``.
    public func importedShows(fromLocalDay first: String, throughLocalDay last: String) async throws -> [String: [Show]] {
        guard let importStorage else { return [:] }
        let range = first + "..." + last
        if let known = recentImports.value(forKey: range) { return known }
        let shows = try guarded { try importStorage.importedShows(fromLocalDay: first, throughLocalDay: last) }
        recentImports.keep(shows, forKey: range)
        return shows
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
    /// When the body cached under `key` was fetched and its size in bytes, if one is: what tells whether a decoded
    /// copy is still the row's, without reading the body. `byteCount` must be the `body.count` that
    /// ``cached(forKey:)`` would give.
    func cacheStamp(forKey key: String) throws -> ShowtimesCacheStamp?
    /// Caches `body` under `key`, replacing what was there.
    func cache(_ body: Data, forKey key: String, fetchedAt: Date) async throws
}

extension ShowtimesCacheStorage {
    /// Reads the whole row: for a storage that has no cheaper way (a test's in memory).
    public func cacheStamp(forKey key: String) throws -> ShowtimesCacheStamp? {
        try cached(forKey: key).map { ShowtimesCacheStamp(fetchedAt: $0.fetchedAt, byteCount: $0.body.count) }
    }
}

/// Where a ``ShowtimesStore`` keeps the imported shows (a port: the `SQLiteStore` module implements it). The calls
/// block their thread until the database answers.
public protocol ImportedShowStorage: Sendable {
    /// Stores `shows` in one transaction, a show with the same theater, title and start replacing the one stored;
    /// how many rows were written.
    func saveImported(_ shows: [Show]) async throws -> Int
    /// The shows starting on `localDay` (`YYYY-MM-DD` in each show's zone), by start, then theater.
    func importedShows(onLocalDay localDay: String) throws -> [Show]
    /// The shows starting on any day from `first` through `last` (`YYYY-MM-DD`), by their stored day, each day's by
    /// start, then theater: a week's in one read.
    func importedShows(fromLocalDay first: String, throughLocalDay last: String) throws -> [String: [Show]]
}

/// A count of writes, shared by a store's copies.
private final class WriteCount: Sendable {
    let count = Atomic<UInt64>(0)
}
