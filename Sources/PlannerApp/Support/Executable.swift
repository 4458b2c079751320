import Foundation

/// Where the running binary is, so that it can find the data installed beside it.
package enum Executable {
    /// The running binary's file: `/proc/self/exe` on Linux; else `argv[0]`, looked up in `$PATH` when it has no
    /// slash (a shell runs `planner` from `PATH` with `argv[0]` just `planner`).
    /// - Parameter procSelf: the link naming the process's binary; nil to go by `argv[0]` alone.
    package static func url(
        arguments: [String] = CommandLine.arguments,
        environment: [String: String] = ProcessEnvironment.variables,
        procSelf: String? = "/proc/self/exe"
    ) -> URL {
        if let procSelf, let path = try? FileManager.default.destinationOfSymbolicLink(atPath: procSelf) {
            return URL(fileURLWithPath: path)
        }
        let name = arguments.first ?? "planner"
        if name.contains("/") { return URL(fileURLWithPath: name).standardizedFileURL }
        for folder in (environment["PATH"] ?? "").split(separator: ":") {
            let candidate = URL(fileURLWithPath: String(folder)).appendingPathComponent(name)
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        }
        return URL(fileURLWithPath: name)
    }
}
