import ArgumentParser
import PlannerApp

extension PlannerCommand {
    /// `planner watchlist …`: the films you want to see.
    struct WatchlistCommand: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "watchlist",
            abstract: "Keep your watchlist: add, remove, list, rate, review, mark watched, import and export.",
            subcommands: [
                WatchlistAdd.self, WatchlistRemove.self, WatchlistList.self, WatchlistClear.self, Rate.self,
                Review.self, Watched.self, WatchlistExport.self, WatchlistImport.self,
            ],
            defaultSubcommand: WatchlistList.self)
    }

    /// `planner favorites …`: the films you love, a separate list as in the original apps.
    struct FavoritesCommand: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "favorites",
            abstract: "Keep your favorites: add, remove, list and clear.",
            subcommands: [FavoritesAdd.self, FavoritesRemove.self, FavoritesList.self, FavoritesClear.self],
            defaultSubcommand: FavoritesList.self)
    }
}
