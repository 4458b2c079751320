import Foundation

/// Runs a program to completion, killing it with SIGKILL after a time limit.
func runTool(_ executable: String, _ arguments: [String], timeoutSeconds: Double = 60) async throws -> (status: Int32, stdout: String, stderr: String) {
    let directory = PlannerProcess.temporaryDirectory()
    let outURL = directory.appendingPathComponent("out"), errURL = directory.appendingPathComponent("err")
    _ = FileManager.default.createFile(atPath: outURL.path, contents: nil)
    _ = FileManager.default.createFile(atPath: errURL.path, contents: nil)
    let out = try FileHandle(forWritingTo: outURL), err = try FileHandle(forWritingTo: errURL)
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    process.standardOutput = out
    process.standardError = err
    process.standardInput = FileHandle.nullDevice
    try process.run()
    let deadline = Date().addingTimeInterval(timeoutSeconds)
    while process.isRunning && Date() < deadline { try await Task.sleep(nanoseconds: 10_000_000) }
    if process.isRunning { kill(process.processIdentifier, SIGKILL) }
    process.waitUntilExit()
    try out.close()
    try err.close()
    return (
        process.terminationStatus, (try? String(contentsOf: outURL, encoding: .utf8)) ?? "",
        (try? String(contentsOf: errURL, encoding: .utf8)) ?? ""
    )
}

/// The first of `names` found on the PATH.
func which(_ names: String...) -> String? {
    let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
    for name in names {
        for directory in path.split(separator: ":") {
            let candidate = "\(directory)/\(name)"
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
    }
    return nil
}

/// Python 3, for checking output with the reference packages (geojson, icalendar).
enum Python {
    static let path = which("python3")

    /// Checked once, synchronously, for test traits.
    static func hasModule(_ name: String) -> Bool {
        guard let path else { return false }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = ["-c", "import \(name)"]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return false }
        process.waitUntilExit()
        return process.terminationStatus == 0
    }

    static func run(_ script: String, arguments: [String] = []) async throws -> (status: Int32, stdout: String, stderr: String) {
        let file = PlannerProcess.temporaryDirectory().appendingPathComponent("check.py")
        let lines = script.split(separator: "\n", omittingEmptySubsequences: false)
        try lines.joined(separator: "\n").write(to: file, atomically: true, encoding: .utf8)
        return try await runTool(path ?? "/usr/bin/python3", [file.path] + arguments)
    }
}

/// Headless Chromium, for screenshots of the HTML map.
enum Chromium {
    static let path = which("chromium", "chromium-browser", "google-chrome")

    /// Screenshots `page` into `png` at `windowSize` ("width,height"). With the whole suite running on two cores a
    /// screenshot has taken over a minute, so Chromium gets three.
    static func screenshot(_ page: URL, to png: URL, windowSize: String = "1000,800") async throws
        -> (status: Int32, stdout: String, stderr: String)
    {
        try await runTool(
            path ?? "chromium",
            [
                "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars", "--window-size=\(windowSize)",
                "--user-data-dir=\(PlannerProcess.temporaryDirectory().path)", "--screenshot=\(png.path)", page.absoluteString,
            ], timeoutSeconds: 180)
    }
}
