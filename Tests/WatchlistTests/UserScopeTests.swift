import Foundation
import GRDB
import Testing

@testable import Watchlist

/// Many users in one store: each sees and changes only their own lists and diary.
@Suite struct UserScopeTests {
    let store: PlannerStore
    let alice: PlannerStore
    let bob: PlannerStore

    init() throws {
        store = try PlannerStore(inMemoryWithMigrations: [])
        alice = store.scoped(to: try store.addUser(name: "alice", tokenSHA256: "a1", feedKeySHA256: "a2").id)
        bob = store.scoped(to: try store.addUser(name: "bob", tokenSHA256: "b1", feedKeySHA256: "b2").id)
    }

    @Test func oneUsersFilmsNeverShowOnAnothersLists() throws {
        try alice.add(Fixtures.matrix, to: .watchlist)

        #expect(try alice.list(.watchlist).map(\.film.id) == [603])
        #expect(try bob.list(.watchlist).isEmpty)
        #expect(try store.list(.watchlist).isEmpty)
        #expect(try bob.stats().watchlist == 0)
    }

    @Test func removingFromOneListLeavesAnothersAlone() throws {
        try alice.add(Fixtures.matrix, to: .watchlist)
        try bob.add(Fixtures.matrix, to: .watchlist)

        #expect(try bob.remove(filmID: 603, from: .watchlist))
        #expect(try !bob.remove(filmID: 603, from: .watchlist))
        #expect(try alice.contains(filmID: 603, in: .watchlist))
    }

    @Test func ratingsAndReviewsArePerUser() throws {
        try alice.add(Fixtures.matrix, to: .watchlist)
        try alice.rate(filmID: 603, stars: 4.5)
        try alice.review(filmID: 603, text: "Whoa.")
        try bob.rate(filmID: 603, stars: 1)

        #expect(try alice.diary(filmID: 603) == Diary(rating: 4.5, review: "Whoa."))
        #expect(try bob.diary(filmID: 603) == Diary(rating: 1))
        #expect(try alice.list(.watchlist).first?.diary.rating == 4.5)
    }

    @Test func aUserIsFoundByTheHashOfTheirTokenOrFeedKeyOnly() throws {
        #expect(try store.user(tokenSHA256: "a1")?.name == "alice")
        #expect(try store.user(feedKeySHA256: "a2")?.name == "alice")
        #expect(try store.user(tokenSHA256: "a2") == nil)
    }

    @Test func aUserIsReadBackAsAddedToTheMillisecond() throws {
        let created = Date(timeIntervalSince1970: 1_795_000_000.123)
        let added = try store.addUser(name: "carol", tokenSHA256: "c1", feedKeySHA256: "c2", createdAt: created)
        #expect(try store.user(tokenSHA256: "c1") == added)
        #expect(try store.user(feedKeySHA256: "c2") == added)
        #expect(added.tokenSHA256 == "c1" && added.feedKeySHA256 == "c2")
        // The row read the old way, through GRDB's `Decodable` decoding, gives the same user.
        let decoded = try store.writer.read { db in
            try Row.fetchOne(db, sql: "SELECT * FROM user WHERE name = 'carol'")
                .map { try UserAccount.decodedFromCodable(row: $0) }
        }
        #expect(decoded == added)
    }

    @Test func rotatingAndRemovingAUserTakesEffectAtOnce() throws {
        try alice.add(Fixtures.matrix, to: .watchlist)
        try store.rotateUser(name: "alice", tokenSHA256: "a3", feedKeySHA256: nil)
        #expect(try store.user(tokenSHA256: "a1") == nil)
        #expect(try store.user(feedKeySHA256: "a2")?.name == "alice")

        try store.removeUser(name: "alice")
        #expect(try store.user(tokenSHA256: "a3") == nil)
        #expect(try store.film(id: 603) != nil)
        #expect(try store.writer.read { try Int.fetchOne($0, sql: "SELECT count(*) FROM listEntry") } == 0)
    }

    @Test func theLocalUserAndNamesInUseAreRefused() throws {
        #expect(throws: WatchlistError.userExists("alice")) {
            try store.addUser(name: "alice", tokenSHA256: "x", feedKeySHA256: "y")
        }
        #expect(throws: WatchlistError.userNotFound("local")) { try store.removeUser(name: "local") }
    }

    @Test func listsFromBeforeUsersBelongToTheLocalUser() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(UUID().uuidString)
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("old.sqlite").path
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        // A file as a planner before users left it: the first three migrations only.
        let queue = try DatabaseQueue(path: path)
        try PlannerStore.migrator(with: []).migrate(queue, upTo: "watchlist-v1-diary")
        try queue.write { db in
            try db.execute(sql: "INSERT INTO film (id, title) VALUES (603, 'The Matrix')")
            try db.execute(
                sql: "INSERT INTO listEntry (list, filmId, addedAt) VALUES ('watchlist', 603, '2026-01-01 00:00:00')")
            try db.execute(sql: "INSERT INTO filmDiary (filmId, ratingHalfStars) VALUES (603, 9)")
        }
        try queue.close()

        let reopened = try PlannerStore(path: path)
        #expect(try reopened.list(.watchlist).map(\.film.id) == [603])
        #expect(try reopened.diary(filmID: 603).rating == 4.5)
    }
}


/// The same fields as `UserAccount.init(row:)` reads, through `Decodable` as GRDB decodes a record by default.
private struct CodableUser: Decodable, FetchableRecord {
    let id: Int64
    let name: String
    let tokenSHA256: String?
    let feedKeySHA256: String?
    let createdAt: Date
}

extension UserAccount {
    fileprivate static func decodedFromCodable(row: Row) throws -> UserAccount {
        let user = try CodableUser(row: row)
        return UserAccount(
            id: user.id, name: user.name, tokenSHA256: user.tokenSHA256, feedKeySHA256: user.feedKeySHA256,
            createdAt: user.createdAt)
    }
}
