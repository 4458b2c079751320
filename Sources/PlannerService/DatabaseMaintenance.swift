import Foundation
import PlannerApp
import PostgresStore

/// `planner db migrate` and `planner db copy`: the PostgreSQL database several servers share, brought to this
/// planner's schema or filled from a SQLite store.
package enum DatabaseMaintenance {
    /// Applies the migrations the database lacks; the sentence to show says which, or that it is current.
    package static func migrate(url: String) throws -> String {
        let backend = try PostgresBackend(url: url, maximumConnections: 1, schema: .none)
        defer { backend.close() }
        let applied = try PostgresMigrations.migrate(backend)
        return applied.isEmpty
            ? "\(backend.location) is current (\(PostgresMigrations.all.count) migrations)"
            : "applied \(applied.count) migration\(applied.count == 1 ? "" : "s") to \(backend.location): "
                + applied.joined(separator: ", ")
    }

    /// Copies the SQLite store at `from` (migrated first, as every command opens it) into the database at `to`
    /// (migrated first); the sentence to show.
    package static func copy(from: String, to: String, environment: Environment) throws -> String {
        let source = try AppDatabase.open(explicit: from, environment: environment)
        let target = try PostgresBackend(url: to, maximumConnections: 1, schema: .migrate)
        defer { target.close() }
        let report = try DatabaseCopy.run(from: source, to: target)
        return "copied \(source.path) to \(target.location): \(report.summary)"
    }
}
