import ArgumentParser
import Foundation
import PlannerApp
import Showtimes
import Watchlist

extension PlannerCommand {
    /// `planner showtimes`: the day's shows at nearby theaters; `planner showtimes import FILE`.
    struct ShowtimesCommand: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "showtimes",
            abstract: "List the day's shows at nearby theaters, or import shows from a file.",
            subcommands: [ShowtimesList.self, ShowtimesImport.self],
            defaultSubcommand: ShowtimesList.self)
    }

    /// `planner showtimes [list]`.
    struct ShowtimesList: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "list",
            abstract: "List the day's shows at nearby theaters, by start time.",
            discussion: """
                Shows come from the provider that covers the origin's country: Finnkino in FI (FINNKINO_BASE_URL \
                overrides https://www.finnkino.fi/xml), Gracenote in US and CA (GRACENOTE_API_KEY; GRACENOTE_BASE_URL \
                overrides http://data.tmsapi.com/v1.1); and from 'planner showtimes import' everywhere. Times are on \
                the theater's clock. Example: planner showtimes --near Helsinki --date tomorrow --film 550
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
            let environment = Environment()
            let services = try ShowtimesServices.make(showtimes.request, environment: environment)
            let found = try await TheaterSearch.resolve(
                near: try location.resolvedNear(),
                search: search.request.offline(showtimes.offline, verbose: showtimes.verbose), environment: environment,
                providerTheatres: services.providerTheatres(at:))
            var report = try await services.showtimesReport(
                found: found, mode: search.mode, request: showtimes.request, film: film)
            report.long = long
            try output.target.write(output.format == .json ? try report.json() : report.table())
        }
    }
}
