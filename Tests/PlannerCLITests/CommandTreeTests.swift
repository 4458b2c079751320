import ArgumentParser
import Testing

@testable import PlannerCLI

@Suite("The command tree")
struct CommandTreeTests {
    /// Without an explicit name, argument-parser derives one with `String(describing:)`, whose first casts scan every
    /// protocol conformance record of the binary: about 7 ms of `planner --version`'s start-up (BENCHMARKS.md).
    @Test func everyCommandNamesItselfSoStartUpNeverScansTheBinarysConformances() {
        var unnamed: [String] = []
        func visit(_ command: ParsableCommand.Type, path: String) {
            let name = command.configuration.commandName
            if name == nil { unnamed.append(path + " → " + String(reflecting: command)) }
            for sub in command.configuration.subcommands {
                visit(sub, path: path + " " + (sub.configuration.commandName ?? "?"))
            }
        }
        visit(PlannerCommand.self, path: "planner")
        #expect(unnamed.isEmpty, "commands without commandName: \(unnamed)")
    }

    @Test func helpNamesEveryEnvironmentVariableAndExitCode() {
        let help = PlannerCommand.helpMessage(columns: 120)
        for variable in [
            "TMDB_READ_ACCESS_TOKEN", "TMDB_API_KEY", "OMDB_API_KEY", "GRACENOTE_API_KEY", "PLANNER_DB",
            "PLANNER_CONFIG", "PLANNER_DATA_DIR", "PLANNER_DATABASE_URL", "OVERPASS_URL", "NOMINATIM_URL",
        ] {
            #expect(help.contains(variable), "\(variable) is not in planner --help")
        }
        #expect(help.contains("EXIT STATUS:") && help.contains("64  Malformed options"))
    }
}
