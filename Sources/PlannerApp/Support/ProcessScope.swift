import Foundation
import Settings
import Watchlist

/// What one run of the command line opens or reads once for every use case that asks
/// (``Environment/commandLine(variables:)``): the SQLite file, and the settings.
///
/// `suggest` built its film services, its showtimes services and its lookup cache over three opens of the same
/// file, each checking it (`PRAGMA quick_check`) and its migrations; a command read the settings file four to six
/// times. A file open here is kept only while something holds it (a weak reference), so it is still closed when
/// the command is done with it, and its WAL is cut back as before; one that failed to open is tried again by the
/// next caller. The settings are read again whenever their file's stamp changes (`planner config set` in the same
/// process).
package final class ProcessScope: @unchecked Sendable {
    /// A store kept while something else holds it.
    private final class Held {
        weak var store: PlannerStore?
        init(_ store: PlannerStore) { self.store = store }
    }

    private let openLock = NSLock()
    private var stores: [String: Held] = [:]
    private let settingsLock = NSLock()
    private var savedSettings: (stamp: FileStamp?, settings: Settings)?

    package init() {}

    /// The store open on `path` (read-only or not) if one is, else the one `open` opens. Opens wait for each other:
    /// a second caller gets the first's store rather than opening the file beside it.
    func database(path: String, readOnly: Bool, _ open: () throws -> PlannerStore) throws -> PlannerStore {
        let key = (readOnly ? "read-only\n" : "read-write\n") + path
        return try openLock.withLock {
            if let store = stores[key]?.store { return store }
            let store = try open()
            stores[key] = Held(store)
            return store
        }
    }

    /// The settings in `file`, read again only when the file's stamp (inode, size, modification time) changed.
    func settings(_ file: SettingsFile) throws -> Settings {
        // The stamp is taken before reading: a change in between is read now and seen again next time.
        let stamp = FileStamp(path: file.url.path)
        if let saved = settingsLock.withLock({ savedSettings }), saved.stamp == stamp { return saved.settings }
        let settings = try file.load()
        settingsLock.withLock { savedSettings = (stamp, settings) }
        return settings
    }
}
