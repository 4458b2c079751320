import Foundation
import PostgresNIO
import Watchlist

/// The users and the hashes of their tokens and feed keys.
extension PostgresListStorage: AccountStorage {
    public func addUser(name: String, tokenSHA256: String, feedKeySHA256: String, createdAt: Date) throws -> UserAccount {
        let created = Date(timeIntervalSince1970: createdAt.timeIntervalSince1970.rounded(.down))
        return try backend.transaction { session in
            // One writer at a time picks the next id, so that two instances adding users never collide.
            try session.execute("LOCK TABLE planner_user IN SHARE ROW EXCLUSIVE MODE")
            guard try session.query("SELECT 1 FROM planner_user WHERE name = \(name)").isEmpty else {
                throw WatchlistError.userExists(name)
            }
            let id = try session.query("SELECT COALESCE(max(id), 0) + 1 FROM planner_user").first.map {
                try $0.decode(Int64.self)
            } ?? 1
            try session.execute(
                """
                INSERT INTO planner_user (id, name, token_sha256, feed_key_sha256, created_at)
                VALUES (\(id), \(name), \(tokenSHA256), \(feedKeySHA256), \(created))
                """)
            return UserAccount(id: id, name: name, tokenSHA256: tokenSHA256, feedKeySHA256: feedKeySHA256, createdAt: created)
        }
    }

    public func users() throws -> [UserAccount] {
        try backend.query("SELECT id, name, token_sha256, feed_key_sha256, created_at FROM planner_user ORDER BY id")
            .map(Self.user)
    }

    public func user(tokenSHA256 sha256: String) throws -> UserAccount? {
        try backend.query(
            "SELECT id, name, token_sha256, feed_key_sha256, created_at FROM planner_user WHERE token_sha256 = \(sha256)"
        ).first.map(Self.user)
    }

    public func user(feedKeySHA256 sha256: String) throws -> UserAccount? {
        try backend.query(
            "SELECT id, name, token_sha256, feed_key_sha256, created_at FROM planner_user WHERE feed_key_sha256 = \(sha256)"
        ).first.map(Self.user)
    }

    public func rotateUser(name: String, tokenSHA256: String?, feedKeySHA256: String?) throws {
        let rows = try backend.query(
            """
            UPDATE planner_user SET token_sha256 = COALESCE(\(tokenSHA256), token_sha256),
                feed_key_sha256 = COALESCE(\(feedKeySHA256), feed_key_sha256)
            WHERE name = \(name) AND id <> \(PlannerStore.localUserID) RETURNING id
            """)
        guard !rows.isEmpty else { throw WatchlistError.userNotFound(name) }
    }

    public func removeUser(name: String) throws {
        let rows = try backend.query(
            "DELETE FROM planner_user WHERE name = \(name) AND id <> \(PlannerStore.localUserID) RETURNING id")
        guard !rows.isEmpty else { throw WatchlistError.userNotFound(name) }
    }
}
