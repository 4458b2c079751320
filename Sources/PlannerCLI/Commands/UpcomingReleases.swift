import ArgumentParser
import NowPlaying
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
        @OptionGroup var output: OutputOptions

        func validate() throws { try output.requireTableOrJSON() }

        func run() async throws {
            let services = try FilmServices.make(film.request)
            let list = try await services.list(.upcoming, pages: pages.request)
            let where_ = services.region.map { " in \($0)" } ?? ""
            try output.write(list.report(title: "Films coming to cinemas\(where_)", limit: pages.limit))
        }
    }
}
