import Foundation
import PostgresNIO
import Watchlist

/// What `planner db copy` needs beyond the list storage: users copied with their ids, and row counts.
extension PostgresListStorage {
    /// The tables `rowCounts()` counts, with the names a report gives them.
    public static let countedTables = [
        ("planner_user", "users"), ("film", "films"), ("film_release", "release dates"), ("list_entry", "list entries"),
        ("film_diary", "diary entries"), ("series", "series"), ("series_entry", "series entries"),
    ]

    /// Inserts `user` with its id, name, hashes and creation time unless a user with that id exists.
    /// - Returns: the user the target holds under that id (the existing one, when there was one).
    public func copyUser(_ user: UserAccount) throws -> UserAccount {
        try backend.transaction { session in
            try session.execute(
                """
                INSERT INTO planner_user (id, name, token_sha256, feed_key_sha256, created_at)
                VALUES (\(user.id), \(user.name), \(user.tokenSHA256), \(user.feedKeySHA256), \(user.createdAt))
                ON CONFLICT (id) DO NOTHING
                """)
            guard let row = try session.query(
                "SELECT id, name, token_sha256, feed_key_sha256, created_at FROM planner_user WHERE id = \(user.id)"
            ).first else { return user }
            return try Self.user(row)
        }
    }

    /// How many rows each of ``countedTables`` holds, by table.
    public func rowCounts() throws -> [String: Int] {
        var counts: [String: Int] = [:]
        for (table, _) in Self.countedTables {
            counts[table] = try backend.query("SELECT count(*)::int FROM \(unescaped: table)").first.map {
                try $0.decode(Int.self)
            } ?? 0
        }
        return counts
    }
}
