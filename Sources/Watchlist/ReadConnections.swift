import Foundation
import GRDB
import Synchronization

/// How the store and the caches beside it read: for a server's pool, on read-only connections of their own, lent
/// to one read at a time; for a command's single connection, on that connection.
///
/// A read through GRDB's `DatabasePool` takes a reader from its pool, begins a transaction, asks SQLite for the
/// schema's version and commits: four statements and the pool's bookkeeping around the one a cache look-up needs,
/// which made the reads the largest part of a server's work on the routes that read a week of showtimes
/// (BENCHMARKS.md, #30). Here a read that is one statement runs as that statement alone (SQLite makes each
/// statement atomic), and a read of several statements runs in one transaction; either on a connection taken from
/// an array under a lock.
///
/// The connections are opened read-only, with the writer's busy timeout, as they are first needed; at most
/// ``keptConnections`` are kept (as many as the server has handler threads), and one more that a burst needed is
/// closed after its read. A connection sees every transaction committed before its read began, in this process or
/// another (WAL), as the pool's readers do.
///
/// A read that requests repeat (a user's watchlist, a film's releases: ``remembered(_:rows:_:)``) is kept on the
/// connection that made it for as long as SQLite's `PRAGMA data_version` on that connection stays the same, that is
/// until any other connection, in this process or another, commits to the file.
public final class ReadConnections: @unchecked Sendable {
    private let writer: any DatabaseWriter
    /// The database file; nil when the writer is the only connection (a command, memory, read-only).
    private let path: String?
    private let configuration: Configuration
    private let lock = NSLock()
    private var idle: [Connection] = []
    /// How many remembered reads were answered from a connection's memory: for tests.
    private let rememberedAnswers = Atomic<Int>(0)

    /// How many idle connections are kept.
    public static let keptConnections = 16
    /// How many rows a connection remembers at most, over all its reads (a read of more is not remembered): a few
    /// thousand users' watchlists in a few megabytes over ``keptConnections`` connections.
    public static let rememberedRowsPerConnection = 2_000

    /// A read-only connection and the reads it remembers, lent to one read at a time.
    private final class Connection {
        let queue: DatabaseQueue
        /// The `data_version` the remembered reads were made at.
        var version: Int64?
        /// Keyed by the store's own reads, not `AnyHashable`: a first `AnyHashable` of a type checks at run time
        /// whether it has a custom representation, a scan of every protocol conformance in the binary.
        var remembered: [RememberedRead: Any] = [:]
        var rememberedRows = 0

        init(_ queue: DatabaseQueue) { self.queue = queue }

        /// Forgets every remembered read.
        func forgetAll() {
            remembered.removeAll(keepingCapacity: true)
            rememberedRows = 0
        }
    }

    /// Reads on `writer` itself (a single connection, or a database another type owns).
    public convenience init(writer: any DatabaseWriter) {
        self.init(writer: writer, path: nil, busyTimeoutSeconds: PlannerStore.busyTimeoutSeconds)
    }

    /// Reads of `writer`; with `path`, on read-only connections to that file.
    init(writer: any DatabaseWriter, path: String?, busyTimeoutSeconds: TimeInterval) {
        self.writer = writer
        self.path = path
        var configuration = Configuration()
        configuration.readonly = true
        configuration.busyMode = .timeout(busyTimeoutSeconds)
        self.configuration = configuration
    }

    /// Runs `body`, which executes one statement, outside any transaction.
    public func statement<T>(_ body: (Database) throws -> T) throws -> T {
        guard path != nil else { return try writer.unsafeRead(body) }
        return try borrowing { try $0.queue.unsafeRead(body) }
    }

    /// Runs `body`, which executes one statement and returns `rows` rows, or answers what it returned last time on
    /// the same connection under the same `key`, when no other connection has committed since. A command's single
    /// connection runs `body` every time.
    func remembered<T>(
        _ key: RememberedRead, rows: (T) -> Int = { _ in 1 }, _ body: (Database) throws -> T
    ) throws -> T {
        guard path != nil else { return try writer.unsafeRead(body) }
        return try borrowing { connection in
            try connection.queue.unsafeRead { db in
                let version = try Int64.fetchOne(db.cachedStatement(sql: "PRAGMA data_version"))
                if version != connection.version {
                    connection.forgetAll()
                    connection.version = version
                } else if let entry = connection.remembered[key], let kept = entry as? T {
                    // (Not `remembered[key] as? T`: for an optional T, a missing entry would cast to nil.)
                    rememberedAnswers.add(1, ordering: .relaxed)
                    return kept
                }
                let value = try body(db)
                let count = max(1, rows(value))
                if count <= Self.rememberedRowsPerConnection {
                    if connection.rememberedRows + count > Self.rememberedRowsPerConnection { connection.forgetAll() }
                    connection.remembered[key] = value
                    connection.rememberedRows += count
                }
                return value
            }
        }
    }

    /// Runs `body`, which may execute several statements, in one read transaction.
    public func read<T>(_ body: (Database) throws -> T) throws -> T {
        guard path != nil else { return try writer.read(body) }
        return try borrowing { try $0.queue.read(body) }
    }

    /// Closes the idle connections (before the writer closes, so that the last connection to close writes the
    /// log back into the file); a read after this opens one again.
    public func close() throws {
        let connections = lock.withLock {
            defer { idle.removeAll() }
            return idle
        }
        for connection in connections { try connection.queue.close() }
    }

    /// How many connections are kept idle: for tests.
    var idleCount: Int { lock.withLock { idle.count } }

    /// How many remembered reads were answered without reading: for tests.
    var rememberedAnswerCount: Int { rememberedAnswers.load(ordering: .relaxed) }

    private func borrowing<T>(_ body: (Connection) throws -> T) throws -> T {
        let connection =
            try lock.withLock { idle.popLast() } ?? Connection(DatabaseQueue(path: path!, configuration: configuration))
        defer {
            lock.withLock {
                if idle.count < Self.keptConnections { idle.append(connection) }
            }
        }
        return try body(connection)
    }
}
