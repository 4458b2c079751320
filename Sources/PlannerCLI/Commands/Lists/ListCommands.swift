import ArgumentParser
import Foundation
import Planner
import PlannerApp

extension ListQuery.Sort: ExpressibleByArgument {}

/// The options of `watchlist list` and `favorites list`.
struct ListArguments: ParsableArguments {
    @Option(name: .long, help: "Sort by added, release, title or rating.")
    var sort: ListQuery.Sort = .added

    @Flag(name: .long, help: "Only films not released yet.") var upcoming = false
    @Flag(name: .long, help: "Only films already released.") var released = false

    @Option(name: .long, help: ArgumentHelp("Use release dates in this country.", valueName: "CC"))
    var region: String?

    @Flag(name: .long, help: "Only the TV series on the list (a table also shows them under the films).")
    var tv = false

    @OptionGroup var store: StoreOptions
    @OptionGroup var output: OutputOptions<ListFormats>
    @OptionGroup var long: LongOption

    func validate() throws {
        if upcoming && released { throw ValidationError("--upcoming and --released can't be used together") }
        if tv && (upcoming || released) { throw ValidationError("--upcoming and --released are for films, not --tv") }
        if output.format == .geojson { throw ValidationError("lists are written as table, json or csv, not geojson") }
    }

    var query: ListQuery { Self.query(sort: sort, upcoming: upcoming, released: released, region: region) }

    /// The query these options ask for (`QuickList` too).
    static func query(sort: ListQuery.Sort, upcoming: Bool, released: Bool, region: String?) -> ListQuery {
        ListQuery(
            sort: sort, filter: upcoming ? .upcoming : released ? .released : .all,
            today: CalendarDay(Date(), in: .current).description, region: region?.uppercased())
    }
}

struct WatchlistList: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "list", abstract: "Show the watchlist.")

    @OptionGroup var arguments: ListArguments

    func run() async throws {
        if arguments.tv {
            try await ListActions.showSeries(
                .watchlist, store: arguments.store, output: arguments.output, long: arguments.long.long)
        } else {
            try await ListActions.show(
                .watchlist, query: arguments.query, store: arguments.store, output: arguments.output,
                long: arguments.long.long)
        }
    }
}

struct FavoritesList: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "list", abstract: "Show the favorites.")

    @OptionGroup var arguments: ListArguments

    func run() async throws {
        if arguments.tv {
            try await ListActions.showSeries(
                .favorites, store: arguments.store, output: arguments.output, long: arguments.long.long)
        } else {
            try await ListActions.show(
                .favorites, query: arguments.query, store: arguments.store, output: arguments.output,
                long: arguments.long.long)
        }
    }
}
