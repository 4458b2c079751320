import ArgumentParser
import Foundation
import PlannerApp
import PlannerTerminal
import PlannerService

extension ServerCommand {
    /// `planner db`: the PostgreSQL database several `planner serve` instances share.
    struct DbCommand: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "db",
            abstract: ServiceCommandHelp.db,
            subcommands: [Migrate.self, Copy.self])

        struct Migrate: ParsableCommand {
            static let configuration = CommandConfiguration(
                commandName: "migrate",
                abstract: "Apply the migrations this planner has and the database lacks (each once, in order).",
                discussion: "Example: planner db migrate --database postgres://planner@127.0.0.1:5432/planner")

            @Option(
                name: .long,
                help: ArgumentHelp(
                    "The PostgreSQL database.", discussion: "Default: $PLANNER_DATABASE_URL.", valueName: "url"))
            var database: String?

            func run() throws {
                guard let url = database ?? CompositionRoot.environment.variables["PLANNER_DATABASE_URL"], !url.isEmpty
                else { throw ValidationError("give the database with --database postgres://… or PLANNER_DATABASE_URL") }
                Console.out(try DatabaseMaintenance.migrate(url: url))
            }
        }

        struct Copy: ParsableCommand {
            static let configuration = CommandConfiguration(
                commandName: "copy",
                abstract: "Copy a SQLite store's users, lists, diaries and series into PostgreSQL (again: adds nothing).",
                discussion: "Example: planner db copy --from planner.sqlite --to postgres://planner@127.0.0.1/planner")

            @Option(name: .long, help: ArgumentHelp("The SQLite store to copy.", valueName: "file"))
            var from: String

            @Option(name: .long, help: ArgumentHelp("The PostgreSQL database (migrated first).", valueName: "url"))
            var to: String

            func run() throws {
                guard FileManager.default.fileExists(atPath: from) else {
                    throw ValidationError("there is no store at '\(from)'")
                }
                Console.out(try DatabaseMaintenance.copy(from: from, to: to, environment: CompositionRoot.environment))
            }
        }
    }
}
