import ArgumentParser
import Foundation
import Geo
import Planner
import PlannerApp
import PlannerTerminal
import Theaters
import Tabular

extension PlannerCommand {
    /// `planner route --to …`: one route, with its line for a map.
    struct RouteCommand: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "route",
            abstract: "One route to a theater (by name or OSM id) or to a point, with its distance, time and line.")

        @OptionGroup var location: LocationOptions

        @Option(
            name: .long, parsing: .unconditional,
            help: ArgumentHelp("Where to: a theater's name, its OSM id (node/1376356017 or 1376356017), or LAT,LON.", valueName: "name|osm-id|lat,lon"))
        var to: String

        @Option(name: .long, help: "walk, bike or drive.")
        var mode: TravelMode = .walk

        @Option(name: .long, help: ArgumentHelp("Use this catalog instead of the bundled one.", valueName: "file"))
        var catalog: String?

        @Option(name: .long, help: ArgumentHelp("Also write the route as GeoJSON to this file.", valueName: "file"))
        var geojson: String?

        @OptionGroup var output: OutputOptions<PlaceFormats>

        /// Accepted as `nearby`, `routes` and `map` accept it, so that a script can pass it to every place command:
        /// a route is found in the local data and imported areas only, so it changes nothing here.
        @OptionGroup var network: PlaceNetworkOptions

        func run() async throws {
            let found = try OneRoute.find(near: try location.resolvedNear(environment: CompositionRoot.environment), to: to, mode: mode, catalog: catalog, environment: CompositionRoot.environment)
            let (origin, destination, route) = (found.origin, found.destination, found.route)
            // An engine that could not answer: said once, on standard error, whatever the format.
            for note in found.notes { Console.error("note: " + note) }
            let collection = found.collection
            let text: String
            switch output.format {
            case .table:
                text = [
                    "Route from \(origin.displayName) to \(destination.name) by \(mode.rawValue)",
                    "distance  \(DistanceFormat.human(meters: route.distanceMeters)) (straight line \(DistanceFormat.human(meters: route.straightLineMeters))"
                        + (RouteNotes.offRoad(route).map { "; \($0)" } ?? "") + ")",
                    "time      \(DistanceFormat.minutes(seconds: route.durationSeconds))",
                    "source    \(route.source.rawValue)"
                        + (RouteNotes.estimateReason(route, origin: origin.label, destination: destination.name)
                            .map { " (\($0))" } ?? ""),
                    "points    \(route.geometry.count)",
                    "map       \(RouteLinks.openStreetMapURL(destination))",
                    "geo       \(RouteLinks.geoURI(destination.coordinate))",
                ].joined(separator: "\n")
            case .json, .geojson: text = collection.encoded()
            case .csv:
                text = CSVTable.line(["name", "id", "mode", "distance_m", "duration_s", "source"]) + "\n"
                    + CSVTable.line([
                        destination.name, destination.id, mode.rawValue, fixed(route.distanceMeters, 1),
                        fixed(route.durationSeconds, 0), route.source.rawValue,
                    ])
            }
            if let geojson { try OutputTarget(path: geojson).write(collection.encoded()) }
            try output.target.write(text)
        }
    }
}
