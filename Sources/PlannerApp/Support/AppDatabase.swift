import Foundation
import SQLiteStore
import Watchlist

/// The one database file: the watchlist store, with every other module's tables registered on it.
/// Every command opens it through here, so the migration list is always the same.
package enum AppDatabase {
    /// Other modules' migrations, applied after the store's own, in this order, forever.
    package static let migrations: [PlannerStore.MigrationRegistration] = [
        { migrator in SQLiteTMDbCache.registerMigrations(in: &migrator) },
        { migrator in SQLiteLookupCache.registerMigrations(in: &migrator) },
        { migrator in SQLiteShowtimesStore.registerMigrations(in: &migrator) },
    ]

    /// `--db`, else `$PLANNER_DB`, else `$XDG_DATA_HOME/planner/planner.sqlite`, else `~/.local/share/planner/…`.
    package static func path(explicit: String?, environment: Environment) -> String {
        PlannerStore.resolvePath(explicit: explicit, environment: environment.variables)
    }

    /// Opens the database; `concurrentReads: false` for a command that only reads and writes in turn (one
    /// connection instead of a pool's writer and readers).
    package static func open(
        explicit: String?, environment: Environment, readOnly: Bool = false,
        concurrentReads: Bool = true
    ) throws -> PlannerStore {
        try PlannerStore(
            path: path(explicit: explicit, environment: environment), readOnly: readOnly, migrations: migrations,
            concurrentReads: concurrentReads)
    }
}
