import Foundation

/// A `postgres://USER[:PASSWORD]@HOST[:PORT]/DATABASE` address, read once; ``location`` names it without the
/// password, for every message and log line.
public struct PostgresAddress: Sendable, Equatable {
    public let host: String
    public let port: Int
    public let username: String
    public let password: String?
    public let database: String

    /// Reads the address.
    /// - Throws: ``PostgresStoreError/invalidURL(reason:)``, naming what is wrong but never the password.
    public init(_ text: String) throws {
        guard let components = URLComponents(string: text), let scheme = components.scheme?.lowercased() else {
            throw PostgresStoreError.invalidURL(reason: "it is not a URL")
        }
        guard scheme == "postgres" || scheme == "postgresql" else {
            throw PostgresStoreError.invalidURL(reason: "the scheme is '\(scheme.prefix(20))', not postgres")
        }
        guard let host = components.host, !host.isEmpty else { throw PostgresStoreError.invalidURL(reason: "it has no host") }
        guard let user = components.user, !user.isEmpty else { throw PostgresStoreError.invalidURL(reason: "it has no user") }
        let database = String(components.path.drop { $0 == "/" })
        guard !database.isEmpty, !database.contains("/") else {
            throw PostgresStoreError.invalidURL(reason: "it names no database (…/DATABASE)")
        }
        if let port = components.port, !(1...65535).contains(port) {
            throw PostgresStoreError.invalidURL(reason: "the port \(port) is out of range")
        }
        self.host = host
        port = components.port ?? 5432
        username = user.removingPercentEncoding ?? user
        password = components.password.map { $0.removingPercentEncoding ?? $0 }
        self.database = database.removingPercentEncoding ?? database
    }

    /// `postgres://user@host:port/database`: the address without its password.
    public var location: String { "postgres://\(username)@\(host):\(port)/\(database)" }

    /// Whether `text` looks like a PostgreSQL address rather than a file path.
    public static func isAddress(_ text: String) -> Bool {
        text.hasPrefix("postgres://") || text.hasPrefix("postgresql://")
    }
}
