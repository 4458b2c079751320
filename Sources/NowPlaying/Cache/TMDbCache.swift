import Basics
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
    /// The answers decoded from this cache's rows, shared by its copies (``DecodedAnswers``).
    let answers: DecodedAnswers
    /// The entries' stamps read or written in the last `recentReadSeconds`, found or not (none kept when zero).
    private let recent: RecentReads<String, Date?>

    /// Creates a cache over `storage`. Its copies share the answers it decodes: keep one for as long as the
    /// storage is open (a server's, for every request).
    /// - Parameter recentReadSeconds: How long an entry's stamp, once read (or found missing), is used without
    ///   reading it again (a server's many requests a second); another process's write is seen when it ends.
    ///   Zero (a command's): every look reads.
    public init(storage: any TMDbCacheStorage, recentReadSeconds: Double = 0) {
        self.storage = storage
        answers = DecodedAnswers()
        recent = RecentReads(windowSeconds: recentReadSeconds)
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
        let entry = try wrapped { try storage.entry(forKey: key) }
        recent.keep(entry?.fetchedAt, forKey: key)
        return entry
    }

    /// When the entry under `key` was fetched, if there is one: its body is not read.
    /// - Throws: ``NowPlayingError/cacheFailure(_:)``.
    public func fetchedAt(forKey key: String) async throws -> Date? {
        if let known = recent.value(forKey: key) { return known }
        let stamp = try wrapped { try storage.fetchedAt(forKey: key) }
        recent.keep(stamp, forKey: key)
        return stamp
    }

    /// Stores `body` under `key`, replacing what was there.
    /// - Throws: ``NowPlayingError/cacheFailure(_:)``.
    public func store(_ body: Data, forKey key: String, fetchedAt: Date) async throws {
        defer { answers.forget(key: key) }
        recent.forget(key)
        do { try await storage.store(body, forKey: key, fetchedAt: fetchedAt) } catch {
            throw NowPlayingError.cacheFailure(String(describing: error))
        }
        recent.keep(Self.asStored(fetchedAt), forKey: key)
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
        defer { answers.forgetAll() }
        recent.forgetAll()
        do { return try await storage.removeEntries(fetchedBefore: date) } catch {
            throw NowPlayingError.cacheFailure(String(describing: error))
        }
    }

    /// The cache key of a request: method, path and sorted query, with every secret parameter left out.
    public static func key(method: String, path: String, query: [URLQueryItem]) -> String {
        var kept: [String] = []
        kept.reserveCapacity(query.count)
        for item in query where !URLRedaction.secretParameterNames.contains(item.name.lowercased()) {
            kept.append(item.name + "=" + (item.value ?? ""))
        }
        kept.sort()
        return kept.isEmpty ? method + " " + path : method + " " + path + "?" + kept.joined(separator: "&")
    }

    /// What the cache holds under a key: when it was fetched, and its body, or the answer decoded from that same
    /// row before (then the body is not read).
    struct Held<Value: Sendable>: Sendable {
        var fetchedAt: Date
        var body: Data?
        var decoded: Value?
    }

    /// The entry under `key`: the answer of type `Value` decoded from it before when its `fetchedAt` is still the
    /// kept answer's (one look at the date alone), else its body. Nil when there is no entry.
    /// - Throws: ``NowPlayingError/cacheFailure(_:)``.
    /// With `form`, an answer an earlier process kept in that form is read back before the body is.
    func held<Value: Sendable>(
        forKey key: String, as type: Value.Type, form: KeptForm<Value>? = nil
    ) async throws -> Held<Value>? {
        if let kept = answers.answer(forKey: key, as: Value.self) {
            guard let stamp = try await fetchedAt(forKey: key) else {
                answers.forget(key: key)
                return nil
            }
            if stamp == kept.fetchedAt { return Held(fetchedAt: stamp, body: nil, decoded: kept.value) }
        }
        // Kept bytes that cannot be read are as good as none: the body is decoded again, and kept again.
        if let form, let kept = try wrapped({ try storage.keptDecoding(forKey: key, form: form.name) }),
            let value = form.decode(kept.bytes)
        {
            recent.keep(kept.fetchedAt, forKey: key)
            answers.keep(value, forKey: key, fetchedAt: kept.fetchedAt)
            return Held(fetchedAt: kept.fetchedAt, body: nil, decoded: value)
        }
        return try await entry(forKey: key).map { Held(fetchedAt: $0.fetchedAt, body: $0.body, decoded: nil) }
    }

    /// Keeps `value`, decoded from the entry under `key` fetched at `fetchedAt`, in `form` for the next process.
    /// A failure costs only that: the next process decodes the body.
    func keep<Value>(_ value: Value, forKey key: String, fetchedAt: Date, form: KeptForm<Value>) async {
        guard let bytes = form.encode(value) else { return }
        try? await storage.keepDecoding(bytes, forKey: key, form: form.name, fetchedAt: fetchedAt)
    }

    /// The date a stored `fetchedAt` reads back as: the storages keep seconds since 1970 as a double.
    static func asStored(_ date: Date) -> Date { Date(timeIntervalSince1970: date.timeIntervalSince1970) }

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
    /// When the entry under `key` was fetched, if there is one, without reading its body: the client asks this
    /// before using an answer it decoded from that entry earlier.
    func fetchedAt(forKey key: String) throws -> Date?
    /// Stores `body` under `key`, replacing what was there.
    func store(_ body: Data, forKey key: String, fetchedAt: Date) async throws
    /// Every key, sorted.
    func allKeys() throws -> [String]
    /// Deletes entries fetched before `date`; how many went.
    func removeEntries(fetchedBefore date: Date) async throws -> Int
    /// The bytes kept for the entry under `key` in the form named `form` (``KeptForm``), with the entry's
    /// `fetchedAt`, if that entry has them: its body is not read.
    func keptDecoding(forKey key: String, form: String) throws -> (fetchedAt: Date, bytes: [UInt8])?
    /// Keeps `bytes`, the entry's answer in the form named `form`, with the entry under `key` while it is still the
    /// one fetched at `fetchedAt`; storing a new body drops them.
    func keepDecoding(_ bytes: [UInt8], forKey key: String, form: String, fetchedAt: Date) async throws
}

extension TMDbCacheStorage {
    /// Reads the whole entry; a storage that can read the date alone should.
    public func fetchedAt(forKey key: String) throws -> Date? { try entry(forKey: key)?.fetchedAt }
    /// Keeps none: a storage shared by servers, which keep their answers in memory.
    public func keptDecoding(forKey key: String, form: String) throws -> (fetchedAt: Date, bytes: [UInt8])? { nil }
    public func keepDecoding(_ bytes: [UInt8], forKey key: String, form: String, fetchedAt: Date) async throws {}
}
