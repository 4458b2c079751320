import ArgumentParser
import PlannerApp
import PlannerService

/// `--db FILE` or `--database postgres://…`: the store of commands that also work on a server's PostgreSQL
/// database (`users`, `db`).
struct DatabaseOptions: ParsableArguments {
    @Option(
        name: .long,
        help: ArgumentHelp(
            "The database file.", discussion: "Default: $PLANNER_DB, else $XDG_DATA_HOME/planner/planner.sqlite.",
            valueName: "file"))
    var db: String?

    @Option(
        name: .long,
        help: ArgumentHelp(
            "A PostgreSQL database instead of the file (as 'planner serve --database' uses).",
            discussion: "postgres://USER[:PASSWORD]@HOST[:PORT]/DATABASE; default: $PLANNER_DATABASE_URL.",
            valueName: "url"))
    var database: String?

    func validate() throws {
        if db != nil && database != nil { throw ValidationError("--db and --database can't be used together") }
    }

    /// The storage these options name; a PostgreSQL database must already be migrated to this planner's schema.
    func open() throws -> Storage {
        try Storage.open(
            database: database, db: db, environment: CompositionRoot.environment, schema: .require, maximumConnections: 2)
    }
}
