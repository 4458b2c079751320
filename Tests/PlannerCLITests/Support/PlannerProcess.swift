import Foundation

/// Runs the built `planner` executable as a user would, with a private settings file and the repository's Data/.
struct PlannerProcess {
    struct Result {
        let status: Int32
        let stdout: String
        let stderr: String
    }

    /// The repository root (two levels above this file's test folder).
    static let repositoryRoot: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The `planner` binary beside the test bundle.
    static let executable: URL = {
        let bundleDirectory = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        for candidate in [bundleDirectory, bundleDirectory.deletingLastPathComponent()] {
            let url = candidate.appendingPathComponent("planner")
            if FileManager.default.isExecutableFile(atPath: url.path) { return url }
        }
        return repositoryRoot.appendingPathComponent(".build/debug/planner")
    }()

    /// A fresh temporary folder for one test.
    static func temporaryDirectory() -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("planner-test-\(UUID().uuidString)")
        try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    let home: URL
    var environment: [String: String]

    init(environment extra: [String: String] = [:]) {
        home = PlannerProcess.temporaryDirectory()
        var environment = ProcessInfo.processInfo.environment
        environment["PLANNER_CONFIG"] = home.appendingPathComponent("config.json").path
        environment["PLANNER_DB"] = home.appendingPathComponent("planner.sqlite").path
        environment["PLANNER_DATA_DIR"] = PlannerProcess.repositoryRoot.appendingPathComponent("Data").path
        environment["XDG_DATA_HOME"] = home.appendingPathComponent("data").path
        // OpenStreetMap's services are asked by default where the local data falls short: never the real ones
        // from a test. Port 9 (discard) on loopback refuses at once; the online tests point these at fakes.
        environment["OVERPASS_URL"] = "http://127.0.0.1:9/api/interpreter"
        environment["NOMINATIM_URL"] = "http://127.0.0.1:9"
        environment["FINNKINO_BASE_URL"] = "http://127.0.0.1:9/xml"
        environment["GRACENOTE_BASE_URL"] = "http://127.0.0.1:9/v1.1"
        environment.removeValue(forKey: "GRACENOTE_API_KEY")
        for key in environment.keys where key.hasPrefix("MOVIEGLU_") { environment.removeValue(forKey: key) }
        // Cinemas' own pages are real web sites (OpenStreetMap's website tags): never read from a test unless it
        // points them at a fake and lifts this.
        environment["PLANNER_SHOWTIMES_WEBSITES"] = "never"
        for (key, value) in extra { environment[key] = value }
        self.environment = environment
    }

    /// Runs `planner ARGS…`, killing it (SIGKILL) if it takes longer than `timeoutSeconds`.
    /// It waits with `Task.sleep`, so that fake servers in this process keep answering meanwhile.
    func run(_ arguments: [String], timeoutSeconds: Double = 60) async throws -> Result {
        let process = Process()
        process.executableURL = PlannerProcess.executable
        process.arguments = arguments
        process.environment = environment
        process.currentDirectoryURL = home
        let outURL = home.appendingPathComponent("stdout-\(UUID().uuidString)")
        let errURL = home.appendingPathComponent("stderr-\(UUID().uuidString)")
        _ = FileManager.default.createFile(atPath: outURL.path, contents: nil)
        _ = FileManager.default.createFile(atPath: errURL.path, contents: nil)
        let out = try FileHandle(forWritingTo: outURL)
        let err = try FileHandle(forWritingTo: errURL)
        process.standardOutput = out
        process.standardError = err
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let deadline = Date().addingTimeInterval(timeoutSeconds)
        while process.isRunning && Date() < deadline { try await Task.sleep(nanoseconds: 10_000_000) }
        if process.isRunning {
            kill(process.processIdentifier, SIGKILL)
        }
        process.waitUntilExit()
        try out.close()
        try err.close()
        return Result(
            status: process.terminationStatus,
            stdout: (try? String(contentsOf: outURL, encoding: .utf8)) ?? "",
            stderr: (try? String(contentsOf: errURL, encoding: .utf8)) ?? "")
    }
}
