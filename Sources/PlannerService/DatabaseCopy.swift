import Foundation
import PlannerApp
import PostgresStore
import Watchlist

/// `planner db copy --from FILE.sqlite --to postgres://…`: a SQLite store's users, films, lists, diaries and
/// series, into PostgreSQL. Idempotent: what is there already stays, so a second run adds nothing.
package enum DatabaseCopy {
    /// How many rows each table holds in the target after the copy, and how many of them the copy added.
    package struct Report: Sendable {
        package var rows: [(table: String, total: Int, added: Int)]

        /// "users 5 (4 new), films 10000 (10000 new), …".
        package var summary: String {
            rows.map { "\($0.table) \($0.total) (\($0.added) new)" }.joined(separator: ", ")
        }
    }

    /// Copies every user's data from `source` into `target`, one user per transaction.
    /// - Throws: ``PlannerAppError/invalidOption(_:)`` when a user's id belongs to another name in the target;
    ///   ``PostgresStoreError`` or ``WatchlistError`` in words.
    package static func run(from source: PlannerStore, to target: PostgresBackend) throws -> Report {
        let targetStore = PostgresListStorage(backend: target)
        let before = try targetStore.rowCounts()
        for user in try source.users() {
            let there = try targetStore.copyUser(user)
            guard there.name == user.name else {
                throw PlannerAppError.invalidOption(
                    "user \(user.id) is '\(user.name)' in \(source.path) but '\(there.name)' in \(target.location); "
                        + "nothing of theirs was copied")
            }
            _ = try targetStore.storage(for: user.id).merge(try source.scoped(to: user.id).snapshot())
        }
        let after = try targetStore.rowCounts()
        return Report(rows: PostgresListStorage.countedTables.map { table, name in
            (name, after[table] ?? 0, (after[table] ?? 0) - (before[table] ?? 0))
        })
    }
}
