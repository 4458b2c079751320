import ArgumentParser
import PlannerApp

/// `--db`, for the list commands that need no TMDb.
struct StoreOptions: ParsableArguments {
    @Option(
        name: .long,
        help: ArgumentHelp(
            "The database file.", discussion: "Default: $PLANNER_DB, else $XDG_DATA_HOME/planner/planner.sqlite.",
            valueName: "file"))
    var db: String?

    func open() throws -> ListBook { try ListBook.open(databaseFile: db, environment: CompositionRoot.environment) }
}

extension FilmReference: ExpressibleByArgument {
    package init?(argument: String) { self.init(text: argument) }
}

