import PlannerApp

/// The main command's plain forms (`planner nearby --near Helsinki --radius 0.5 --keyword "movie theatre"`), read
/// without argument-parser, whose reflection over the command's option types cost about a quarter of such a run
/// (each new type it meets makes the Swift runtime scan all 11,000 conformance records of the binary; BENCHMARKS.md).
///
/// It reads only what it is sure of: `nearby` followed by its own options, each at most once, with values
/// argument-parser would accept and a request that passes its checks. Anything else (help, a typo, a repeated
/// option, a value that looks like an option, a bad value) gives nil, and argument-parser reads the line as before,
/// with its own errors and help. `QuickNearbyTests` checks that both read every line they share alike.
struct QuickNearby {
    var options = QuickSearchOptions()
    var offline = false
    var verbose = false
    var format: OutputFormat = .table
    var output: String?

    private static func isSwitch(_ name: String) -> Bool {
        QuickSearchOptions.isSwitch(name) || name == "--offline" || name == "--verbose"
    }

    /// The options that take a value (a switch, not a set: a first `Set<String>` costs the runtime a scan of the
    /// conformance records).
    private static func takesValue(_ name: String) -> Bool {
        QuickSearchOptions.takesValue(name) || name == "--format" || name == "--output" || name == "-o"
    }

    /// The search asked for, from the options, the saved settings and the defaults.
    private(set) var request = SearchRequest()
    /// The process's environment and settings, read once for the whole run.
    private(set) var environment: Environment

    /// The line's options, or nil when argument-parser should read it.
    /// - Parameters:
    ///   - arguments: the command line without the program's name.
    ///   - environment: where the saved settings, which fill in what the options leave out, are read.
    init?(arguments: [String], environment: Environment) {
        self.environment = environment
        guard arguments.first == "nearby" else { return nil }
        let read = QuickLine.scan(
            arguments, from: 1, isSwitch: Self.isSwitch, takesValue: Self.takesValue,
            takesAnyValue: QuickSearchOptions.takesAnyValue, set: { name, value in self.set(name, to: value) })
        guard read else { return nil }
        // Checked as argument-parser's pass checks it, saved settings included; its error words are its own.
        request = options.request(environment: environment).offline(offline, verbose: verbose)
        guard (try? request.validate()) != nil else { return nil }
    }

    /// Stores one option's value (nil for a switch); false when argument-parser would refuse it.
    private mutating func set(_ name: String, to value: String?) -> Bool {
        if let stored = options.set(name, to: value) { return stored }
        switch name {
        case "--offline": offline = true
        case "--verbose": verbose = true
        case "--output": output = value
        case "--format":
            guard let outputFormat = value.flatMap({ OutputFormat(rawValue: $0) }) else { return false }
            format = outputFormat
        default: return false
        }
        return true
    }

    /// Runs `planner nearby` as the parsed command would.
    func run() async throws {
        try await PlannerCommand.Nearby.run(
            near: options.near, request: request, format: format, target: OutputTarget(path: output),
            environment: environment)
    }
}
