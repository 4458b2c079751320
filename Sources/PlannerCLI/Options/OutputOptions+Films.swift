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
    /// Writes a film list in the chosen format, with each film's overview under it when `long`. Only JSON has
    /// poster URLs, so only JSON asks `services` for TMDb's image configuration.
    func write(_ report: FilmListReport, long: Bool = false, services: FilmServices) async throws {
        try await FilmListWriting.write(report, format: format, target: target, long: long, services: services)
    }

    /// Writes a list of series in the chosen format, as ``write(_:long:services:)`` writes films.
    func write(_ report: ShowListReport, long: Bool = false, services: FilmServices) async throws {
        var report = report
        report.long = long
        if format == .json { report.images = await services.imageLinks() }
        try target.write(try report.rendered(format))
    }
}

/// A film list written as `--format` and `--output` say (for the parsed commands and `QuickNowPlaying`).
enum FilmListWriting {
    static func write(
        _ report: FilmListReport, format: OutputFormat, target: OutputTarget, long: Bool, services: FilmServices
    ) async throws {
        var report = report
        report.long = long
        switch format {
        case .json:
            report.images = await services.imageLinks()
            try target.write(try report.json())
        case .csv: try target.write(report.csv())
        default: try target.write(report.table())
        }
    }
}

/// `--long`: the overview under each film of a list.
struct LongOption: ParsableArguments {
    @Flag(name: .long, help: "Show each title's overview under its row (tables; JSON always has it).")
    var long = false
}
