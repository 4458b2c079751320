import ArgumentParser
import PlannerApp

/// The root of `planner-server`: the commands `planner` hands over to it (`ServerHandOver`), named and versioned as
/// `planner`'s own, so that their help and errors read the same whichever executable was started.
struct ServerCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "planner",
        abstract: "planner's service commands: the HTTP API and web page, its users, and its PostgreSQL database.",
        version: PlannerVersion.current,
        subcommands: [ServeCommand.self, UsersCommand.self, DbCommand.self]
    )
}
