import ArgumentParser
import PlannerApp

extension PlannerCommand {
    /// `planner upcoming-releases`: the films coming to cinemas in a region, or the series on the air this week.
    struct UpcomingReleases: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "upcoming-releases",
            abstract:
                "List the films coming to cinemas in a region, or with --tv the series airing in the next 7 days, "
                + "from TMDb (cached for 6 hours).",
            discussion: "Example: planner upcoming-releases --region GB --all")

        @Flag(name: .long, help: "Series with an episode airing in the next 7 days instead of films.")
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
                    try await services.tvListReport(.onTheAir, pages: pages.request), long: long.long,
                    services: services)
            } else {
                try await output.write(
                    try await services.listReport(.upcoming, pages: pages.request), long: long.long, services: services)
            }
        }
    }
}
