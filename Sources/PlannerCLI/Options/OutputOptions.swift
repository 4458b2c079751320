import ArgumentParser
import PlannerApp

extension OutputFormat: ExpressibleByArgument {
    /// Each command's help names the formats it writes (see ``FormatChoice``), so no shared list is shown.
    package static var allValueStrings: [String] { [] }
    package static var defaultCompletionKind: CompletionKind { .list(OutputFormat.allCases.map(\.rawValue)) }
}

/// The formats one command writes, for its `--format` help.
protocol FormatChoice {
    static var formats: [OutputFormat] { get }
}

extension FormatChoice {
    /// "table, json or csv".
    static var sentence: String {
        let names = formats.map(\.rawValue)
        return names.count < 2 ? names.joined() : names.dropLast().joined(separator: ", ") + " or " + names.last!
    }
}

/// Places drawn or listed: nearby, routes, route.
enum PlaceFormats: FormatChoice { static let formats: [OutputFormat] = [.table, .json, .csv, .geojson] }
/// Lists and details of films, the watchlist: table, JSON or CSV.
enum ListFormats: FormatChoice { static let formats: [OutputFormat] = [.table, .json, .csv] }
/// Suggestions with their cinemas: table, JSON or GeoJSON.
enum SuggestFormats: FormatChoice { static let formats: [OutputFormat] = [.table, .json, .geojson] }
/// Reports with no rows to flatten (stats, showtimes, plan): table or JSON.
enum ReportFormats: FormatChoice { static let formats: [OutputFormat] = [.table, .json] }

/// `--format` and `--output`; `Choice` names the formats the command writes, in its help and its check.
struct OutputOptions<Choice: FormatChoice>: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp("Output format: \(Choice.sentence).", valueName: "format"))
    var format: OutputFormat = .table

    @Option(name: [.customShort("o"), .long], help: ArgumentHelp("Write to this file instead of standard output.", valueName: "file"))
    var output: String?

    var target: OutputTarget { OutputTarget(path: output) }

    /// Throws unless the chosen format is one of `formats`.
    func require(_ formats: [OutputFormat], command: String) throws {
        guard formats.contains(format) else {
            throw ValidationError("\(command) writes --format \(formats.map(\.rawValue).joined(separator: " or ")), not \(format.rawValue)")
        }
    }
}
