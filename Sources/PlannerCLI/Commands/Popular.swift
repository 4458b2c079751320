import ArgumentParser
import PlannerApp

extension PlannerCommand {
    /// `planner popular`: the films (or series) popular on TMDb now.
    struct Popular: AsyncParsableCommand {
        static let configuration = CommandConfiguration(commandName: "popular", 
            abstract: "List the films, or with --tv the series, popular on TMDb now.",
            discussion: "Example: planner popular --limit 10")

        @Flag(name: .long, help: "Series instead of films.")
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
                    try await services.tvListReport(.popular, pages: pages.request), long: long.long,
                    services: services)
            } else {
                try await output.write(
                    try await services.listReport(.popular, pages: pages.request), long: long.long, services: services)
            }
        }
    }
}
