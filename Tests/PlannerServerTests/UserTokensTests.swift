import Foundation
import PlannerApp
import Testing
import Watchlist

@testable import PlannerService

/// Tokens and feed keys: shown once, stored as SHA-256, each opening only what it should.
@Suite struct UserTokensTests {
    let tokens: UserTokens

    init() throws {
        tokens = UserTokens(store: try PlannerStore(inMemoryWithMigrations: AppDatabase.migrations))
    }

    @Test func aNewUsersTokenFindsThemAndOnlyItsHashIsStored() throws {
        let secrets = try tokens.add(name: "alice")
        let token = try #require(secrets.token)
        let feedKey = try #require(secrets.feedKey)
        #expect(token.hasPrefix("plt_") && token.count == 47)
        #expect(feedKey.hasPrefix("plf_") && feedKey.count == 47)

        #expect(try tokens.user(bearer: token)?.name == "alice")
        #expect(try tokens.user(feedKey: feedKey)?.name == "alice")
        let stored = try #require(try tokens.store.users().first { $0.name == "alice" })
        #expect(stored.tokenSHA256 == UserTokens.sha256(token))
        #expect(stored.tokenSHA256 != token)
    }

    @Test func aFeedKeyIsNoBearerTokenAndATokenIsNoFeedKey() throws {
        let secrets = try tokens.add(name: "alice")
        #expect(try tokens.user(bearer: secrets.feedKey!) == nil)
        #expect(try tokens.user(feedKey: secrets.token!) == nil)
    }

    @Test func rotatingTheFeedKeyRevokesItAndKeepsTheToken() throws {
        let old = try tokens.add(name: "alice")
        let new = try tokens.rotate(name: "alice", feedKeyOnly: true)
        #expect(new.token == nil)
        #expect(try tokens.user(feedKey: old.feedKey!) == nil)
        #expect(try tokens.user(feedKey: new.feedKey!)?.name == "alice")
        #expect(try tokens.user(bearer: old.token!)?.name == "alice")
    }

    @Test(arguments: ["", "local", "a b", "ä", String(repeating: "x", count: 65)])
    func badUserNamesAreRefusedInOneLine(name: String) {
        #expect(throws: PlannerAppError.self) { try tokens.add(name: name) }
    }

    @Test func theSHA256IsTheStandardOne() {
        #expect(UserTokens.sha256("abc") == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
    }
}

/// A search request is checked before anything is read, with the command line's words.
@Suite struct SearchRequestTests {
    @Test(arguments: [("abc", 10), ("0.5", 0), ("0.5", -1), ("nan", 10)])
    func badRadiiAndLimitsAreRefused(radius: String, limit: Int) {
        #expect(throws: PlannerAppError.self) { try SearchRequest(radius: radius, limit: limit).validate() }
    }

    @Test func theDefaultsAreTheCommandLines() throws {
        let request = SearchRequest()
        try request.validate()
        #expect((request.radius, request.keyword, request.limit, request.mode) == ("0.5", "movie theatre", 10, .walk))
    }

    @Test func echoedInputIsCutToAbout80Characters() {
        #expect(PlannerAppError.shortened(String(repeating: "x", count: 10_000)).count == 81)
        #expect(PlannerAppError.shortened("Helsinki") == "Helsinki")
    }
}
