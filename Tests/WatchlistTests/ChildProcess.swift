import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// A copy of this test binary running one test, so a test can have a second process on the same database.
///
/// Processes started from `swift test` ignore SIGTERM, so a child is always ended with SIGKILL.
struct ChildTestProcess {
    let process: Process
    let outputPath: String

    /// Starts this binary running only the test `testName`, with `environment` added to ours.
    init(running testName: String, environment: [String: String], outputPath: String) throws {
        let executable = try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")
        process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = ["--testing-library", "swift-testing", "--filter", testName]
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        _ = FileManager.default.createFile(atPath: outputPath, contents: nil)
        let output = try FileHandle(forWritingTo: URL(fileURLWithPath: outputPath))
        process.standardOutput = output
        process.standardError = output
        self.outputPath = outputPath
        try process.run()
    }

    /// Kills the child with SIGKILL and reaps it.
    func kill() {
        if process.isRunning { _ = Glibc.kill(process.processIdentifier, SIGKILL) }
        process.waitUntilExit()
    }

    /// Waits up to `seconds` for the child to exit, killing it when it takes longer. Returns its exit status,
    /// or nil when it had to be killed.
    func wait(seconds: Double) -> Int32? {
        let deadline = Date().addingTimeInterval(seconds)
        while process.isRunning && Date() < deadline { usleep(10_000) }
        guard !process.isRunning else {
            kill()
            return nil
        }
        process.waitUntilExit()
        return process.terminationStatus
    }

    /// What the child printed, for failure messages.
    var output: String {
        (try? String(contentsOfFile: outputPath, encoding: .utf8)) ?? ""
    }
}

/// Whether this process is a child started to run one of the hidden child tests.
enum ChildRole {
    static let databaseVariable = "WATCHLIST_TEST_CHILD_DB"
    static let readyVariable = "WATCHLIST_TEST_CHILD_READY"

    static var databasePath: String? { ProcessInfo.processInfo.environment[databaseVariable] }
    static var readyPath: String? { ProcessInfo.processInfo.environment[readyVariable] }
    static var isChild: Bool { databasePath != nil }
}
