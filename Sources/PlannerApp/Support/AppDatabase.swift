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
    ///
    /// Opened with one connection for writing, a file already open so in this process is not opened again: a
    /// command's parts (its lookups' cache, its showtimes, its lists) share the one connection, in turn.
    package static func open(
        explicit: String?, environment: Environment, readOnly: Bool = false,
        concurrentReads: Bool = true
    ) throws -> PlannerStore {
        let path = path(explicit: explicit, environment: environment)
        let opening = {
            try PlannerStore(path: path, readOnly: readOnly, migrations: migrations, concurrentReads: concurrentReads)
        }
        guard !readOnly, !concurrentReads else { return try opening() }
        return try singleConnections.store(path: path, opening: opening)
    }

    /// The files open with one connection for writing, by path.
    static let singleConnections = OpenStores()
}

/// Stores by path, each kept while something else holds it: the second asker of a path gets the first's store.
final class OpenStores: @unchecked Sendable {
    private struct Held {
        weak var store: PlannerStore?
    }

    private let lock = NSLock()
    private var held: [String: Held] = [:]

    /// The store open at `path`, else the one `opening` opens. The lock is held while it opens: a command opens its
    /// file on two threads at once, and the second waits for the first's store rather than opening the file beside it.
    func store(path: String, opening: () throws -> PlannerStore) throws -> PlannerStore {
        lock.lock()
        defer { lock.unlock() }
        if let store = held[path]?.store { return store }
        let store = try opening()
        held = held.filter { $0.value.store != nil }
        held[path] = Held(store: store)
        return store
    }
}
