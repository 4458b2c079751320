import Crypto
import Foundation
import PlannerApp
import Watchlist

/// The server's users: new bearer tokens and calendar feed keys, kept in the store as SHA-256 only.
///
/// A token is `plt_` and 43 URL-safe base64 characters (256 random bits); a feed key is the same with `plf_`.
/// The feed key grants the `upcoming.ics` feed alone, so a calendar app can hold it in a URL.
package struct UserTokens {
    package let store: any ListStorage

    package init(store: any ListStorage) {
        self.store = store
    }

    /// What `users add` and `users rotate` print once: the secrets themselves.
    package struct Secrets: Sendable {
        package let token: String?
        package let feedKey: String?
    }

    /// Adds a user and returns their new token and feed key.
    /// - Throws: ``PlannerAppError/invalidArgument(_:)`` for a bad name, `WatchlistError.userExists`.
    package func add(name: String) throws -> Secrets {
        try Self.check(name: name)
        let token = Self.newSecret(prefix: "plt_")
        let feedKey = Self.newSecret(prefix: "plf_")
        try store.addUser(name: name, tokenSHA256: Self.sha256(token), feedKeySHA256: Self.sha256(feedKey))
        return Secrets(token: token, feedKey: feedKey)
    }

    /// Replaces the token and the feed key, or only the feed key.
    package func rotate(name: String, feedKeyOnly: Bool) throws -> Secrets {
        let token = feedKeyOnly ? nil : Self.newSecret(prefix: "plt_")
        let feedKey = Self.newSecret(prefix: "plf_")
        try store.rotateUser(name: name, tokenSHA256: token.map(Self.sha256), feedKeySHA256: Self.sha256(feedKey))
        return Secrets(token: token, feedKey: feedKey)
    }

    /// The user a bearer token belongs to, or nil.
    package func user(bearer token: String) throws -> UserAccount? {
        guard token.hasPrefix("plt_"), token.count < 200 else { return nil }
        return try store.user(tokenSHA256: Self.sha256(token))
    }

    /// The user a feed key belongs to, or nil.
    package func user(feedKey key: String) throws -> UserAccount? {
        guard key.hasPrefix("plf_"), key.count < 200 else { return nil }
        return try store.user(feedKeySHA256: Self.sha256(key))
    }

    /// True when `secret` looks like a feed key (so a 403 can say it grants the feed only).
    package static func isFeedKey(_ secret: String) -> Bool { secret.hasPrefix("plf_") }

    static func check(name: String) throws {
        let allowed = name.unicodeScalars.allSatisfy {
            ($0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0))) || "._-".unicodeScalars.contains($0)
        }
        guard (1...64).contains(name.count), allowed else {
            throw PlannerAppError.invalidArgument(
                "a user name is 1 to 64 letters, digits, '.', '_' or '-', not '\(PlannerAppError.shortened(name))'")
        }
        guard name != "local" else {
            throw PlannerAppError.invalidArgument("'local' is the command line's own user; choose another name")
        }
    }

    static func newSecret(prefix: String) -> String {
        let bytes = SymmetricKey(size: .bits256).withUnsafeBytes { Data($0) }
        let base64 = bytes.base64EncodedString().replacingOccurrences(of: "+", with: "-")
            .replacingOccurrences(of: "/", with: "_").replacingOccurrences(of: "=", with: "")
        return prefix + base64
    }

    /// The lower-case hex SHA-256 of a secret, as the store keeps it.
    package static func sha256(_ secret: String) -> String {
        let digest = SHA256.hash(data: Data(secret.utf8))
        return String(unsafeUninitializedCapacity: 2 * SHA256.byteCount) { text in
            var end = 0
            for byte in digest {
                text[end] = hexDigits[Int(byte >> 4)]
                text[end + 1] = hexDigits[Int(byte & 0x0F)]
                end += 2
            }
            return end
        }
    }

    /// The lower-case hex digits as UTF-8, by value.
    private static let hexDigits = Array("0123456789abcdef".utf8)
}
