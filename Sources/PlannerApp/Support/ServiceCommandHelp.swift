/// The one-line help of the commands `planner-server` runs (`planner serve`, `users`, `db`), for its own commands and
/// for the entries `planner --help` lists, which hand the line over to it.
package enum ServiceCommandHelp {
    package static let serve = "Serve the HTTP API (/v1/…), the web page (/), /openapi.json, /healthz and /metrics."
    package static let users =
        "Add, list, rotate and remove the users of 'planner serve' (tokens are shown once, stored hashed)."
    package static let db = "Migrate a PostgreSQL database for 'planner serve --database', or copy a SQLite store into one."
}
