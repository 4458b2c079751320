import ArgumentParser
import Foundation
import PlannerApp
import PlannerService
import PostgresStore

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
                guard let url = database ?? ProcessInfo.processInfo.environment["PLANNER_DATABASE_URL"], !url.isEmpty
                else { throw ValidationError("give the database with --database postgres://… or PLANNER_DATABASE_URL") }
                let backend = try PostgresBackend(url: url, maximumConnections: 1, schema: .none)
                defer { backend.close() }
                let applied = try PostgresMigrations.migrate(backend)
                Console.out(
                    applied.isEmpty
                        ? "\(backend.location) is current (\(PostgresMigrations.all.count) migrations)"
                        : "applied \(applied.count) migration\(applied.count == 1 ? "" : "s") to \(backend.location): "
                            + applied.joined(separator: ", "))
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
                // Opened as every command opens it: an older store is migrated first, so that all of it is read.
                let source = try AppDatabase.open(explicit: from)
                let target = try PostgresBackend(url: to, maximumConnections: 1, schema: .migrate)
                defer { target.close() }
                let report = try DatabaseCopy.run(from: source, to: target)
                Console.out("copied \(source.path) to \(target.location): \(report.summary)")
            }
        }
    }
}
