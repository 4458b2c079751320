import ArgumentParser
import PlannerApp
import Watchlist

/// The options of `watchlist add` and `favorites add`.
struct AddArguments: ParsableArguments {
    @Argument(help: "The film: its TMDb id, or its title in quotes.")
    var film: FilmReference

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
}

struct WatchlistAdd: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "add", abstract: "Add a film by TMDb id or title (several matches are listed and nothing is added).")

    @OptionGroup var arguments: AddArguments

    func run() async throws {
        try await ListActions.add(
            arguments.film, year: arguments.year, offlineTitle: arguments.title, note: arguments.note,
            priority: arguments.priority, to: .watchlist, film: arguments.options)
    }
}

struct FavoritesAdd: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "add", abstract: "Add a film by TMDb id or title.")

    @OptionGroup var arguments: AddArguments

    func run() async throws {
        try await ListActions.add(
            arguments.film, year: arguments.year, offlineTitle: arguments.title, note: arguments.note,
            priority: arguments.priority, to: .favorites, film: arguments.options)
    }
}
