import ArgumentParser
import Foundation
import PlannerApp
import PlannerTerminal

/// Runs the command line and turns every failure into one line on standard error and a non-zero exit.
@main
enum PlannerEntry {
    static func main() async {
        // A closed pipe is a write error to report (EPIPE), not a signal that kills the process unannounced.
        signal(SIGPIPE, SIG_IGN)
        do {
            // `--version` alone, and the plain forms of the main command, the lists, now-playing, showtimes, plan
            // and suggest skip argument-parser's reflection (its check for a completion-script request alone is a
            // fifth of `--version`); the rest goes to it.
            let arguments = Array(CommandLine.arguments.dropFirst())
            if arguments == ["--version"] {
                Console.out(PlannerCommand.version)
                return
            }
            if ServerHandOver.isFor(arguments) { try ServerHandOver.run(arguments) }
            if let nearby = QuickNearby(arguments: arguments, environment: CompositionRoot.environment) {
                try await nearby.run()
                return
            }
            if let list = QuickList(arguments: arguments) {
                try await list.run()
                return
            }
            if let nowPlaying = QuickNowPlaying(arguments: arguments) {
                try await nowPlaying.run()
                return
            }
            if let showtimes = QuickShowtimes(arguments: arguments, environment: CompositionRoot.environment) {
                try await showtimes.run()
                return
            }
            if let suggest = QuickSuggest(arguments: arguments, environment: CompositionRoot.environment) {
                try await suggest.run()
                return
            }
            var command = try PlannerCommand.parseAsRoot()
            if var asyncCommand = command as? AsyncParsableCommand {
                try await asyncCommand.run()
            } else {
                try command.run()
            }
        } catch {
            PlannerEntry.fail(error)
        }
    }

    static func fail(_ error: Error) -> Never {
        // A command that has already said why it stops exits with its code and nothing more.
        if let exit = error as? ExitCode { Foundation.exit(exit.rawValue) }
        let code = PlannerCommand.exitCode(for: error)
        // Help, --version and other clean exits print as argument-parser intends.
        if code == .success { PlannerCommand.exit(withError: error) }
        var message = PlannerCommand.message(for: error)
        if message.isEmpty { message = String(describing: error) }
        if code == .validationFailure,
            let unknown = CommandSuggestion.message(for: Array(CommandLine.arguments.dropFirst()))
        {
            message = unknown
        }
        CommandFailure.exit(message: message, validationFailure: code == .validationFailure, code: code.rawValue)
    }
}
