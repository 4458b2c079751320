import Foundation
import Theaters

/// Finds the bundled `Data/` folder: `$PLANNER_DATA_DIR`, else a `Data/` beside or above the executable
/// (the repository layout), else `./Data`.
package enum DataDirectory {
    package static func locate(environment: [String: String] = ProcessInfo.processInfo.environment) throws -> URL {
        var searched: [String] = []
        if let explicit = environment["PLANNER_DATA_DIR"], !explicit.isEmpty {
            let url = URL(fileURLWithPath: explicit)
            if hasData(url) { return url }
            searched.append(url.path)
        }
        let executable = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
        var directory = executable.deletingLastPathComponent()
        for _ in 0..<6 {
            let candidate = directory.appendingPathComponent("Data")
            if hasData(candidate) { return candidate }
            searched.append(candidate.path)
            directory = directory.deletingLastPathComponent()
        }
        let local = URL(fileURLWithPath: FileManager.default.currentDirectoryPath).appendingPathComponent("Data")
        if hasData(local) { return local }
        searched.append(local.path)
        throw TheatersError.bundledDataNotFound(searched: Array(searched.prefix(3)))
    }

    package static func hasData(_ url: URL) -> Bool {
        FileManager.default.fileExists(atPath: url.appendingPathComponent("theaters.csv").path)
    }
}
