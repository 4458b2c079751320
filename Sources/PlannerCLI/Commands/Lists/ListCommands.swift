import ArgumentParser
import Foundation
import Planner
import PlannerApp
import Watchlist

extension ListQuery.Sort: ExpressibleByArgument {}

/// The options of `watchlist list` and `favorites list`.
struct ListArguments: ParsableArguments {
    @Option(name: .long, help: "Sort by added, release, title or rating.")
    var sort: ListQuery.Sort = .added

    @Flag(name: .long, help: "Only films not released yet.") var upcoming = false
    @Flag(name: .long, help: "Only films already released.") var released = false

    @Option(name: .long, help: ArgumentHelp("Use release dates in this country.", valueName: "CC"))
    var region: String?

    @OptionGroup var store: StoreOptions
    @OptionGroup var output: OutputOptions<ListFormats>
    @OptionGroup var long: LongOption

    func validate() throws {
        if upcoming && released { throw ValidationError("--upcoming and --released can't be used together") }
        if output.format == .geojson { throw ValidationError("lists are written as table, json or csv, not geojson") }
    }

    var query: ListQuery {
        ListQuery(
            sort: sort, filter: upcoming ? .upcoming : released ? .released : .all,
            today: CalendarDay(Date(), in: .current).description, region: region?.uppercased())
    }
}

struct WatchlistList: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "list", abstract: "Show the watchlist.")

    @OptionGroup var arguments: ListArguments

    func run() throws {
        try ListActions.show(.watchlist, query: arguments.query, store: arguments.store, output: arguments.output, long: arguments.long.long)
    }
}

struct FavoritesList: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "list", abstract: "Show the favorites.")

    @OptionGroup var arguments: ListArguments

    func run() throws {
        try ListActions.show(.favorites, query: arguments.query, store: arguments.store, output: arguments.output, long: arguments.long.long)
    }
}
