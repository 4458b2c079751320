import Foundation

/// The users and the hashes of their tokens and feed keys (a port of ``ListStorage``).
public protocol AccountStorage: Sendable {
    /// Adds a user with the hashes of their token and feed key.
    func addUser(name: String, tokenSHA256: String, feedKeySHA256: String, createdAt: Date) throws -> UserAccount
    /// Every user, by id.
    func users() throws -> [UserAccount]
    /// The user whose token hashes to `sha256`.
    func user(tokenSHA256 sha256: String) throws -> UserAccount?
    /// The user whose feed key hashes to `sha256`.
    func user(feedKeySHA256 sha256: String) throws -> UserAccount?
    /// Replaces a user's token hash, feed key hash, or both.
    func rotateUser(name: String, tokenSHA256: String?, feedKeySHA256: String?) throws
    /// Removes a user with their lists and diary.
    func removeUser(name: String) throws
}

extension AccountStorage {
    /// Adds a user created now.
    @discardableResult
    public func addUser(name: String, tokenSHA256: String, feedKeySHA256: String) throws -> UserAccount {
        try addUser(name: name, tokenSHA256: tokenSHA256, feedKeySHA256: feedKeySHA256, createdAt: Date())
    }
}
