import ArgumentParser
import Geo
import PlannerApp
import PlannerTerminal
import Theaters

extension PlannerCommand {
    /// `planner nearby`: the theaters nearest a point, with distances and travel-time estimates.
    struct Nearby: AsyncParsableCommand {
        static let configuration = CommandConfiguration(commandName: "nearby", 
            abstract: "List the theaters nearest a place, with distance, direction and travel time.",
            discussion: """
                Example: planner nearby --near Helsinki --radius 0.5 --keyword "movie theatre"
                """)

        @OptionGroup var location: LocationOptions
        @OptionGroup var search: SearchOptions
        @OptionGroup var network: PlaceNetworkOptions
        @OptionGroup var output: OutputOptions<PlaceFormats>

        func run() async throws {
            try await Self.run(
                near: location.near, request: search.request.offline(network.offline, verbose: network.verbose),
                format: output.format, target: output.target, environment: CompositionRoot.environment)
        }

        /// The command's work once its arguments are read, by argument-parser or by ``QuickNearby``.
        static func run(
            near: String?, request: SearchRequest, format: OutputFormat, target: OutputTarget,
            environment: Environment
        ) async throws {
            // A table shows one mode's times: only that mode's graph is read and routed. The other formats carry
            // all three.
            var request = request
            request.routedModes = format == .table ? [request.mode] : nil
            let found = try await TheaterSearch.resolve(
                near: try LocationOptions.resolved(near, environment: environment), search: request,
                environment: environment)
            let report = found.report(search: request, modes: format == .table ? [request.mode] : TravelMode.allCases)
            let text: String
            switch format {
            case .table: text = report.table()
            case .json: text = try report.json()
            case .csv: text = report.csv()
            case .geojson: text = report.geoJSON()
            }
            if format != .table {
                for note in report.notes { Console.error("note: " + note) }
                if report.hits.isEmpty { Console.error(report.emptyLine) }
            }
            try target.write(text)
        }
    }
}
