import Foundation
import GRDB
import GRDBSQLite

/// The one type that owns planner's SQLite database: films, the watchlist, favorites, ratings and reviews.
///
/// Other modules keep their tables in the same file: they pass their migrations to `init` and use ``writer``.
///
/// ```swift
/// let store = try PlannerStore(path: PlannerStore.defaultPath(environment: env))
/// try store.add(Film(id: 603, title: "The Matrix", year: 1999), to: .watchlist)
/// let films = try store.list(.watchlist, query: ListQuery(sort: .title))
/// ```
public final class PlannerStore: Sendable {
    /// A function that registers one module's migrations, applied after the store's own.
    public typealias MigrationRegistration = @Sendable (inout DatabaseMigrator) -> Void

    /// The connection pool (a `DatabasePool` in WAL mode for files, a `DatabaseQueue` in memory or read-only),
    /// for modules that keep their own tables in this database.
    public let writer: any DatabaseWriter
    /// How this store and the caches beside it read (``ReadConnections``): a server's on connections of their own.
    public let reads: ReadConnections
    /// The database path, or `":memory:"` for an in-memory store.
    public let path: String
    /// True when the store was opened read-only: every mutating method throws ``WatchlistError/readOnly(path:)``.
    public let isReadOnly: Bool
    /// Whose lists and diary this store reads and changes: ``localUserID`` for the command line, a
    /// ``UserAccount``'s id for the server. Films and release dates are shared by everyone.
    public let userID: Int64

    /// The command line's own user, created by the migration that introduced users.
    public static let localUserID: Int64 = 1

    /// How long a writer waits for another connection's write to finish before failing, in seconds.
    public static let busyTimeoutSeconds: TimeInterval = 10

    /// Opens (creating if needed) the database at `path` and applies every migration.
    ///
    /// Before anything is written the file is checked: a file that is not SQLite, a schema newer than this
    /// program, or a read-only file or folder each throw one error and leave the file's bytes unchanged.
    ///
    /// Running as root, a file with mode 0444 still passes `access(2)`: pass `readOnly: true` to be sure
    /// nothing is written.
    ///
    /// - Parameters:
    ///   - path: The database file; its parent folders are created.
    ///   - readOnly: Open without migrating and refuse every change.
    ///   - migrations: Other modules' migrations, applied after the store's own. Pass the same list every time
    ///     the file is opened: an applied migration missing from the list reads as a newer schema.
    ///   - concurrentReads: Open a pool whose reads run beside its writes on connections of their own (a server),
    ///     or, when false, one connection for everything, in the same WAL mode (a command that reads and writes in
    ///     turn: one connection fewer to open).
    /// - Throws: ``WatchlistError``.
    public init(
        path: String, readOnly: Bool = false, migrations: [MigrationRegistration] = [], concurrentReads: Bool = true
    ) throws {
        let migrator = Self.migrator(with: migrations)
        let checked = try Self.checkBeforeOpening(
            path: path, readOnly: readOnly, migrator: migrator, onConnection: !readOnly && !concurrentReads)
        var configuration = Configuration()
        configuration.busyMode = .timeout(Self.busyTimeoutSeconds)
        configuration.readonly = readOnly
        if !readOnly { configuration.prepareDatabase { try Self.keepWALFile($0) } }
        do {
            if readOnly {
                writer = try DatabaseQueue(path: path, configuration: configuration)
                let complete = try writer.read { try migrator.hasCompletedMigrations($0) }
                guard complete else { throw WatchlistError.needsMigration(path: path) }
            } else if concurrentReads {
                writer = try Self.openPool(path: path, configuration: configuration)
                // The check found every migration applied: running the migrator again would only read its table.
                if !checked.isMigrated { try Self.migrate(writer, with: migrator) }
            } else {
                // A kept -wal file is cut to nothing when this connection closes last (SQLite applies any
                // journal_size_limit to a kept WAL at close). Left at its size, its frames, all written back, still
                // read as valid, so each open read them all again to rebuild the WAL index, and the file only grew
                // (1.5 MB after a few hundred searches). Pools keep theirs as it is: GRDB writes a table and drops it
                // to refill an empty one (below), which costs a pool's open more than reading the frames.
                configuration.prepareDatabase { try $0.execute(sql: "PRAGMA journal_size_limit = 0") }
                if checked.isInWALMode {
                    // The file keeps its WAL mode: asking GRDB for it again would have it make that table whenever
                    // the -wal file is empty. What GRDB's set-up adds is the synchronous level it sets for WAL.
                    configuration.prepareDatabase { try $0.execute(sql: "PRAGMA synchronous = NORMAL") }
                } else {
                    configuration.journalMode = .wal
                }
                let (queue, isMigrated) = try Self.openOneConnection(
                    path: path, configuration: configuration, checked: checked, migrator: migrator)
                writer = queue
                if !isMigrated { try Self.migrate(writer, with: migrator) }
            }
        } catch {
            throw WatchlistError.translating(error, path: path)
        }
        // A pool's reads get connections of their own; a single connection reads for itself.
        reads = ReadConnections(
            writer: writer, path: writer is DatabasePool ? path : nil, busyTimeoutSeconds: Self.busyTimeoutSeconds)
        self.path = path
        self.isReadOnly = readOnly
        userID = Self.localUserID
    }

    private init(sharing store: PlannerStore, userID: Int64) {
        writer = store.writer
        reads = store.reads
        path = store.path
        isReadOnly = store.isReadOnly
        self.userID = userID
    }

    /// The same database, seen as `userID`'s: lists, ratings, reviews and stats are that user's alone.
    public func scoped(to userID: Int64) -> PlannerStore {
        PlannerStore(sharing: self, userID: userID)
    }

    /// Opens a fresh in-memory store, for tests and previews.
    public init(inMemoryWithMigrations migrations: [MigrationRegistration] = []) throws {
        var configuration = Configuration()
        configuration.busyMode = .timeout(Self.busyTimeoutSeconds)
        writer = try DatabaseQueue(configuration: configuration)
        reads = ReadConnections(writer: writer, path: nil, busyTimeoutSeconds: Self.busyTimeoutSeconds)
        path = ":memory:"
        isReadOnly = false
        userID = Self.localUserID
        try Self.migrate(writer, with: Self.migrator(with: migrations))
    }

    /// Keeps the -wal file when the last connection closes (SQLITE_FCNTL_PERSIST_WAL; SQLite still writes its pages
    /// back into the database first, so the database file alone holds everything). Without it, every command that
    /// opens the database finds no -wal file, and GRDB writes a table and drops it to make one (a write transaction
    /// and two syncs), and SQLite deletes it again when it closes.
    private static func keepWALFile(_ db: Database) throws {
        var keep: CInt = 1
        let code = sqlite3_file_control(db.sqliteConnection, nil, SQLITE_FCNTL_PERSIST_WAL, &keep)
        guard code == SQLITE_OK else { throw DatabaseError(resultCode: ResultCode(rawValue: code)) }
    }

    /// Opens the file as a WAL pool, trying again while another process holds it: switching a new file to WAL
    /// needs it alone, and SQLite refuses that at once (without its busy timeout) while another process reads it.
    private static func openPool(path: String, configuration: Configuration) throws -> DatabasePool {
        try retrying(until: .now + .seconds(busyTimeoutSeconds)) {
            try DatabasePool(path: path, configuration: configuration)
        }
    }

    /// Runs the migrator, trying again while another process migrating the same file holds it busy.
    private static func migrate(_ writer: any DatabaseWriter, with migrator: DatabaseMigrator) throws {
        // Two processes opening a new file at once both migrate it: each migration is its own transaction, and one
        // that read the schema while the other wrote is refused as busy (SQLite does not wait on a lock upgrade,
        // which could deadlock). Trying again sees the other's migrations applied and goes on from there.
        // Or it read the list of applied migrations just before the other committed one, and then finds the
        // other's table already there.
        // It keeps trying for as long as a writer waits for a lock (`busyTimeoutSeconds`), and once more after
        // any other failure.
        let deadline = ContinuousClock.now + .seconds(busyTimeoutSeconds)
        do {
            try retrying(until: deadline, when: isRaceWithAnotherMigrator) { try migrator.migrate(writer) }
        } catch {
            try retrying(until: deadline, when: isRaceWithAnotherMigrator) { try migrator.migrate(writer) }
        }
    }

    /// A migration refused because another process was migrating the same file at the same moment.
    private static func isRaceWithAnotherMigrator(_ error: DatabaseError) -> Bool {
        guard !isBusy(error) else { return true }
        let message = error.message ?? ""
        return error.resultCode == .SQLITE_ERROR
            && (message.contains("already exists") || message.contains("duplicate column name"))
    }

    // MARK: - Access

    /// Runs `body` in one write transaction, refusing when read-only and translating database errors.
    func write<T>(_ body: (Database) throws -> T) throws -> T {
        guard !isReadOnly else { throw WatchlistError.readOnly(path: path) }
        do {
            return try writer.write(body)
        } catch {
            throw WatchlistError.translating(error, path: path)
        }
    }

    /// Runs `body`, which executes one statement, outside any transaction (``ReadConnections/statement(_:)``),
    /// translating database errors.
    func readStatement<T>(_ body: (Database) throws -> T) throws -> T {
        do {
            return try reads.statement(body)
        } catch {
            throw WatchlistError.translating(error, path: path)
        }
    }

    /// Runs `body`, one statement, or answers what it read last time (``ReadConnections/remembered(_:rows:_:)``),
    /// translating database errors.
    func readRemembered<T>(
        _ key: RememberedRead, rows: (T) -> Int = { _ in 1 }, _ body: (Database) throws -> T
    ) throws -> T {
        do {
            return try reads.remembered(key, rows: rows, body)
        } catch {
            throw WatchlistError.translating(error, path: path)
        }
    }

    /// Runs `body` in a read transaction (``ReadConnections/read(_:)``), translating database errors.
    func read<T>(_ body: (Database) throws -> T) throws -> T {
        do {
            return try reads.read(body)
        } catch {
            throw WatchlistError.translating(error, path: path)
        }
    }
}

/// The reads a server's connections remember while no other connection commits: those a plan or a suggestion
/// repeats for every request, and the bearer token's user every signed-in request reads.
enum RememberedRead: Hashable, Sendable {
    case user(tokenSHA256: String)
    case list(user: Int64, list: FilmList, query: ListQuery)
    case releases(filmID: Int)
    case releaseDate(filmID: Int, region: String)
}
