import ArgumentParser
import Foundation
import Geo
import Planner
import PlannerApp
import PlannerTerminal
import Theaters

extension PlannerCommand {
    /// `planner routes`: the route list for the nearest theaters, as the original Movie Box app showed it.
    struct Routes: AsyncParsableCommand {
        static let configuration = CommandConfiguration(commandName: "routes", 
            abstract: "The route list for the nearest theaters: phone, website, distance, travel time per mode, links.")

        @OptionGroup var location: LocationOptions
        @OptionGroup var search: SearchOptions
        @OptionGroup var network: PlaceNetworkOptions
        @OptionGroup var output: OutputOptions<PlaceFormats>

        func run() async throws {
            let request = search.request.offline(network.offline, verbose: network.verbose)
            let found = try await TheaterSearch.resolve(near: try location.resolvedNear(environment: CompositionRoot.environment), search: request, environment: CompositionRoot.environment)
            let byMode = found.routesByMode(linesFor: output.format == .geojson ? request.mode : nil)
            let report = RouteListReport(found: found, search: request, routesByMode: byMode)
            let text: String
            switch output.format {
            case .table: text = report.table()
            case .json: text = try report.json()
            case .csv: text = report.csv()
            case .geojson:
                text = RouteCollection.featureCollection(
                    origin: found.origin.coordinate, originLabel: found.origin.label, routes: byMode[search.mode] ?? []
                ).encoded()
            }
            if output.format != .table, found.hits.isEmpty { Console.error(found.report(search: request, routesByMode: byMode).emptyLine) }
            try output.target.write(text)
        }
    }
}
