import ArgumentParser
import Foundation
import Geo
import PlannerApp
import PlannerTerminal
import PlannerService
import PlannerServer

extension ServerCommand {
    /// `planner serve`: the HTTP API and the web page, on the same use cases as the commands.
    struct ServeCommand: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "serve",
            abstract: ServiceCommandHelp.serve,
            discussion: """
                Prints 'listening on http://HOST:PORT' once it accepts connections, and one access-log line per
                request on standard error (no token or feed key). SIGTERM or SIGINT stops it gracefully.
                Users: 'planner users add NAME' prints a token for /v1/me/….
                """)

        @Option(name: .long, help: "The address to listen on.")
        var host: String = "127.0.0.1"

        @Option(name: .long, parsing: .unconditional, help: "The port; 0 picks a free one.")
        var port: Int = 8080

        @Option(
            name: .long,
            help: ArgumentHelp(
                "The database file (users, their lists, caches).",
                discussion: "Default: $PLANNER_DB, else $XDG_DATA_HOME/planner/planner.sqlite.", valueName: "file"))
        var db: String?

        @Option(
            name: .long,
            help: ArgumentHelp(
                "A PostgreSQL database instead of the file, for several servers sharing one.",
                discussion: "postgres://USER[:PASSWORD]@HOST[:PORT]/DATABASE; default: $PLANNER_DATABASE_URL. "
                    + "Its migrations are applied at start; a database migrated by a newer planner is refused.",
                valueName: "url"))
        var database: String?

        @Option(name: .customLong("rate-limit"), parsing: .unconditional, help: "Requests per second per token.")
        var rateLimit: Double = 50

        @Option(
            name: .long,
            help: ArgumentHelp(
                "The region of a calendar feed that names none (a two-letter country code).",
                discussion: "A feed's own region= comes first, then the settings' region, then the home's country, "
                    + "then this; default \(ServerConfiguration.defaultRegion).",
                valueName: "CC"))
        var region: String = ServerConfiguration.defaultRegion

        @Option(
            name: .customLong("routing-walk"),
            help: ArgumentHelp(
                "Where walking routes come from: builtin, osrm:URL or valhalla:URL.",
                discussion: "As the setting routing.walk; default: $PLANNER_ROUTING_WALK, else the setting, else builtin.",
                valueName: "engine"))
        var routingWalk: String?

        @Option(
            name: .customLong("routing-bike"),
            help: ArgumentHelp("Where cycling routes come from (as --routing-walk).", valueName: "engine"))
        var routingBike: String?

        @Option(
            name: .customLong("routing-drive"),
            help: ArgumentHelp("Where driving routes come from (as --routing-walk).", valueName: "engine"))
        var routingDrive: String?

        /// The engines given, by mode: each stands for its `PLANNER_ROUTING_…` variable.
        private var routingOptions: [(mode: TravelMode, engine: String)] {
            [(TravelMode.walk, routingWalk), (.bike, routingBike), (.drive, routingDrive)].compactMap { mode, engine in
                engine.map { (mode, $0) }
            }
        }

        func validate() throws {
            for (mode, engine) in routingOptions {
                do {
                    try Environment.checkRoutingEngine(engine)
                } catch {
                    throw ValidationError("--routing-\(mode.rawValue): \(error)")
                }
            }
            guard (0...65535).contains(port) else { throw ValidationError("--port must be from 0 to 65535, not \(port)") }
            guard rateLimit > 0, rateLimit.isFinite else { throw ValidationError("--rate-limit must be above 0") }
            if database != nil && db != nil { throw ValidationError("--db and --database can't be used together") }
            guard region.count == 2, region.allSatisfy({ $0.isASCII && $0.isLetter }) else {
                throw ValidationError("--region must be a two-letter country code such as FI, not '\(region.prefix(80))'")
            }
        }

        func run() async throws {
            // The options stand for the variables they override, so that every request reads one place.
            var variables = ProcessEnvironment.variables
            for (mode, engine) in routingOptions { variables[Environment.routingVariable(mode)] = engine }
            let configuration = ServerConfiguration(
                host: host, port: port, databasePath: db, databaseURL: database, requestsPerSecondPerToken: rateLimit,
                region: region.uppercased(),
                environment: Environment(variables: variables, cache: DataCache()))
            try await PlannerServer.run(configuration) { address in
                Console.out("listening on \(address)")
            }
        }
    }
}
