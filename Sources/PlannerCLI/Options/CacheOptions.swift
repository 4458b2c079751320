import ArgumentParser
import PlannerApp

/// `--offline`, `--refresh`, `--db` and `--verbose`: how a command that asks a service (TMDb, Finnkino) uses its
/// cache and the database, shared by the film and the showtimes options.
struct CacheOptions: ParsableArguments {
    @Flag(name: .long, help: "Answer from the local cache (and imported shows) only; never go online.")
    var offline = false

    @Flag(name: .long, help: "Ask the service even when the cache holds a fresh answer.")
    var refresh = false

    @Option(
        name: .long,
        help: ArgumentHelp(
            "The database file (watchlist, caches and imported shows).",
            discussion: "Default: $PLANNER_DB, else $XDG_DATA_HOME/planner/planner.sqlite.", valueName: "file"))
    var db: String?

    @Flag(name: .long, help: "Report each request on standard error: URL (without keys), status, time.")
    var verbose = false

    /// The same choices as plain values, for the core.
    var request: CacheRequest { CacheRequest(offline: offline, refresh: refresh, db: db, verbose: verbose) }

    func validate() throws {
        try ValidationError.rethrowing { try request.validate() }
    }
}
