import ArgumentParser
import PlannerApp

extension OutputOptions {
    /// Throws unless the format is one the film commands write (table, json or csv).
    func requireTableOrJSON() throws {
        guard format != .geojson else {
            throw ValidationError("the film commands write --format table, json or csv, not geojson")
        }
    }
}

extension OutputOptions {
    /// Writes a film list in the chosen format.
    func write(_ report: FilmListReport) throws {
        switch format {
        case .json: try target.write(try report.json())
        case .csv: try target.write(report.csv())
        default: try target.write(report.table())
        }
    }
}
