import ArgumentParser
import Geo
import Theaters

extension PlannerCommand {
    /// `planner nearby`: the theaters nearest a point, with distances and travel-time estimates.
    struct Nearby: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "List the theaters nearest a place, with distance, direction and estimated travel time.",
            discussion: """
                Example: planner nearby --near Helsinki --radius 0.5 --keyword "movie theatre"
                """)

        @OptionGroup var location: LocationOptions
        @OptionGroup var search: SearchOptions
        @OptionGroup var output: OutputOptions

        func run() async throws {
            let environment = Environment()
            let origin = try Origin.resolve(
                near: location.near, settings: try environment.settings(), gazetteer: environment.gazetteer)
            let radius = try search.parsedRadius()
            let catalog = try environment.catalog(path: search.catalog)
            let fit = catalog.coverageFit(center: origin.coordinate, radiusMeters: radius.meters)
            if case .outside(let area, let distance) = fit {
                throw CLIError.outsideCoverage(
                    origin: origin.displayName, area: area.name, distanceMeters: distance)
            }
            let hits = catalog.search(
                near: origin.coordinate, radiusMeters: radius.meters, query: search.query, limit: search.limit)
            let report = NearbyReport(
                origin: origin, radius: radius, query: search.query, mode: search.mode, hits: hits, catalog: catalog,
                coverageFit: fit)
            let text: String
            switch output.format {
            case .table: text = report.table()
            case .json: text = try report.json()
            case .csv: text = report.csv()
            case .geojson: text = report.geoJSON()
            }
            if output.format != .table {
                for note in report.notes { Console.error("note: " + note) }
                if hits.isEmpty { Console.error(report.emptyLine) }
            }
            try output.target.write(text)
        }
    }
}
