import ArgumentParser
import Foundation
import PlannerApp
import PlannerTerminal

extension PlannerCommand {
    /// `planner showtimes`: the day's shows at nearby theaters; `planner showtimes import FILE`.
    struct ShowtimesCommand: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "showtimes",
            abstract: "List the day's shows at nearby theaters, or import shows from a file.",
            subcommands: [ShowtimesList.self, ShowtimesImport.self, ShowtimesProviders.self],
            defaultSubcommand: ShowtimesList.self)
    }

    /// `planner showtimes [list]`.
    struct ShowtimesList: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "list",
            abstract: "List the day's shows at nearby theaters, by start time.",
            discussion: """
                Shows come from every configured provider that covers the origin's country, merged: Finnkino in FI, \
                Gracenote in US and CA (GRACENOTE_API_KEY), MovieGlu (MOVIEGLU_CLIENT, MOVIEGLU_API_KEY, \
                MOVIEGLU_AUTHORIZATION), the schema.org markup on nearby cinemas' own web pages, and 'planner \
                showtimes import' everywhere. 'planner showtimes providers --near PLACE' says which. Times are on the \
                theater's clock. Example: planner showtimes --near Helsinki --date tomorrow --film 550
                """)

        @OptionGroup var location: LocationOptions
        @OptionGroup var search: SearchOptions
        @OptionGroup var showtimes: ShowtimesOptions

        @Option(name: .long, help: ArgumentHelp("Only this film: a TMDb id or a title.", valueName: "id|title"))
        var film: FilmReference?

        @OptionGroup var output: OutputOptions<ReportFormats>

        @Flag(name: .long, help: "Add a Tickets column with each show's booking link (JSON always has it as url).")
        var long = false

        func validate() throws {
            try output.require([.table, .json], command: "showtimes")
        }

        func run() async throws {
            try await ShowtimesActions.showtimes(
                near: location.near, search: search.request, request: showtimes.request, film: film, long: long,
                format: output.format, to: output.target, environment: CompositionRoot.environment)
        }
    }

    /// `planner showtimes providers [--near PLACE]`.
    struct ShowtimesProviders: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "providers",
            abstract: "List the showtimes providers: where each works, whether it is configured, and which answer near a place.",
            discussion: "Example: planner showtimes providers --near 51.5074,-0.1278")

        @Option(name: .long, parsing: .unconditional, help: ArgumentHelp("Ask the providers that cover this place for today's shows.", valueName: "place|lat,lon"))
        var near: String?

        @OptionGroup var showtimes: ShowtimesOptions

        func run() async throws {
            let environment = CompositionRoot.environment
            let services = try ShowtimesServices.make(showtimes.request, environment: environment)
            var nearby: NearbyShows?
            if let near {
                let found = try await TheaterSearch.resolve(
                    near: near, search: SearchRequest().using(showtimes.cache.request),
                    environment: environment, providerTheatres: services.providerTheatres(at:))
                nearby = try await NearbyShows(found: found, options: showtimes.request, services: services)
            }
            Console.out(services.providersReport(nearby: nearby).table())
        }
    }
}
