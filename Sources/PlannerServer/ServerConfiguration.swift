import PlannerApp

/// How `planner serve` runs: where it listens, its database, and its limits.
package struct ServerConfiguration: Sendable {
    /// The address to listen on; 127.0.0.1 keeps it to this machine.
    package var host: String
    /// The port; 0 picks a free one (the `listening on` line says which).
    package var port: Int
    /// The SQLite file shared by every user; nil for `$PLANNER_DB` or the default path.
    package var databasePath: String?
    /// A PostgreSQL database (`postgres://…`) instead of the SQLite file, for several servers sharing one;
    /// nil for `$PLANNER_DATABASE_URL`, else the SQLite file.
    package var databaseURL: String?
    /// Requests per second each token may make (with a burst of the same size).
    package var requestsPerSecondPerToken: Double
    /// The largest request body accepted, in bytes.
    package var maxBodyBytes: Int
    /// The region of a calendar feed that names none, after the settings' region and the home's country.
    package var region: String
    /// What ``region`` is when nothing names one: TMDb lists releases for any country, and a feed must answer.
    package static let defaultRegion = "US"
    /// The environment the use cases read (data folder, service URLs and keys, settings file).
    package var environment: PlannerApp.Environment

    package static let defaultMaxBodyBytes = 1_048_576

    package init(
        host: String = "127.0.0.1", port: Int = 8080, databasePath: String? = nil, databaseURL: String? = nil,
        requestsPerSecondPerToken: Double = 50, region: String = ServerConfiguration.defaultRegion,
        maxBodyBytes: Int = ServerConfiguration.defaultMaxBodyBytes, environment: PlannerApp.Environment
    ) {
        self.host = host
        self.port = port
        self.databasePath = databasePath
        self.databaseURL = databaseURL
        self.requestsPerSecondPerToken = requestsPerSecondPerToken
        self.maxBodyBytes = maxBodyBytes
        self.region = region
        self.environment = environment
    }
}
