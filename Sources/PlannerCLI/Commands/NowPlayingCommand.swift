import ArgumentParser
import NowPlaying
import PlannerApp

extension PlannerCommand {
    /// `planner now-playing`: the films in cinemas now in a region.
    struct NowPlayingCommand: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "now-playing",
            abstract: "List the films in cinemas now in a region, from TMDb (cached for 6 hours).",
            discussion: "Example: planner now-playing --region FI --all --limit 20")

        @OptionGroup var film: FilmOptions
        @OptionGroup var pages: PageOptions
        @OptionGroup var output: OutputOptions

        func validate() throws { try output.requireTableOrJSON() }

        func run() async throws {
            let services = try FilmServices.make(film.request)
            let list = try await services.list(.nowPlaying, pages: pages.request)
            let where_ = services.region.map { " in \($0)" } ?? ""
            try output.write(list.report(title: "Films in cinemas now\(where_)", limit: pages.limit))
        }
    }
}
