import Foundation
import GRDB

/// One user of a shared store (`planner serve`): a name and the SHA-256 hashes of their bearer token and
/// calendar feed key. The secrets themselves are never stored.
public struct UserAccount: Codable, Equatable, Sendable, FetchableRecord, PersistableRecord {
    public static let databaseTableName = "user"
    public var id: Int64
    public var name: String
    public var tokenSHA256: String?
    public var feedKeySHA256: String?
    public var createdAt: Date

    /// A user as stored.
    public init(id: Int64, name: String, tokenSHA256: String?, feedKeySHA256: String?, createdAt: Date) {
        self.id = id
        self.name = name
        self.tokenSHA256 = tokenSHA256
        self.feedKeySHA256 = feedKeySHA256
        self.createdAt = createdAt
    }

    /// A user from a row of the `user` table, column by column: a server reads one for every request with a token,
    /// and GRDB's decoding through `Decodable` cost several times the query. (Dates as GRDB stores them, as the
    /// decoding it replaces read them.)
    public init(row: Row) throws {
        id = row["id"]
        name = row["name"]
        tokenSHA256 = row["tokenSHA256"]
        feedKeySHA256 = row["feedKeySHA256"]
        createdAt = row["createdAt"]
    }

    /// True for the command line's own user, who has no token.
    public var isLocal: Bool { id == PlannerStore.localUserID }
}

extension PlannerStore: AccountStorage {
    /// Adds a user with the hashes of a new token and feed key.
    /// - Throws: ``WatchlistError/userExists(_:)`` when the name is taken.
    @discardableResult
    public func addUser(name: String, tokenSHA256: String, feedKeySHA256: String, createdAt: Date = Date()) throws
        -> UserAccount
    {
        try write { db in
            guard try UserAccount.filter(Column("name") == name).fetchCount(db) == 0 else {
                throw WatchlistError.userExists(name)
            }
            let id = (try Int64.fetchOne(db, sql: "SELECT max(id) FROM user") ?? 0) + 1
            let user = UserAccount(
                id: id, name: name, tokenSHA256: tokenSHA256, feedKeySHA256: feedKeySHA256,
                createdAt: Date(timeIntervalSince1970: createdAt.timeIntervalSince1970.rounded(.down)))
            try user.insert(db)
            return user
        }
    }

    /// Every user, the local one first.
    public func users() throws -> [UserAccount] {
        try read { db in try UserAccount.order(Column("id")).fetchAll(db) }
    }

    /// The user whose token (or feed key) hashes to `sha256`, if any.
    ///
    /// Read on every authenticated request: the statement is prepared once per connection and kept.
    public func user(tokenSHA256 sha256: String) throws -> UserAccount? {
        // Remembered by a server's connection until any commit: a rotated or removed token is refused at once.
        try readRemembered(.user(tokenSHA256: sha256)) { db in
            try UserAccount.fetchOne(
                db.cachedStatement(sql: "SELECT * FROM user WHERE tokenSHA256 = ? LIMIT 1"), arguments: [sha256])
        }
    }

    /// The user whose feed key hashes to `sha256`, if any.
    public func user(feedKeySHA256 sha256: String) throws -> UserAccount? {
        try readStatement { db in
            try UserAccount.fetchOne(
                db.cachedStatement(sql: "SELECT * FROM user WHERE feedKeySHA256 = ? LIMIT 1"), arguments: [sha256])
        }
    }

    /// Replaces a user's token hash, feed key hash, or both; the old ones stop working at once.
    /// - Throws: ``WatchlistError/userNotFound(_:)``.
    public func rotateUser(name: String, tokenSHA256: String?, feedKeySHA256: String?) throws {
        try write { db in
            guard var user = try UserAccount.filter(Column("name") == name).fetchOne(db), !user.isLocal else {
                throw WatchlistError.userNotFound(name)
            }
            if let tokenSHA256 { user.tokenSHA256 = tokenSHA256 }
            if let feedKeySHA256 { user.feedKeySHA256 = feedKeySHA256 }
            try user.update(db)
        }
    }

    /// Removes a user with their lists and diary (films stay, being shared).
    /// - Throws: ``WatchlistError/userNotFound(_:)``.
    public func removeUser(name: String) throws {
        try write { db in
            guard let user = try UserAccount.filter(Column("name") == name).fetchOne(db), !user.isLocal else {
                throw WatchlistError.userNotFound(name)
            }
            try db.execute(sql: "DELETE FROM listEntry WHERE userId = ?", arguments: [user.id])
            try db.execute(sql: "DELETE FROM filmDiary WHERE userId = ?", arguments: [user.id])
            _ = try user.delete(db)
        }
    }
}
