import ArgumentParser
import PlannerApp

extension PlannerCommand {
    /// `planner popular`: the films popular on TMDb now.
    struct Popular: AsyncParsableCommand {
        static let configuration = CommandConfiguration(commandName: "popular", 
            abstract: "List the films popular on TMDb now.", discussion: "Example: planner popular --limit 10")

        @OptionGroup var film: FilmOptions
        @OptionGroup var pages: PageOptions
        @OptionGroup var output: OutputOptions<ListFormats>
        @OptionGroup var long: LongOption

        func validate() throws { try output.requireTableOrJSON() }

        func run() async throws {
            let services = try FilmServices.make(film.request, environment: CompositionRoot.environment)
            try output.write(try await services.listReport(.popular, pages: pages.request), long: long.long)
        }
    }
}
