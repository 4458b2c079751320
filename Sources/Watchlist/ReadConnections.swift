import Foundation
import GRDB

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
public final class ReadConnections: @unchecked Sendable {
    private let writer: any DatabaseWriter
    /// The database file; nil when the writer is the only connection (a command, memory, read-only).
    private let path: String?
    private let configuration: Configuration
    private let lock = NSLock()
    private var idle: [DatabaseQueue] = []

    /// How many idle connections are kept.
    public static let keptConnections = 16

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
        return try borrowing { try $0.unsafeRead(body) }
    }

    /// Runs `body`, which may execute several statements, in one read transaction.
    public func read<T>(_ body: (Database) throws -> T) throws -> T {
        guard path != nil else { return try writer.read(body) }
        return try borrowing { try $0.read(body) }
    }

    /// Closes the idle connections (before the writer closes, so that the last connection to close writes the
    /// log back into the file); a read after this opens one again.
    public func close() throws {
        let connections = lock.withLock {
            defer { idle.removeAll() }
            return idle
        }
        for connection in connections { try connection.close() }
    }

    /// How many connections are kept idle: for tests.
    var idleCount: Int { lock.withLock { idle.count } }

    private func borrowing<T>(_ body: (DatabaseQueue) throws -> T) throws -> T {
        let connection =
            try lock.withLock { idle.popLast() } ?? DatabaseQueue(path: path!, configuration: configuration)
        defer {
            lock.withLock {
                if idle.count < Self.keptConnections { idle.append(connection) }
            }
        }
        return try body(connection)
    }
}
