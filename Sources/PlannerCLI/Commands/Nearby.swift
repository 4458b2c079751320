import ArgumentParser
import Geo
import PlannerApp
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
            let request = search.request.offline(network.offline, verbose: network.verbose)
            let report = try await TheaterSearch.resolve(near: try location.resolvedNear(), search: request).report(search: request)
            let text: String
            switch output.format {
            case .table: text = report.table()
            case .json: text = try report.json()
            case .csv: text = report.csv()
            case .geojson: text = report.geoJSON()
            }
            if output.format != .table {
                for note in report.notes { Console.error("note: " + note) }
                if report.hits.isEmpty { Console.error(report.emptyLine) }
            }
            try output.target.write(text)
        }
    }
}
