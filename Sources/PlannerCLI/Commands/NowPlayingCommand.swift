import ArgumentParser
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
        @OptionGroup var output: OutputOptions<ListFormats>
        @OptionGroup var long: LongOption

        func validate() throws { try output.requireTableOrJSON() }

        func run() async throws {
            let services = try FilmServices.make(film.request, environment: CompositionRoot.environment)
            try output.write(try await services.listReport(.nowPlaying, pages: pages.request), long: long.long)
        }
    }
}
