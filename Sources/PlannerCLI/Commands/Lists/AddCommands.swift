import ArgumentParser
import PlannerApp

/// The options of `watchlist add` and `favorites add`.
struct AddArguments: ParsableArguments {
    @Argument(help: "The film (or with --tv the series): its TMDb id, its IMDb id (tt…), or its title in quotes.")
    var film: FilmReference

    @Flag(name: .long, help: "Add a TV series (TMDb numbers series apart from films: 1396 is one of each).")
    var tv = false

    @Option(name: .long, help: "The release year, to tell films of the same title apart.")
    var year: Int?

    @Option(
        name: .long,
        help: "Store the id with this title and no lookup (offline); the next 'planner sync' fills in the details.")
    var title: String?

    @Option(name: .long, help: "A note to keep with the entry.")
    var note: String?

    @Option(name: .long, help: "A priority: higher comes first where lists sort by it.")
    var priority: Int = 0

    @OptionGroup var options: FilmOptions

    func validate() throws {
        if tv && (year != nil || title != nil) {
            throw ValidationError("--tv adds a series by id or name, looked up on TMDb; --year and --title are for films")
        }
    }

    /// Adds the film or series to `list`.
    func add(to list: FilmList) async throws {
        if tv {
            try await ListActions.addSeries(film, note: note, priority: priority, to: list, film: options)
        } else {
            try await ListActions.add(
                film, year: year, offlineTitle: title, note: note, priority: priority, to: list, film: options)
        }
    }
}

struct WatchlistAdd: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "add",
        abstract:
            "Add a film (or with --tv a series) by TMDb id, IMDb id or title; several matches are listed and nothing "
            + "is added.")

    @OptionGroup var arguments: AddArguments

    func run() async throws {
        try await arguments.add(to: .watchlist)
    }
}

struct FavoritesAdd: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "add", abstract: "Add a film (or with --tv a series) by TMDb id, IMDb id or title.")

    @OptionGroup var arguments: AddArguments

    func run() async throws {
        try await arguments.add(to: .favorites)
    }
}
