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
    /// Writes a film list in the chosen format, with each film's overview under it when `long`.
    func write(_ report: FilmListReport, long: Bool = false) throws {
        var report = report
        report.long = long
        switch format {
        case .json: try target.write(try report.json())
        case .csv: try target.write(report.csv())
        default: try target.write(report.table())
        }
    }
}

/// `--long`: the overview under each film of a list.
struct LongOption: ParsableArguments {
    @Flag(name: .long, help: "Show each film's overview under its row (tables; JSON always has it).")
    var long = false
}
