import Foundation
#if canImport(Glibc)
    import Glibc
#endif
import Logging
import NIOCore
import NIOPosix
import PostgresNIO

/// Connections to one PostgreSQL database, used synchronously: each call blocks its thread until the database
/// answers (the server's handlers run on threads of their own, and the command line on its main task).
///
/// Up to ``maximumConnections`` are open at once, made when first needed and kept; one that fails is closed and
/// the next call makes a new one. Every call names the database by ``PostgresAddress/location``, never with its
/// password.
public final class PostgresBackend: @unchecked Sendable {
    public let address: PostgresAddress
    /// How many connections may be open at once; callers past that wait for one.
    public let maximumConnections: Int

    private let group: MultiThreadedEventLoopGroup
    private let logger: Logger
    private let condition = NSCondition()
    private var idle: [PostgresConnection] = []
    private var openCount = 0
    private var nextID = 1

    /// What opening does with the schema.
    public enum SchemaCheck: Sendable {
        /// Apply the migrations this planner has and the database lacks (under an advisory lock, so that instances
        /// starting together apply each once). A newer schema is refused.
        case migrate
        /// Refuse a database that lacks a migration, or has one this planner does not know.
        case require
        /// Only connect (for `planner db migrate`, which then says what it applied).
        case none
    }

    /// Connects once (so that a wrong address or a server that is down is said at once) and checks the schema.
    /// - Throws: ``PostgresStoreError``: unreachable, a newer schema, or one that needs migrating.
    public init(address: PostgresAddress, maximumConnections: Int = 8, schema: SchemaCheck = .migrate) throws {
        self.address = address
        self.maximumConnections = max(1, maximumConnections)
        group = MultiThreadedEventLoopGroup(numberOfThreads: 1)
        var logger = Logger(label: "planner.postgres")
        logger.logLevel = .critical
        self.logger = logger
        do {
            switch schema {
            case .migrate: try PostgresMigrations.check(self, migrate: true)
            case .require: try PostgresMigrations.check(self, migrate: false)
            case .none: try query("SELECT 1")
            }
        } catch {
            close()
            throw error
        }
    }

    /// Reads `text` as an address and connects.
    public convenience init(url text: String, maximumConnections: Int = 8, schema: SchemaCheck = .migrate) throws {
        try self.init(address: PostgresAddress(text), maximumConnections: maximumConnections, schema: schema)
    }

    deinit { close() }

    /// Closes every idle connection and stops the event loop. Calls after this fail.
    public func close() {
        condition.lock()
        let connections = idle
        idle = []
        condition.unlock()
        for connection in connections {
            let closing: EventLoopFuture<Void> = connection.close()
            try? closing.wait()
        }
        try? group.syncShutdownGracefully()
    }

    /// `postgres://user@host:port/database`, for messages.
    public var location: String { address.location }

    // MARK: - Statements

    /// Runs `body` on one connection taken from the pool (made if none is idle and fewer than the maximum are open).
    public func withSession<T>(_ body: (PostgresSession) throws -> T) throws -> T {
        let connection = try take()
        var healthy = true
        defer { give(connection, healthy: healthy) }
        do {
            return try body(PostgresSession(connection: connection, logger: logger, location: location))
        } catch let error as PostgresStoreError {
            if case .unreachable = error { healthy = false }
            if connection.isClosed { healthy = false }
            throw error
        } catch {
            if connection.isClosed { healthy = false }
            throw error
        }
    }

    /// One statement; its rows.
    @discardableResult
    public func query(_ query: PostgresQuery) throws -> [PostgresRow] {
        try withSession { try $0.query(query) }
    }

    /// Runs `body` in one transaction: committed when it returns, rolled back when it throws, and run again (up to
    /// 5 times in all) when PostgreSQL breaks a deadlock or a serialization conflict by aborting it.
    public func transaction<T>(_ body: (PostgresSession) throws -> T) throws -> T {
        var attempt = 0
        while true {
            attempt += 1
            do {
                return try withSession { session in
                    try session.execute("BEGIN")
                    do {
                        let result = try body(session)
                        try session.execute("COMMIT")
                        return result
                    } catch {
                        try? session.execute("ROLLBACK")
                        throw error
                    }
                }
            } catch let error as PostgresSession.Failure {
                guard attempt < 5 else { throw PostgresStoreError.statement(location: location, reason: error.message) }
            }
        }
    }

    // MARK: - The pool

    private func take() throws -> PostgresConnection {
        condition.lock()
        while idle.isEmpty && openCount >= maximumConnections { condition.wait() }
        if let connection = idle.popLast() {
            condition.unlock()
            return connection
        }
        openCount += 1
        let id = nextID
        nextID += 1
        condition.unlock()
        do {
            return try connect(id: id)
        } catch {
            condition.lock()
            openCount -= 1
            condition.signal()
            condition.unlock()
            throw error
        }
    }

    private func give(_ connection: PostgresConnection, healthy: Bool) {
        condition.lock()
        if healthy && !connection.isClosed {
            idle.append(connection)
        } else {
            openCount -= 1
            let closing: EventLoopFuture<Void> = connection.close()
            closing.whenComplete { _ in }
        }
        condition.signal()
        condition.unlock()
    }

    private func connect(id: Int) throws -> PostgresConnection {
        let configuration = PostgresConnection.Configuration(
            host: address.host, port: address.port, username: address.username, password: address.password,
            database: address.database, tls: .disable)
        do {
            return try PostgresConnection.connect(
                on: group.next(), configuration: configuration, id: id, logger: logger
            ).wait()
        } catch {
            throw PostgresStoreError.unreachable(location: location, reason: PostgresSession.words(for: error))
        }
    }
}

/// One connection, for the statements of one call or one transaction.
public struct PostgresSession {
    let connection: PostgresConnection
    let logger: Logger
    let location: String

    /// A statement PostgreSQL aborted to break a deadlock or a serialization conflict (SQLSTATE 40P01, 40001):
    /// the transaction runs again.
    struct Failure: Error {
        let sqlState: String?
        let message: String
    }

    /// Runs one statement; its rows.
    /// - Throws: ``PostgresStoreError/statement(location:reason:)`` (or an internal `Failure` the transaction
    ///   retries on a serialization failure).
    @discardableResult
    public func query(_ query: PostgresQuery) throws -> [PostgresRow] {
        do {
            return try connection.query(query, logger: logger).wait().rows
        } catch let error as PSQLError {
            let state = error.serverInfo?[.sqlState]
            if state == "40001" || state == "40P01" { throw Failure(sqlState: state, message: Self.words(for: error)) }
            if connection.isClosed { throw PostgresStoreError.unreachable(location: location, reason: Self.words(for: error)) }
            throw PostgresStoreError.statement(location: location, reason: Self.words(for: error))
        }
    }

    /// Runs a statement that returns no rows.
    public func execute(_ query: PostgresQuery) throws { try self.query(query) }

    /// PostgreSQL's own message where it sent one ("relation … does not exist"), else the client's, in words.
    static func words(for error: any Error) -> String {
        if let error = error as? PSQLError {
            if let message = error.serverInfo?[.message] {
                let state = error.serverInfo?[.sqlState].map { " (SQLSTATE \($0))" } ?? ""
                return message + state
            }
            if let underlying = error.underlying, !(underlying is PSQLError) { return words(for: underlying) }
            switch error.code {
            case .connectionError, .serverClosedConnection, .clientClosedConnection:
                return "the connection failed or was closed"
            default: return "the database client failed (\(error.code.description))"
            }
        }
        if let error = error as? IOError { return String(cString: strerror(error.errnoCode)).lowercased() }
        if let error = error as? NIOConnectionError, let first = error.connectionErrors.first {
            return words(for: first.error)
        }
        if error is NIOCore.SocketAddressError { return "the host name could not be resolved" }
        return "the connection failed"
    }
}
