import ArgumentParser
import PlannerApp

struct WatchlistRemove: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "remove", abstract: "Remove a film (id or title).")

    @Argument(help: "The film (or with --tv the series): its TMDb id or its title.") var film: FilmReference
    @Flag(name: .long, help: "Remove a TV series.") var tv = false
    @OptionGroup var store: StoreOptions

    func run() throws {
        if tv { try ListActions.removeSeries(film, from: .watchlist, store: store) } else {
            try ListActions.remove(film, from: .watchlist, store: store)
        }
    }
}

struct FavoritesRemove: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "remove", abstract: "Remove a film (id or title).")

    @Argument(help: "The film (or with --tv the series): its TMDb id or its title.") var film: FilmReference
    @Flag(name: .long, help: "Remove a TV series.") var tv = false
    @OptionGroup var store: StoreOptions

    func run() throws {
        if tv { try ListActions.removeSeries(film, from: .favorites, store: store) } else {
            try ListActions.remove(film, from: .favorites, store: store)
        }
    }
}

struct WatchlistClear: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "clear", abstract: "Empty the watchlist (needs --yes).")

    @Flag(name: .long, help: "Yes, really clear it.") var yes = false
    @OptionGroup var store: StoreOptions

    func run() throws { try ListActions.clear(.watchlist, confirmed: yes, store: store) }
}

struct FavoritesClear: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "clear", abstract: "Empty the favorites (needs --yes).")

    @Flag(name: .long, help: "Yes, really clear them.") var yes = false
    @OptionGroup var store: StoreOptions

    func run() throws { try ListActions.clear(.favorites, confirmed: yes, store: store) }
}
