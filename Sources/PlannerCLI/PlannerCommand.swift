import ArgumentParser
import NowPlaying
import PlannerApp
import Transport

/// The root command: `planner <subcommand>`.
struct PlannerCommand: AsyncParsableCommand {
    static let version = ClientIdentity.version

    static let configuration = CommandConfiguration(
        commandName: "planner",
        abstract: "A theater finder and showtime planner: the nearest cinemas and how to get there, what is playing, your watchlist.",
        version: version,
        subcommands: [
            Nearby.self, Routes.self, RouteCommand.self, MapCommand.self, NowPlayingCommand.self,
            UpcomingReleases.self, Search.self, MovieCommand.self, Trending.self, Popular.self, Suggestions.self,
            TVCommand.self, Lookup.self, Sync.self, Suggest.self, Upcoming.self, WatchlistCommand.self, FavoritesCommand.self, Stats.self, ConfigCommand.self,
            ShowtimesCommand.self, PlanCommand.self, AreasCommand.self, ServeCommand.self, UsersCommand.self, DbCommand.self, About.self,
        ]
    )
}
