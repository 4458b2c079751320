import Foundation
import Theaters

/// Finds the bundled data (`theaters.csv`, `places.csv`, `place-names.csv`, `coverage.csv`, `areas/`).
///
/// The places, in order:
/// 1. `$PLANNER_DATA_DIR`, when it names a folder holding `theaters.csv`: an explicit setting wins, as
///    `$PLANNER_DB` and `$PLANNER_CONFIG` do (a set but empty folder is passed over, and named if nothing is found);
/// 2. `Data/` beside the binary, or in a folder above it (the repository's `Data/` for `.build/debug/planner`);
/// 3. `../share/planner` from the binary's folder (what `Scripts/install.sh PREFIX` lays out).
///
/// ```swift
/// let data = try DataDirectory.locate()
/// let theaters = data.appendingPathComponent("theaters.csv")
/// ```
package enum DataDirectory {
    /// The environment variable that names the data folder.
    package static let variable = "PLANNER_DATA_DIR"
    /// How many folders above the binary's own are searched for a `Data/` folder (`.build/<triple>/debug` → root).
    static let levelsAbove = 5

    /// The data folder.
    /// - Parameters:
    ///   - environment: the process environment, for `$PLANNER_DATA_DIR`.
    ///   - executable: the running binary; by default the real file of this process, symlinks resolved.
    /// - Throws: `TheatersError.bundledDataNotFound` naming every place looked at.
    package static func locate(
        environment: [String: String] = ProcessEnvironment.variables,
        executable: URL = Executable.url()
    ) throws -> URL {
        let explicit = environment[variable].flatMap { $0.isEmpty ? nil : URL(fileURLWithPath: $0) }
        if let explicit, hasData(explicit) { return explicit }

        let binDirectory = resolvingLinks(executable).deletingLastPathComponent()
        // Folders named as folders: `appendingPathComponent` would ask the file system about each.
        let beside = binDirectory.appending(path: "Data", directoryHint: .isDirectory)
        let share = binDirectory.deletingLastPathComponent()
            .appending(path: "share/planner", directoryHint: .isDirectory)
        var above: [URL] = []
        var directory = binDirectory
        for _ in 0..<levelsAbove where directory.path != "/" {
            directory = directory.deletingLastPathComponent()
            above.append(directory.appending(path: "Data", directoryHint: .isDirectory))
        }
        // The install layout comes before the folders above, so that a stray `/usr/Data` never shadows it.
        if let found = ([beside, share] + above).first(where: hasData) { return found }

        throw TheatersError.bundledDataNotFound(searched: [
            explicit.map { "\(variable)=\($0.path)" } ?? "\(variable) (not set)",
            "\(beside.path) (and a Data folder above it)",
            share.path,
        ])
    }

    /// `url` with every symbolic link in it followed: realpath(3), which is what `resolvingSymlinksInPath()` does
    /// without its per-component resource lookups (a millisecond of each command's start); that where realpath
    /// fails (a path that does not exist).
    static func resolvingLinks(_ url: URL) -> URL {
        guard let resolved = realpath(url.path, nil) else { return url.resolvingSymlinksInPath() }
        defer { free(resolved) }
        return URL(fileURLWithPath: String(cString: resolved))
    }

    /// Whether `url` is a data folder: it holds `theaters.csv`.
    package static func hasData(_ url: URL) -> Bool {
        FileManager.default.fileExists(atPath: url.appending(path: "theaters.csv", directoryHint: .notDirectory).path)
    }
}
