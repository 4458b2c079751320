import Foundation
import GRDB
import Testing

@testable import Watchlist

/// A server's store reads on read-only connections of its own (`ReadConnections`), a command's on its one connection.
@Suite struct ReadConnectionsTests {
    @Test func aReadSeesWhatWasJustWrittenThroughTheWriter() throws {
        let folder = try TemporaryFolder()
        defer { folder.cleanUp() }
        let store = try PlannerStore(path: folder.path("planner.sqlite"))
        #expect(try !store.contains(filmID: 603, in: .watchlist))
        try store.add(Fixtures.matrix, to: .watchlist)
        #expect(try store.contains(filmID: 603, in: .watchlist))
        #expect(store.reads.idleCount == 1)
        try close(store)
    }

    @Test func aReadSeesWhatAnotherConnectionToTheFileCommitted() throws {
        let folder = try TemporaryFolder()
        defer { folder.cleanUp() }
        let path = folder.path("planner.sqlite")
        let server = try PlannerStore(path: path)
        #expect(try server.list(.watchlist).isEmpty)
        // Another store on the same file, as `planner watchlist add` is while a server runs.
        let command = try PlannerStore(path: path, concurrentReads: false)
        try command.add(Fixtures.matrix, to: .watchlist)
        #expect(try server.list(.watchlist).map(\.film.id) == [603])
        try close(command)
        try close(server)
    }

    @Test func aLookUpCannotWrite() throws {
        let folder = try TemporaryFolder()
        defer { folder.cleanUp() }
        let store = try PlannerStore(path: folder.path("planner.sqlite"))
        try store.add(Fixtures.matrix, to: .watchlist)
        #expect(throws: DatabaseError.self) {
            try store.reads.statement { try $0.execute(sql: "DELETE FROM film") }
        }
        #expect(try store.contains(filmID: 603, in: .watchlist))
        try close(store)
    }

    @Test func readsAtOnceEachGetAConnectionAndAtMostSixteenAreKept() async throws {
        let folder = try TemporaryFolder()
        defer { folder.cleanUp() }
        let store = try PlannerStore(path: folder.path("planner.sqlite"))
        try store.add(Fixtures.matrix, to: .watchlist)
        // 24 threads, each holding its connection until all 24 have one.
        let count = 24
        let started = DispatchGroup()
        let release = DispatchSemaphore(value: 0)
        let results = ResultBox(count: count)
        for index in 0..<count {
            started.enter()
            Thread.detachNewThread {
                results.set(index) {
                    try store.reads.statement { db -> Int in
                        started.leave()
                        release.wait()
                        return try Int.fetchOne(db, sql: "SELECT count(*) FROM listEntry") ?? -1
                    }
                }
            }
        }
        started.wait()
        for _ in 0..<count { release.signal() }
        let counts = try results.all()
        #expect(counts == Array(repeating: 1, count: count))
        #expect(store.reads.idleCount == ReadConnections.keptConnections)
        try close(store)
    }

    @Test func aListReadAgainIsAnsweredFromTheConnectionUntilAWriteCommits() throws {
        let folder = try TemporaryFolder()
        defer { folder.cleanUp() }
        let store = try PlannerStore(path: folder.path("planner.sqlite"))
        try store.add(Fixtures.matrix, to: .watchlist)
        #expect(try store.list(.watchlist).map(\.film.id) == [603])
        let before = store.reads.rememberedAnswerCount
        #expect(try store.list(.watchlist).map(\.film.id) == [603])
        #expect(store.reads.rememberedAnswerCount == before + 1)
        // Another user's list is another read.
        #expect(try store.scoped(to: 2).list(.watchlist).isEmpty)
        #expect(store.reads.rememberedAnswerCount == before + 1)
        try store.add(Fixtures.dune, to: .watchlist)
        #expect(Set(try store.list(.watchlist).map(\.film.id)) == [603, 693134])
        #expect(store.reads.rememberedAnswerCount == before + 1)
        try close(store)
    }

    @Test func aCommitFromAnotherProcessEndsWhatTheServersConnectionsRemember() throws {
        let folder = try TemporaryFolder()
        defer { folder.cleanUp() }
        let path = folder.path("planner.sqlite")
        let server = try PlannerStore(path: path)
        try server.upsertDetails(Fixtures.matrix, releases: [RegionalRelease(region: "FI", date: "1999-06-11")])
        for _ in 0..<2 {
            #expect(try server.releaseDate(filmID: 603, region: "fi") == "1999-06-11")
            #expect(try server.releases(filmID: 603).map(\.date) == ["1999-06-11"])
        }
        #expect(server.reads.rememberedAnswerCount == 2)
        // `planner` on the same file, as a command is while a server runs.
        let command = try PlannerStore(path: path, concurrentReads: false)
        try command.upsertDetails(Fixtures.matrix, releases: [RegionalRelease(region: "FI", date: "2026-12-24")])
        #expect(try server.releaseDate(filmID: 603, region: "FI") == "2026-12-24")
        #expect(try server.releases(filmID: 603).map(\.date) == ["2026-12-24"])
        #expect(server.reads.rememberedAnswerCount == 2)
        #expect(try server.releaseDate(filmID: 603, region: "FI") == "2026-12-24")
        #expect(server.reads.rememberedAnswerCount == 3)
        try close(command)
        try close(server)
    }

    @Test func aCommandsStoreReadsOnItsOneConnection() throws {
        let folder = try TemporaryFolder()
        defer { folder.cleanUp() }
        let store = try PlannerStore(path: folder.path("planner.sqlite"), concurrentReads: false)
        try store.add(Fixtures.matrix, to: .watchlist)
        #expect(try store.contains(filmID: 603, in: .watchlist))
        #expect(store.reads.idleCount == 0)
        try close(store)
    }
}

/// Results written by several threads, read once they are done.
private final class ResultBox: @unchecked Sendable {
    private let lock = NSLock()
    private var values: [Result<Int, any Error>?]
    private let done = DispatchGroup()

    init(count: Int) {
        values = Array(repeating: nil, count: count)
        for _ in 0..<count { done.enter() }
    }

    func set(_ index: Int, _ body: () throws -> Int) {
        let result = Result { try body() }
        lock.withLock { values[index] = result }
        done.leave()
    }

    func all() throws -> [Int] {
        done.wait()
        return try lock.withLock { values }.map { try $0!.get() }
    }
}
