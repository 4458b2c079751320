import Foundation
import GRDB
import Testing

@testable import Watchlist

@Suite struct PlannerStoreOpeningTests {
    @Test func aNewFileStoreCreatesItsFoldersAndUsesWAL() throws {
        let folder = try TemporaryFolder()
        defer { folder.cleanUp() }
        let path = folder.path("a/b/planner.sqlite")

        let store = try PlannerStore(path: path)
        try store.add(Fixtures.matrix, to: .watchlist)

        #expect(FileManager.default.fileExists(atPath: path))
        let mode = try store.writer.read { try String.fetchOne($0, sql: "PRAGMA journal_mode") }
        #expect(mode == "wal")
        try close(store)
        let reopened = try PlannerStore(path: path)
        #expect(try reopened.contains(filmID: 603, in: .watchlist))
    }

    @Test(arguments: ["random", "text", "short", "directory"])
    func aFileThatIsNotADatabaseIsRefusedUnchanged(kind: String) throws {
        let folder = try TemporaryFolder()
        defer { folder.cleanUp() }
        let path = folder.path("planner.sqlite")
        switch kind {
        case "random":
            var generator = SystemRandomNumberGenerator()
            try Data((0..<4096).map { _ in UInt8.random(in: 0...255, using: &generator) })
                .write(to: URL(fileURLWithPath: path))
        case "text":
            try "Date,Name,Year\n2024-01-01,Alien,1979\n".write(toFile: path, atomically: true, encoding: .utf8)
        case "short":
            try Data("SQLite format 3\0".utf8).write(to: URL(fileURLWithPath: path))
        default:
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        }
        let before = kind == "directory" ? 0 : try checksum(ofFileAt: path)

        #expect(throws: WatchlistError.notADatabase(path: path)) { try PlannerStore(path: path) }

        if kind != "directory" { #expect(try checksum(ofFileAt: path) == before) }
        #expect(!FileManager.default.fileExists(atPath: path + "-wal"))
    }

    /// With one connection (a command's), the schema is checked on the store's own connection.
    @Test(arguments: [true, false])
    func aDatabaseWithADamagedPageIsRefusedUnchanged(concurrentReads: Bool) throws {
        // Given a store of 2,000 films whose file has a page overwritten in the middle
        let folder = try TemporaryFolder()
        defer { folder.cleanUp() }
        let path = folder.path("planner.sqlite")
        let store = try PlannerStore(path: path, concurrentReads: concurrentReads)
        for id in 1...2000 { try store.add(Film(id: id, title: "Film \(id) " + String(repeating: "x", count: 200)), to: .watchlist) }
        try close(store)
        let handle = try #require(FileHandle(forUpdatingAtPath: path))
        let size = try handle.seekToEnd()
        try handle.seek(toOffset: size / 2 / 4096 * 4096 + 100)
        try handle.write(contentsOf: Data(repeating: 0xA5, count: 3000))
        try handle.close()
        let before = try checksum(ofFileAt: path)
        let logBefore = try checksum(ofFileAt: path + "-wal")
        // One connection leaves an empty -wal file: the next such open checks the schema on its own connection
        #expect(try concurrentReads || walFileSize(path) == 0)

        // When it is opened, read-write or read-only
        #expect { try PlannerStore(path: path, concurrentReads: concurrentReads) } throws: { error in
            guard case .damaged(let reported, _)? = error as? WatchlistError else { return false }
            return reported == path && !"\(error)".contains("not a SQLite database")
        }
        #expect { try PlannerStore(path: path, readOnly: true) } throws: { error in
            if case .damaged? = error as? WatchlistError { return true }
            return false
        }

        // Then nothing was written: not the file, not the write-ahead log the store keeps beside it
        #expect(try checksum(ofFileAt: path) == before)
        #expect(try checksum(ofFileAt: path + "-wal") == logBefore)
    }

    @Test func aFileCheckedOnceIsNotCheckedAgainUntilItChanges() throws {
        // Given a closed store's file, opened once (its schema checked)
        let folder = try TemporaryFolder()
        defer { folder.cleanUp() }
        let path = folder.path("planner.sqlite")
        try close(try PlannerStore(path: path))
        let migrator = PlannerStore.migrator(with: [])
        var checks = 0
        let check = { () throws -> Bool in
            checks += 1
            return true
        }
        #expect(try PlannerStore.checkedSchemas.isMigrated(path: path, migrator: migrator, check: check))
        #expect(checks == 1)

        // When it is opened again unchanged, the check is not made again; once written to, it is
        #expect(try PlannerStore.checkedSchemas.isMigrated(path: path, migrator: migrator, check: check))
        #expect(checks == 1)
        try close(try PlannerStore(path: path))
        let handle = try #require(FileHandle(forUpdatingAtPath: path))
        try handle.seekToEnd()
        try handle.write(contentsOf: Data(repeating: 0, count: 4096))
        try handle.close()
        #expect(try PlannerStore.checkedSchemas.isMigrated(path: path, migrator: migrator, check: check))
        #expect(checks == 2)
        // A check that finds migrations missing is not kept
        let missing = { () throws -> Bool in
            checks += 1
            return false
        }
        let other = PlannerStore.migrator(with: [{ $0.registerMigration("later") { _ in } }])
        #expect(try !PlannerStore.checkedSchemas.isMigrated(path: path, migrator: other, check: missing))
        #expect(try !PlannerStore.checkedSchemas.isMigrated(path: path, migrator: other, check: missing))
        #expect(checks == 4)
    }

    @Test(arguments: [true, false])
    func aPageDamagedAfterAnOpenIsFoundByTheNextOpen(concurrentReads: Bool) throws {
        // Given a store's file, opened and checked by this process, then closed
        let folder = try TemporaryFolder()
        defer { folder.cleanUp() }
        let path = folder.path("planner.sqlite")
        let store = try PlannerStore(path: path, concurrentReads: concurrentReads)
        for id in 1...2000 {
            try store.add(Film(id: id, title: "Film \(id) " + String(repeating: "x", count: 200)), to: .watchlist)
        }
        try close(store)
        try close(try PlannerStore(path: path, concurrentReads: concurrentReads))

        // When a page in its middle is overwritten, the next open reads every page again and refuses it
        let handle = try #require(FileHandle(forUpdatingAtPath: path))
        let size = try handle.seekToEnd()
        try handle.seek(toOffset: size / 2 / 4096 * 4096 + 100)
        try handle.write(contentsOf: Data(repeating: 0xA5, count: 3000))
        try handle.close()
        #expect { try PlannerStore(path: path, concurrentReads: concurrentReads) } throws: { error in
            guard case .damaged? = error as? WatchlistError else { return false }
            return true
        }
    }

    @Test func theWriteAheadLogIsKeptButTheFileAloneHoldsEverythingOnceClosed() throws {
        // Given a store with a film added, closed
        let folder = try TemporaryFolder()
        defer { folder.cleanUp() }
        let path = folder.path("planner.sqlite")
        let store = try PlannerStore(path: path)
        try store.add(Fixtures.matrix, to: .watchlist)
        try close(store)
        // Then its write-ahead log is still there (the next open need not make one)
        #expect(FileManager.default.fileExists(atPath: path + "-wal"))
        // And opened on one connection (a command's lookups), written and closed, it is empty: the next open has
        // no frames to read again
        let again = try PlannerStore(path: path, concurrentReads: false)
        try again.add(Fixtures.dune, to: .favorites)
        try close(again)
        #expect(FileManager.default.fileExists(atPath: path + "-wal"))
        #expect((try FileManager.default.attributesOfItem(atPath: path + "-wal")[.size] as? Int) == 0)
        // And a copy of the database file alone, without it, has the film
        let copy = folder.path("copy.sqlite")
        try FileManager.default.copyItem(atPath: path, toPath: copy)
        let copied = try PlannerStore(path: copy)
        #expect(try copied.contains(filmID: Fixtures.matrix.id, in: .watchlist))
        #expect(try copied.contains(filmID: Fixtures.dune.id, in: .favorites))
        try close(copied)
    }

    @Test func aStoreOnOneConnectionOpensAClosedFileWithoutWritingIt() throws {
        // Given a store closed by a connection of its own, which left its -wal file empty
        let folder = try TemporaryFolder()
        defer { folder.cleanUp() }
        let path = folder.path("planner.sqlite")
        try close(try PlannerStore(path: path))
        let first = try PlannerStore(path: path, concurrentReads: false)
        try first.add(Fixtures.matrix, to: .watchlist)
        try close(first)
        let before = try checksum(ofFileAt: path)
        // When a command opens it on one connection, reads it and closes it
        let store = try PlannerStore(path: path, concurrentReads: false)
        #expect(try store.contains(filmID: Fixtures.matrix.id, in: .watchlist))
        #expect(try store.writer.read { try String.fetchOne($0, sql: "PRAGMA journal_mode") } == "wal")
        try close(store)
        // Then nothing was written: neither the file nor its log (GRDB's WAL set-up writes a table when the log is
        // empty)
        #expect(try checksum(ofFileAt: path) == before)
        #expect((try FileManager.default.attributesOfItem(atPath: path + "-wal")[.size] as? Int) == 0)
    }

    @Test func aStoreOnOneConnectionIsInWALModeAndSharesTheFileWithAPool() throws {
        // Given a store opened on one connection (a command's) and another as a pool (a server's), on one file
        let folder = try TemporaryFolder()
        defer { folder.cleanUp() }
        let path = folder.path("planner.sqlite")
        let single = try PlannerStore(path: path, concurrentReads: false)
        let pool = try PlannerStore(path: path)
        // Then the one connection is a queue, in WAL mode like the pool
        #expect(single.writer is DatabaseQueue)
        #expect(try single.writer.read { try String.fetchOne($0, sql: "PRAGMA journal_mode") } == "wal")
        // And each sees what the other wrote
        try single.add(Fixtures.matrix, to: .watchlist)
        #expect(try pool.contains(filmID: Fixtures.matrix.id, in: .watchlist))
        try pool.remove(filmID: Fixtures.matrix.id, from: .watchlist)
        #expect(try !single.contains(filmID: Fixtures.matrix.id, in: .watchlist))
        try close(single)
        try close(pool)
    }

    @Test(arguments: [true, false])
    func aDatabaseWithANewerSchemaIsRefusedUnchanged(concurrentReads: Bool) throws {
        // Given a database a newer planner migrated
        let folder = try TemporaryFolder()
        defer { folder.cleanUp() }
        let path = folder.path("planner.sqlite")
        let store = try PlannerStore(path: path, concurrentReads: concurrentReads)
        try store.add(Fixtures.matrix, to: .watchlist)
        try store.writer.write { db in
            try db.execute(
                sql: "INSERT INTO grdb_migrations (identifier) VALUES (?)", arguments: ["watchlist-v9-future"])
        }
        try close(store)
        let before = try checksum(ofFileAt: path)
        let logBefore = try checksum(ofFileAt: path + "-wal")
        #expect(try concurrentReads || walFileSize(path) == 0)

        // When this planner opens it, then it refuses with the unknown migration named, and nothing changes
        #expect(throws: WatchlistError.newerSchema(path: path, unknownMigrations: ["watchlist-v9-future"])) {
            try PlannerStore(path: path, concurrentReads: concurrentReads)
        }
        #expect(throws: WatchlistError.newerSchema(path: path, unknownMigrations: ["watchlist-v9-future"])) {
            try PlannerStore(path: path, readOnly: true)
        }
        #expect(try checksum(ofFileAt: path) == before)
        #expect(try checksum(ofFileAt: path + "-wal") == logBefore)
    }

    @Test func aStoreOpenedReadOnlyReadsButRefusesEveryChangeAndLeavesTheFileUnchanged() async throws {
        let folder = try TemporaryFolder()
        defer { folder.cleanUp() }
        let path = folder.path("planner.sqlite")
        let store = try PlannerStore(path: path)
        try store.add(Fixtures.matrix, to: .watchlist)
        try store.rate(filmID: 603, stars: 4)
        try close(store)
        chmod(path, 0o444)
        let before = try checksum(ofFileAt: path)

        let readOnly = try PlannerStore(path: path, readOnly: true)

        #expect(readOnly.isReadOnly)
        #expect(try readOnly.list(.watchlist).map(\.film.id) == [603])
        #expect(try readOnly.stats().rated == 1)
        #expect(throws: WatchlistError.readOnly(path: path)) { try readOnly.add(Fixtures.dune, to: .watchlist) }
        #expect(throws: WatchlistError.readOnly(path: path)) { try readOnly.clear(.watchlist) }
        #expect(throws: WatchlistError.readOnly(path: path)) { try readOnly.rate(filmID: 603, stars: 1) }
        #expect(throws: WatchlistError.readOnly(path: path)) { try readOnly.importJSON(try readOnly.exportJSON()) }
        await #expect(throws: WatchlistError.readOnly(path: path)) {
            try await readOnly.importLetterboxdCSV("Name\nFilm 1\n", resolver: FakeResolver())
        }
        try close(readOnly)
        #expect(try checksum(ofFileAt: path) == before)
    }

    @Test func aReadOnlyStoreNeedsAnExistingMigratedFile() throws {
        let folder = try TemporaryFolder()
        defer { folder.cleanUp() }
        let missing = folder.path("missing.sqlite")
        #expect(throws: WatchlistError.databaseNotFound(path: missing)) {
            try PlannerStore(path: missing, readOnly: true)
        }
        #expect(!FileManager.default.fileExists(atPath: missing))

        let bare = folder.path("bare.sqlite")
        try DatabaseQueue(path: bare).write { try $0.execute(sql: "CREATE TABLE other (x)") }
        #expect(throws: WatchlistError.needsMigration(path: bare)) { try PlannerStore(path: bare, readOnly: true) }
    }

    // Root passes access(2) whatever the mode bits say, so these run only for other users.
    @Test(.enabled(if: geteuid() != 0, "root can write a 0444 file"))
    func aReadOnlyFileIsRefusedUnchanged() throws {
        let folder = try TemporaryFolder()
        defer { folder.cleanUp() }
        let path = folder.path("planner.sqlite")
        try close(try PlannerStore(path: path))
        chmod(path, 0o444)
        let before = try checksum(ofFileAt: path)

        #expect(throws: WatchlistError.readOnly(path: path)) { try PlannerStore(path: path) }
        #expect(try checksum(ofFileAt: path) == before)
    }

    @Test(.enabled(if: geteuid() != 0, "root can write in a 0555 folder"))
    func aFileInAReadOnlyFolderIsRefusedUnchanged() throws {
        let folder = try TemporaryFolder()
        defer { folder.cleanUp() }
        let path = folder.path("planner.sqlite")
        try close(try PlannerStore(path: path))
        chmod(folder.url.path, 0o555)
        let before = try checksum(ofFileAt: path)

        #expect(throws: WatchlistError.readOnly(path: path)) { try PlannerStore(path: path) }
        #expect(try checksum(ofFileAt: path) == before)
    }

    @Test func otherModulesMigrationsRunAfterTheStoresOwnInTheSameFile() throws {
        let folder = try TemporaryFolder()
        defer { folder.cleanUp() }
        let path = folder.path("planner.sqlite")
        let cache: PlannerStore.MigrationRegistration = { migrator in
            migrator.registerMigration("nowplaying-v1-cache") { db in
                try db.create(table: "httpCache") { t in
                    t.primaryKey("url", .text)
                    t.column("body", .blob)
                }
            }
        }

        let store = try PlannerStore(path: path, migrations: [cache])
        try store.writer.write { try $0.execute(sql: "INSERT INTO httpCache VALUES ('u', x'00')") }
        let applied = try store.writer.read { try String.fetchAll($0, sql: "SELECT identifier FROM grdb_migrations") }
        try close(store)

        #expect(Set(applied) == Set(PlannerStore.ownMigrationIdentifiers + ["nowplaying-v1-cache"]))
        // Forgetting a module's migrations reads as a newer schema: the CLI must always pass the same list.
        #expect(throws: WatchlistError.newerSchema(path: path, unknownMigrations: ["nowplaying-v1-cache"])) {
            try PlannerStore(path: path)
        }
        #expect(
            try PlannerStore(path: path, migrations: [cache]).writer.read {
                try Int.fetchOne($0, sql: "SELECT count(*) FROM httpCache")
            } == 1)
    }

    @Test func twoStoresOnOneFileCanAddAtTheSameTimeWithoutLockErrors() throws {
        // Given two stores (two connection pools) on one file
        let folder = try TemporaryFolder()
        defer { folder.cleanUp() }
        let path = folder.path("planner.sqlite")
        let stores = [try PlannerStore(path: path), try PlannerStore(path: path)]
        let failures = Failures()

        // When each adds 200 different films on its own thread, one transaction each
        DispatchQueue.concurrentPerform(iterations: 2) { worker in
            for index in 0..<200 {
                let id = worker * 1000 + index
                do {
                    try stores[worker].add(Film(id: id, title: "Film \(id)"), to: .watchlist)
                    try stores[worker].rate(filmID: id, stars: 3)
                } catch {
                    failures.append("\(error)")
                }
            }
        }

        // Then every add landed
        #expect(failures.all.isEmpty)
        #expect(try stores[0].stats().watchlist == 400)
        #expect(try stores[1].stats().rated == 400)
    }

    @Test func twoStoresOpeningANewFileAtOnceBothMigrateIt() throws {
        let folder = try TemporaryFolder()
        defer { folder.cleanUp() }
        let failures = Failures()

        for round in 0..<10 {
            let path = folder.path("round\(round)/planner.sqlite")
            DispatchQueue.concurrentPerform(iterations: 2) { worker in
                do {
                    let store = try PlannerStore(path: path)
                    try store.add(Film(id: worker, title: "Film \(worker)"), to: .watchlist)
                } catch {
                    failures.append("round \(round): \(error)")
                }
            }
        }

        #expect(failures.all.isEmpty)
    }

    @Test func theDefaultPathFollowsXDGAndTheOverridesComeFirst() {
        #expect(
            PlannerStore.defaultPath(environment: ["XDG_DATA_HOME": "/data", "HOME": "/home/u"])
                == "/data/planner/planner.sqlite")
        #expect(
            PlannerStore.defaultPath(environment: ["HOME": "/home/u"]) == "/home/u/.local/share/planner/planner.sqlite")
        #expect(
            PlannerStore.defaultPath(environment: ["XDG_DATA_HOME": "relative", "HOME": "/home/u"])
                == "/home/u/.local/share/planner/planner.sqlite")
        #expect(PlannerStore.resolvePath(explicit: "/x.sqlite", environment: ["PLANNER_DB": "/y"]) == "/x.sqlite")
        #expect(PlannerStore.resolvePath(explicit: nil, environment: ["PLANNER_DB": "/y"]) == "/y")
        #expect(
            PlannerStore.resolvePath(explicit: nil, environment: ["XDG_DATA_HOME": "/d"])
                == "/d/planner/planner.sqlite")
    }

    @Test func everyErrorDescribesItselfInOneSentence() {
        let errors: [WatchlistError] = [
            .notADatabase(path: "/p"), .newerSchema(path: "/p", unknownMigrations: ["x"]), .readOnly(path: "/p"),
            .needsMigration(path: "/p"), .databaseNotFound(path: "/p"), .unreadable(path: "/p"),
            .cannotCreateDirectory(path: "/p"), .invalidRating(7), .invalidDay("x"), .filmNotFound(id: 1),
            .invalidCSV(line: 2, reason: "r"), .invalidJSON(reason: "r"), .unrecognizedImportFormat,
            .database(code: 1, message: "m"),
        ]
        for error in errors {
            #expect(error.description.hasSuffix("."))
            #expect(!error.description.contains("\n"))
        }
    }
}

/// A thread-safe list of failure messages.
final class Failures: @unchecked Sendable {
    private let lock = NSLock()
    private var messages: [String] = []
    func append(_ message: String) { lock.withLock { messages.append(message) } }
    var all: [String] { lock.withLock { messages } }
}

/// The size of the -wal file beside `path`, in bytes.
private func walFileSize(_ path: String) throws -> Int {
    (try FileManager.default.attributesOfItem(atPath: path + "-wal")[.size] as? Int) ?? -1
}
