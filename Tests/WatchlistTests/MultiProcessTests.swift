import Foundation
import GRDB
import Testing

@testable import Watchlist
import Tabular
import TestSupport

/// Tests with a second process on the same database file. The child side of each is a hidden test that runs
/// only in a child started by `ChildTestProcess`.
@Suite(.serialized) struct MultiProcessTests {
    static let importedRows = 40_000

    /// A Letterboxd CSV of `importedRows` rows with long titles, so the import's transaction spills into the WAL.
    static func bigLetterboxdCSV() -> String {
        let padding = String(repeating: "a long title ", count: 25)
        var rows = [LetterboxdCSV.header]
        for n in 1...importedRows { rows.append(["2024-01-01", "\(padding)Film \(n)", "2001", ""]) }
        return CSV.write(rows)
    }

    @Test(.enabled(if: !ChildRole.isChild))
    func killingAProcessMidImportLeavesTheDatabaseConsistent() async throws {
        // Given a migrated database with one film, closed (its WAL written back, a few pages long)
        let folder = try TemporaryFolder()
        defer { folder.cleanUp() }
        let path = folder.path("planner.sqlite")
        let store = try PlannerStore(path: path)
        try store.add(Fixtures.matrix, to: .watchlist)
        try close(store)

        // When a child process imports a big CSV and is killed with SIGKILL once its transaction is writing
        // (watched every 2 ms from a thread of its own, so the test pool stays free meanwhile)
        let childLog = folder.path("child.log")
        let killedWhileRunning = try await onOwnThread { () throws -> Bool in
            let child = try ChildTestProcess(
                running: "childImportsABigLetterboxdCSV", environment: [ChildRole.databaseVariable: path],
                outputPath: childLog)
            let deadline = Date().addingTimeInterval(120)
            var walBytes = 0
            while child.process.isRunning && Date() < deadline && walBytes < 1_000_000 {
                walBytes = (try? FileManager.default.attributesOfItem(atPath: path + "-wal")[.size] as? Int) ?? 0
                usleep(2_000)
            }
            let killedWhileRunning = child.process.isRunning
            child.kill()
            return killedWhileRunning
        }
        let childSaid = ((try? String(contentsOfFile: childLog, encoding: .utf8)) ?? "").suffix(2000)

        // Then the database is intact and holds either none or all of the import
        let reopened = try PlannerStore(path: path)
        let integrity = try await reopened.writer.read { try String.fetchOne($0, sql: "PRAGMA integrity_check") }
        #expect(integrity == "ok")
        let watchlist = try reopened.stats().watchlist
        #expect(watchlist == 1 || watchlist == 1 + Self.importedRows, "child said: \(childSaid)")
        #expect(try reopened.film(id: 603) == Fixtures.matrix)
        if killedWhileRunning { #expect(watchlist == 1) }
        #expect(killedWhileRunning, "the child finished before it could be killed; make the import bigger")
    }

    @Test(.enabled(if: ChildRole.databasePath != nil && ChildRole.readyPath == nil))
    func childImportsABigLetterboxdCSV() async throws {
        let store = try PlannerStore(path: try #require(ChildRole.databasePath))
        _ = try await store.importLetterboxdCSV(Self.bigLetterboxdCSV(), resolver: FakeResolver())
    }

    @Test(.enabled(if: !ChildRole.isChild))
    func twoProcessesAddingAtOnceLoseNothing() async throws {
        let folder = try TemporaryFolder()
        defer { folder.cleanUp() }
        let path = folder.path("planner.sqlite")
        let ready = folder.path("ready")
        let childLog = folder.path("child.log")
        // (the blocking side runs on a thread of its own, so the test pool stays free meanwhile)
        let status = try await onOwnThread { () throws -> Int32? in
            // Given a database, and a child process that adds 200 films once both sides are ready
            let store = try PlannerStore(path: path)
            let child = try ChildTestProcess(
                running: "childAdds200Films",
                environment: [ChildRole.databaseVariable: path, ChildRole.readyVariable: ready],
                outputPath: childLog)
            defer { child.kill() }
            let deadline = Date().addingTimeInterval(60)
            while !FileManager.default.fileExists(atPath: ready) && child.process.isRunning && Date() < deadline {
                usleep(2_000)
            }

            // When this process adds 200 other films at the same time
            for id in 1...200 { try store.add(Film(id: id, title: "Parent \(id)"), to: .watchlist) }
            return child.wait(seconds: 60)
        }

        // Then all 400 are there
        let childSaid = ((try? String(contentsOfFile: childLog, encoding: .utf8)) ?? "").suffix(2000)
        #expect(status == 0, "child said: \(childSaid)")
        #expect(try PlannerStore(path: path).stats().watchlist == 400)
    }

    @Test(.enabled(if: ChildRole.databasePath != nil && ChildRole.readyPath != nil))
    func childAdds200Films() throws {
        let store = try PlannerStore(path: try #require(ChildRole.databasePath))
        _ = FileManager.default.createFile(atPath: try #require(ChildRole.readyPath), contents: nil)
        for id in 1001...1200 { try store.add(Film(id: id, title: "Child \(id)"), to: .watchlist) }
    }
}
