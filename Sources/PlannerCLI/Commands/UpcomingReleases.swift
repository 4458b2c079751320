import ArgumentParser
import PlannerApp

extension PlannerCommand {
    /// `planner upcoming-releases`: the films coming to cinemas in a region.
    struct UpcomingReleases: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "upcoming-releases",
            abstract: "List the films coming to cinemas in a region, from TMDb (cached for 6 hours).",
            discussion: "Example: planner upcoming-releases --region GB --all")

        @OptionGroup var film: FilmOptions
        @OptionGroup var pages: PageOptions
        @OptionGroup var output: OutputOptions<ListFormats>
        @OptionGroup var long: LongOption

        func validate() throws { try output.requireTableOrJSON() }

        func run() async throws {
            let services = try FilmServices.make(film.request, environment: CompositionRoot.environment)
            try output.write(try await services.listReport(.upcoming, pages: pages.request), long: long.long)
        }
    }
}
