import ArgumentParser
import PlannerApp

extension OutputFormat: ExpressibleByArgument {}

/// `--format` and `--output`.
struct OutputOptions: ParsableArguments {
    @Option(
        name: .long,
        help: ArgumentHelp(
            "Output format: table, json or csv; geojson where places are drawn (nearby, routes, route, suggest).",
            valueName: "format"))
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
