import ArgumentParser
import Foundation
import PlannerApp

/// `planner serve`, `planner users` and `planner db` are run by `planner-server`, the executable installed beside
/// `planner`: it links the web server, postgres-nio and BoringSSL, which every other command would otherwise load
/// and relocate at start (BENCHMARKS.md). The command line is handed over whole, so that its options, help, errors
/// and exit codes are that executable's, in `planner`'s words.
enum ServerHandOver {
    /// The executable's file name, beside `planner`.
    static let executableName = "planner-server"
    /// The commands it runs.
    static let commands = ["serve", "users", "db"]

    /// Whether `arguments` (without the program's name) are one of its commands, or help for one.
    static func isFor(_ arguments: [String]) -> Bool {
        guard let first = arguments.first else { return false }
        if first == "help", arguments.count > 1 { return commands.contains(arguments[1]) }
        return commands.contains(first)
    }

    /// Replaces this process with `planner-server ARGUMENTS`.
    /// - Throws: ``PlannerAppError/notFound(_:)`` when it is not beside `planner`, or cannot be run.
    static func run(_ arguments: [String]) throws -> Never {
        let beside = Bundle.main.executableURL?.resolvingSymlinksInPath().deletingLastPathComponent()
            ?? URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        let path = beside.appendingPathComponent(executableName).path
        let command = arguments.first == "help" ? arguments[1] : arguments[0]
        guard FileManager.default.isExecutableFile(atPath: path) else {
            throw PlannerAppError.notFound(
                "'planner \(command)' is run by \(executableName), which is not beside planner (no \(path)); build it "
                    + "there ('swift build --product \(executableName)' with the options planner was built with), or "
                    + "install both with Scripts/install.sh")
        }
        let argv = ([path] + arguments).map { strdup($0) } + [nil]
        execv(path, argv)
        let reason = String(cString: strerror(errno))
        throw PlannerAppError.notFound("'planner \(command)' could not run \(path): \(reason)")
    }
}

extension PlannerCommand {
    /// `planner serve`, as `planner --help` lists it; `ServerHandOver` runs it.
    struct ServeCommand: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "serve", abstract: ServiceCommandHelp.serve)
        @Argument(parsing: .captureForPassthrough, help: "Its options: planner serve --help.") var options: [String] = []
        func run() throws { try ServerHandOver.run(["serve"] + options) }
    }

    /// `planner users`, as `planner --help` lists it; `ServerHandOver` runs it.
    struct UsersCommand: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "users", abstract: ServiceCommandHelp.users)
        @Argument(parsing: .captureForPassthrough, help: "Its commands: planner users --help.") var options: [String] = []
        func run() throws { try ServerHandOver.run(["users"] + options) }
    }

    /// `planner db`, as `planner --help` lists it; `ServerHandOver` runs it.
    struct DbCommand: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "db", abstract: ServiceCommandHelp.db)
        @Argument(parsing: .captureForPassthrough, help: "Its commands: planner db --help.") var options: [String] = []
        func run() throws { try ServerHandOver.run(["db"] + options) }
    }
}
