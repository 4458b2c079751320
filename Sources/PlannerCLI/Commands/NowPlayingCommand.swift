import ArgumentParser
import PlannerApp

extension PlannerCommand {
    /// `planner now-playing`: the films in cinemas now in a region, or the series airing today.
    struct NowPlayingCommand: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "now-playing",
            abstract:
                "List the films in cinemas now in a region, or with --tv the series airing today, from TMDb "
                + "(cached for 6 hours).",
            discussion: "Example: planner now-playing --region FI --all --limit 20")

        @Flag(name: .long, help: "Series with an episode airing today instead of films.")
        var tv = false

        @OptionGroup var film: FilmOptions
        @OptionGroup var pages: PageOptions
        @OptionGroup var output: OutputOptions<ListFormats>
        @OptionGroup var long: LongOption

        func validate() throws { try output.requireTableOrJSON() }

        func run() async throws {
            let services = try FilmServices.make(film.request, environment: CompositionRoot.environment)
            if tv {
                try await output.write(
                    try await services.tvListReport(.airingToday, pages: pages.request), long: long.long,
                    services: services)
            } else {
                try await output.write(
                    try await services.listReport(.nowPlaying, pages: pages.request), long: long.long,
                    services: services)
            }
        }
    }
}
