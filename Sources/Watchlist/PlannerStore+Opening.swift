import Basics
import Foundation
import GRDB
import GRDBSQLite

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

extension PlannerStore {
    /// The 16 bytes every SQLite 3 database file starts with.
    static let sqliteHeader = Array("SQLite format 3\0".utf8)

    /// What the check before opening found.
    struct CheckedFile {
        /// The file exists and is in WAL mode: its header's read and write versions are 2
        /// (https://www.sqlite.org/fileformat2.html#the_database_header).
        var isInWALMode = false
        /// Every migration of the migrator was applied when the file was checked, so opening it need not run the
        /// migrator again (a newer planner's file is refused; another process can only have applied more).
        var isMigrated = false
        /// The schema is left to be checked on the store's own connection (``checkSchema(on:path:migrator:)``):
        /// a WAL file with nothing in its -wal file, which a connection opened for writing leaves as it is.
        var schemaLeftToConnection = false
    }

    /// Checks the file before any connection that could write to it is opened.
    /// - Parameter onConnection: the caller opens one connection for writing and checks the schema on it with
    ///   ``checkSchema(on:path:migrator:)`` where ``CheckedFile/schemaLeftToConnection`` says so: a second
    ///   connection's opening and reading of the schema saved.
    @discardableResult
    static func checkBeforeOpening(
        path: String, readOnly: Bool, migrator: DatabaseMigrator, onConnection: Bool = false
    ) throws -> CheckedFile {
        let fileManager = FileManager.default
        var isDirectory: ObjCBool = false
        guard fileManager.fileExists(atPath: path, isDirectory: &isDirectory) else {
            if readOnly { throw WatchlistError.databaseNotFound(path: path) }
            try createParentDirectory(of: path)
            return CheckedFile()
        }
        guard !isDirectory.boolValue else { throw WatchlistError.notADatabase(path: path) }
        guard access(path, R_OK) == 0, let handle = FileHandle(forReadingAtPath: path) else {
            throw WatchlistError.unreadable(path: path)
        }
        let header = (try? handle.read(upToCount: 100)) ?? Data()
        try? handle.close()
        if header.isEmpty {
            // SQLite treats an empty file as an empty database.
            if readOnly { throw WatchlistError.needsMigration(path: path) }
            try checkWritable(path: path)
            return CheckedFile()
        }
        guard header.count == 100, Array(header.prefix(16)) == sqliteHeader else {
            throw WatchlistError.notADatabase(path: path)
        }
        if !readOnly { try checkWritable(path: path) }
        let isInWALMode = header[header.startIndex + 18] == 2 && header[header.startIndex + 19] == 2
        if onConnection && !readOnly && isInWALMode && walFileHoldsNothing(path: path)
            && !checkedSchemas.isKnownMigrated(path: path, migrator: migrator)
        {
            return CheckedFile(isInWALMode: true, schemaLeftToConnection: true)
        }
        let isMigrated = try checkedSchemas.isMigrated(path: path, migrator: migrator) {
            try checkSchema(path: path, migrator: migrator)
        }
        return CheckedFile(isInWALMode: isInWALMode, isMigrated: isMigrated)
    }

    /// Whether the file's -wal file is missing or empty: a connection that opens the file then has nothing to write
    /// back into it when it closes.
    private static func walFileHoldsNothing(path: String) -> Bool {
        var info = stat()
        guard stat(path + "-wal", &info) == 0 else { return errno == ENOENT }
        return (info.st_mode & S_IFMT) == S_IFREG && info.st_size == 0
    }

    /// The -wal and -shm files not beside the file yet: a refused file is left as it was found, without them.
    static func missingCompanions(of path: String) -> [String] {
        [path + "-wal", path + "-shm"].filter { !FileManager.default.fileExists(atPath: $0) }
    }

    /// The check ``checkBeforeOpening(path:readOnly:migrator:onConnection:)`` left to the store's connection: the
    /// same reads as on a connection of its own (every page, then the migrations applied), in one read.
    /// - Returns: whether every migration of `migrator` is applied.
    static func checkSchema(on writer: any DatabaseWriter, path: String, migrator: DatabaseMigrator) throws -> Bool {
        let (unknown, isMigrated) = try retrying(until: .now + .seconds(busyTimeoutSeconds)) {
            try writer.read { db in
                try judged(
                    quickCheck: try String.fetchAll(db, sql: "PRAGMA quick_check(3)"),
                    applied: { try migrator.appliedIdentifiers(db) }, migrator: migrator, path: path)
            }
        }
        if !unknown.isEmpty { throw WatchlistError.newerSchema(path: path, unknownMigrations: unknown) }
        if isMigrated { checkedSchemas.keep(path: path, migrator: migrator) }
        return isMigrated
    }

    /// What a check's reads say, on either connection: damaged unless `quick_check` said "ok"; otherwise, as GRDB's
    /// migrator decides, the applied migrations it does not know (superseded when there are any), and whether every
    /// one it knows is applied.
    private static func judged(
        quickCheck: [String], applied: () throws -> Set<String>, migrator: DatabaseMigrator, path: String
    ) throws -> (unknown: [String], isMigrated: Bool) {
        guard quickCheck == ["ok"] else {
            throw WatchlistError.damaged(path: path, detail: quickCheck.joined(separator: "; "))
        }
        let applied = try applied()
        let known = migrator.migrations
        let unknown = applied.subtracting(known).sorted()
        return (unknown, unknown.isEmpty && known.allSatisfy(applied.contains))
    }

    /// Opens the store's one connection, and checks the schema on it where ``checkBeforeOpening(path:readOnly:
    /// migrator:onConnection:)`` left that to it; a file refused so is closed and left as it was found (unless
    /// another process holds it).
    /// - Returns: the connection, and whether every migration of `migrator` is applied.
    static func openOneConnection(
        path: String, configuration: Configuration, checked: CheckedFile, migrator: DatabaseMigrator
    ) throws -> (queue: DatabaseQueue, isMigrated: Bool) {
        let companions = checked.schemaLeftToConnection ? missingCompanions(of: path) : []
        var opened: DatabaseQueue?
        do {
            let queue = try retrying(until: .now + .seconds(busyTimeoutSeconds)) {
                try DatabaseQueue(path: path, configuration: configuration)
            }
            opened = queue
            guard checked.schemaLeftToConnection else { return (queue, checked.isMigrated) }
            return (queue, try checkSchema(on: queue, path: path, migrator: migrator))
        } catch {
            try? opened?.close()
            if !((error as? DatabaseError).map(isBusy) ?? false) {
                for file in companions { try? FileManager.default.removeItem(atPath: file) }
            }
            throw error
        }
    }

    /// The files whose schema this process has checked and found current (``checkSchema(path:migrator:)``).
    static let checkedSchemas = CheckedSchemas()

    /// Throws ``WatchlistError/readOnly(path:)`` unless both the file and its folder can be written
    /// (WAL mode needs to create `-wal` and `-shm` files beside the database).
    /// A file with no write permission bit at all (chmod a-w) counts as read-only even for root, who could
    /// write it anyway: the user said so.
    private static func checkWritable(path: String) throws {
        let folder = (path as NSString).deletingLastPathComponent
        // stat(2), not FileManager's attributes, which also look up the owner's and group's names (/etc/passwd).
        var info = stat()
        let mode = stat(path, &info) == 0 ? Int(info.st_mode) : 0o200
        guard access(path, W_OK) == 0, access(folder.isEmpty ? "." : folder, W_OK) == 0, mode & 0o222 != 0
        else {
            throw WatchlistError.readOnly(path: path)
        }
    }

    /// Opens the file read-only to check it is a database and that its schema is not newer than ours.
    ///
    /// Another process may be creating the same file at this moment (switching it to WAL, migrating it): a check
    /// refused as busy tries again, and leaves alone the -wal and -shm files, which are then the other's.
    /// - Returns: whether every migration of `migrator` is applied.
    private static func checkSchema(path: String, migrator: DatabaseMigrator) throws -> Bool {
        do {
            return try retrying(until: .now + .seconds(busyTimeoutSeconds)) {
                try checkSchemaOnce(path: path, migrator: migrator)
            }
        } catch {
            throw WatchlistError.translating(error, path: path)
        }
    }

    /// Another connection holds the file.
    static func isBusy(_ error: DatabaseError) -> Bool {
        error.resultCode == .SQLITE_BUSY || error.resultCode == .SQLITE_LOCKED
    }

    /// Runs `body`, and again while it fails as `isTransient` says (another process opening or migrating the same
    /// file) and `deadline` has not passed, 2 ms more between tries each time, at most 20 ms.
    static func retrying<T>(
        until deadline: ContinuousClock.Instant, when isTransient: (DatabaseError) -> Bool = isBusy,
        _ body: () throws -> T
    ) throws -> T {
        var attempt = 0
        while true {
            do {
                return try body()
            } catch let error as DatabaseError where isTransient(error) && ContinuousClock.now < deadline {
                attempt += 1
                usleep(UInt32(2_000 * min(attempt, 10)))
            }
        }
    }

    private static func checkSchemaOnce(path: String, migrator: DatabaseMigrator) throws -> Bool {
        // Reading a WAL-mode file creates its -wal and -shm files; a refused file is left as it was found.
        let companions = missingCompanions(of: path)
        var refused = true
        var busy = false
        defer {
            if refused && !busy { for file in companions { try? FileManager.default.removeItem(atPath: file) } }
        }
        do {
            let connection = try CheckConnection(path: path, busyTimeoutSeconds: busyTimeoutSeconds)
            defer { connection.close() }
            let (unknown, isMigrated) = try connection.inReadTransaction { () -> ([String], Bool) in
                _ = try connection.column("SELECT count(*) FROM sqlite_master")
                // Damage inside the file (a header that reads fine, pages that don't) is found before anything
                // could write: quick_check reads every page.
                return try judged(
                    quickCheck: try connection.column("PRAGMA quick_check(3)"),
                    applied: { try connection.appliedMigrations() }, migrator: migrator, path: path)
            }
            if !unknown.isEmpty { throw WatchlistError.newerSchema(path: path, unknownMigrations: unknown) }
            refused = false
            return isMigrated
        } catch let error as DatabaseError where isBusy(error) {
            busy = true
            throw error
        }
    }

    private static func createParentDirectory(of path: String) throws {
        let folder = (path as NSString).deletingLastPathComponent
        guard !folder.isEmpty else { return }
        do {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        } catch {
            throw WatchlistError.cannotCreateDirectory(path: folder)
        }
        guard access(folder, W_OK) == 0 else { throw WatchlistError.readOnly(path: path) }
    }
}

/// The files this process has checked and found current, each as it was when checked: a command opens its
/// database for its own use case and again for the online lookups' cache, and the second open need not read every
/// page again (quick_check) for a file that has not changed since. A file counts as unchanged while its
/// ``FileStamp`` is; any write to the file itself, a migration's checkpoint included, changes it. A check that
/// finds migrations missing is not kept: the open then migrates the file.
final class CheckedSchemas: @unchecked Sendable {
    private struct Key: Hashable {
        var file: FileStamp
        var migrations: [String]
    }

    private let lock = NSLock()
    private var current: Set<Key> = []

    /// The key of the file at `path` as it is now, with `migrator`'s migrations; nil when it cannot be stamped.
    private func key(path: String, migrator: DatabaseMigrator) -> Key? {
        FileStamp(path: path).map { Key(file: $0, migrations: migrator.migrations) }
    }

    /// Whether this process found every migration of `migrator` applied to the file at `path` as it is now.
    func isKnownMigrated(path: String, migrator: DatabaseMigrator) -> Bool {
        guard let key = key(path: path, migrator: migrator) else { return false }
        return lock.withLock { current.contains(key) }
    }

    /// Records that every migration of `migrator` is applied to the file at `path` as it is now.
    func keep(path: String, migrator: DatabaseMigrator) {
        guard let key = key(path: path, migrator: migrator) else { return }
        _ = lock.withLock { current.insert(key) }
    }

    /// Whether every migration of `migrator` is applied to the file at `path`: true without `check` when this
    /// process found so for the file as it is now, else what `check` says.
    func isMigrated(path: String, migrator: DatabaseMigrator, check: () throws -> Bool) throws -> Bool {
        guard let key = key(path: path, migrator: migrator) else { return try check() }
        // Held through the check: a command opens its two connections on two threads at once, and the second
        // waits for the first's answer rather than reading the same pages beside it.
        lock.lock()
        defer { lock.unlock() }
        if current.contains(key) { return true }
        let isMigrated = try check()
        if isMigrated { current.insert(key) }
        return isMigrated
    }
}

/// One read-only connection through SQLite's C interface, for the check before opening: GRDB's queue (a dispatch
/// queue, its functions, collations and authorizer) costs several times the three reads the check makes. Its errors
/// are GRDB's `DatabaseError`s, made as GRDB makes them, so they are worded the same.
private final class CheckConnection {
    private let handle: OpaquePointer

    init(path: String, busyTimeoutSeconds: TimeInterval) throws {
        var handle: OpaquePointer?
        let code = sqlite3_open_v2(path, &handle, SQLITE_OPEN_READONLY, nil)
        guard code == SQLITE_OK, let handle else {
            sqlite3_close(handle)
            throw DatabaseError(resultCode: ResultCode(rawValue: code))
        }
        self.handle = handle
        sqlite3_extended_result_codes(handle, 1)
        sqlite3_busy_timeout(handle, CInt(busyTimeoutSeconds * 1000))
    }

    func close() {
        sqlite3_close(handle)
    }

    /// The first column of every row `sql` returns, as text.
    func column(_ sql: String) throws -> [String] {
        var statement: OpaquePointer?
        guard sqlite3_prepare_v2(handle, sql, -1, &statement, nil) == SQLITE_OK else { throw error(sql) }
        defer { sqlite3_finalize(statement) }
        var values: [String] = []
        while true {
            switch sqlite3_step(statement) {
            case SQLITE_ROW: values.append(sqlite3_column_text(statement, 0).map { String(cString: $0) } ?? "")
            case SQLITE_DONE: return values
            default: throw error(sql)
            }
        }
    }

    /// The identifiers in GRDB's `grdb_migrations` table, or none when the table is not there.
    func appliedMigrations() throws -> Set<String> {
        do {
            return Set(try column("SELECT identifier FROM grdb_migrations"))
        } catch {
            let exists = try? column(
                "SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'grdb_migrations' COLLATE NOCASE")
            if exists?.isEmpty == true { return [] }
            throw error
        }
    }

    /// Runs `body` in one deferred read transaction, as GRDB's `read` does.
    func inReadTransaction<T>(_ body: () throws -> T) throws -> T {
        _ = try column("BEGIN DEFERRED TRANSACTION")
        do {
            let value = try body()
            _ = try column("COMMIT TRANSACTION")
            return value
        } catch {
            _ = try? column("ROLLBACK TRANSACTION")
            throw error
        }
    }

    private func error(_ sql: String) -> DatabaseError {
        DatabaseError(
            resultCode: ResultCode(rawValue: sqlite3_extended_errcode(handle)),
            message: String(cString: sqlite3_errmsg(handle)), sql: sql)
    }
}
