import ArgumentParser
import PlannerApp

extension PlannerCommand {
    /// `planner tv ID|TITLE`: one series' details.
    struct TVCommand: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "tv",
            abstract: "Show a TV series: seasons, episodes, networks, first and last air date, the next episode.",
            discussion: "Example: planner tv 1396, or planner tv \"Breaking Bad\", or planner tv 1396 --images")

        @Argument(
            help: "The series: its TMDb id, as 'planner search --tv' shows it, its IMDb id (tt…), or its name in quotes.")
        var series: FilmReference

        @Flag(name: .long, help: "List the series' posters and backdrops on TMDb, as URLs, instead of its details.")
        var images = false

        @OptionGroup var options: FilmOptions
        @OptionGroup var output: OutputOptions<ReportFormats>

        func validate() throws {
            try output.require(ReportFormats.formats, command: "tv")
        }

        func run() async throws {
            let services = try FilmServices.make(options.request, environment: CompositionRoot.environment)
            let id: Int
            if let given = series.id {
                id = given
            } else if let imdbID = series.imdbID {
                id = try await services.seriesID(imdbID: imdbID)
            } else {
                id = try await services.tvID(title: series.title)
            }
            if images {
                let gallery = try await services.tvGallery(id: id)
                try output.target.write(output.format == .json ? try gallery.json() : gallery.table())
                return
            }
            let report = try await services.tvReport(id: id)
            try output.target.write(output.format == .json ? try report.json() : report.text())
        }
    }
}
