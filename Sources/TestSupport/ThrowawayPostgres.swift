import Foundation
#if canImport(Glibc)
    import Glibc
#endif

/// One PostgreSQL cluster for the test process, started on first use by `Scripts/throwaway-postgres.sh` (initdb
/// in a temporary folder, pg_ctl on a free loopback port) and stopped when the process exits. Each test asks for
/// a database of its own.
///
/// Where PostgreSQL is not installed, ``isAvailable`` is false and the tests that need it skip, saying so; the
/// test command installs it, so CI always runs them.
public enum ThrowawayPostgres {
    /// Why the cluster is not there, or nil when it runs.
    public static let unavailableReason: String? = {
        if cluster == nil { return startFailure }
        return nil
    }()

    /// True when a cluster runs.
    public static var isAvailable: Bool { unavailableReason == nil }

    /// The skip message for tests that need it.
    public static let skipMessage =
        "skipped: PostgreSQL is not installed here (apt-get install postgresql; the test command does it)"

    /// A fresh, empty database on the cluster: its `postgres://` address.
    public static func newDatabase() throws -> String {
        guard let cluster else { throw Failure(message: unavailableReason ?? "no cluster") }
        let name = "test_\(UUID().uuidString.replacingOccurrences(of: "-", with: "").lowercased().prefix(16))"
        let created = try run([cluster.bin + "/createdb", "-h", "127.0.0.1", "-p", "\(cluster.port)", "-U", "planner", name])
        guard created.status == 0 else { throw Failure(message: "createdb failed: \(created.output)") }
        return "postgres://planner@127.0.0.1:\(cluster.port)/\(name)"
    }

    public struct Failure: Error, CustomStringConvertible {
        public let message: String
        public var description: String { message }
    }

    // MARK: - The cluster

    private struct Cluster {
        let directory: String
        let port: Int
        let bin: String
    }

    nonisolated(unsafe) private static var startFailure: String?
    nonisolated(unsafe) private static var stopDirectory: String?

    private static let cluster: Cluster? = {
        let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let start = repository.appendingPathComponent("Scripts/throwaway-postgres.sh").path
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("planner-pg-\(ProcessInfo.processInfo.processIdentifier)").path
        guard let result = try? run(["/bin/bash", start, "start", directory]) else {
            startFailure = "skipped: Scripts/throwaway-postgres.sh could not be run"
            return nil
        }
        if result.status == 2 {
            startFailure = skipMessage
            return nil
        }
        guard result.status == 0, let line = result.output.split(separator: "\n").last,
            let url = URLComponents(string: String(line)), let port = url.port,
            let bin = try? FileManager.default.contentsOfDirectory(atPath: "/usr/lib/postgresql").sorted().last
        else {
            startFailure = "the throwaway PostgreSQL did not start: \(result.output.suffix(500))"
            return nil
        }
        stopDirectory = directory
        stopScript = start
        atexit {
            guard let directory = ThrowawayPostgres.stopDirectory, let script = ThrowawayPostgres.stopScript else { return }
            _ = try? ThrowawayPostgres.run(["/bin/bash", script, "stop", directory])
        }
        return Cluster(directory: directory, port: port, bin: "/usr/lib/postgresql/\(bin)/bin")
    }()

    nonisolated(unsafe) private static var stopScript: String?

    /// Runs a program to its end; its status and its output and errors together.
    ///
    /// Not with Foundation's `Process`: on Linux it learns that a child ended through a descriptor the child
    /// inherits, and the server `pg_ctl` starts would inherit it too and hold it open, so `waitUntilExit` would
    /// wait as long as the server runs. `posix_spawn` and `waitpid` do not (and the script closes what the server
    /// would inherit).
    static func run(_ arguments: [String]) throws -> (status: Int32, output: String) {
        let outputPath = FileManager.default.temporaryDirectory.appendingPathComponent("planner-run-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: outputPath) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, outputPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        posix_spawn_file_actions_adddup2(&actions, 1, 2)
        var pid: pid_t = 0
        let argv = arguments.map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        let spawned = posix_spawn(&pid, arguments[0], &actions, nil, argv, environ)
        guard spawned == 0 else { throw Failure(message: "cannot run \(arguments[0]): \(String(cString: strerror(spawned)))") }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        let exitStatus = (status & 0x7f) == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f)
        return (exitStatus, (try? String(contentsOfFile: outputPath, encoding: .utf8)) ?? "")
    }
}
