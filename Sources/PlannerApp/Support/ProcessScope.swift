import Basics
import Foundation
import Settings
import Watchlist

/// What one run of the command line reads once for every use case that asks (``Environment/commandLine(variables:)``):
/// the settings, which a command read four to six times. They are read again whenever their file's stamp changes
/// (`planner config set` in the same process).
///
/// The SQLite file is still opened by each use case that asks for it. Handing one open store to every use case of a
/// run (a weak reference, kept while a use case held it) made release builds of `plan` and `showtimes` crash as
/// they ended, in an over-release while the environment was destroyed; the debug build did not. Until that is
/// understood, each open stands alone.
package final class ProcessScope: @unchecked Sendable {
    private let settingsLock = NSLock()
    private var savedSettings: (stamp: FileStamp?, settings: Settings)?

    package init() {}

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
