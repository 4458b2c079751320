import ArgumentParser
import Foundation
import PlannerApp
import PlannerTerminal

/// Runs `planner serve`, `planner users` or `planner db` (started as `planner-server …` by `planner`), and turns
/// every failure into one line on standard error and a non-zero exit, as `planner` does.
@main
enum ServerEntry {
    static func main() async {
        // A closed pipe is a write error to report (EPIPE), not a signal that kills the process unannounced.
        signal(SIGPIPE, SIG_IGN)
        do {
            var command = try ServerCommand.parseAsRoot()
            if var asyncCommand = command as? AsyncParsableCommand {
                try await asyncCommand.run()
            } else {
                try command.run()
            }
        } catch {
            if let exit = error as? ExitCode { Foundation.exit(exit.rawValue) }
            let code = ServerCommand.exitCode(for: error)
            // Help and other clean exits print as argument-parser intends.
            if code == .success { ServerCommand.exit(withError: error) }
            var message = ServerCommand.message(for: error)
            if message.isEmpty { message = String(describing: error) }
            CommandFailure.exit(message: message, validationFailure: code == .validationFailure, code: code.rawValue)
        }
    }
}
