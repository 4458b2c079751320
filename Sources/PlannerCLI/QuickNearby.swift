import Geo
import PlannerApp
import Settings

/// The main command's plain forms (`planner nearby --near Helsinki --radius 0.5 --keyword "movie theatre"`), read
/// without argument-parser, whose reflection over the command's option types cost about a quarter of such a run
/// (each new type it meets makes the Swift runtime scan all 11,000 conformance records of the binary; BENCHMARKS.md).
///
/// It reads only what it is sure of: `nearby` followed by its own options, each at most once, with values
/// argument-parser would accept and a request that passes its checks. Anything else (help, a typo, a repeated
/// option, a value that looks like an option, a bad value) gives nil, and argument-parser reads the line as before,
/// with its own errors and help. `QuickNearbyTests` checks that both read every line they share alike.
struct QuickNearby {
    var near: String?
    var radius: String?
    var keyword: String?
    var limit: Int?
    var mode: TravelMode?
    var catalog: String?
    var online = false
    var offline = false
    var verbose = false
    var format: OutputFormat = .table
    var output: String?

    /// For an option that takes a value: whether its value is read whatever it looks like (argument-parser's
    /// `.unconditional`: `--near -33.8,151.2`), or must not look like an option; nil for any other name. (A switch,
    /// not a dictionary: a first `Dictionary<String, Bool>` costs the runtime a scan of the conformance records.)
    private static func takesAnyValue(_ name: String) -> Bool? {
        switch name {
        case "--near", "--radius", "--limit": true
        case "--keyword", "--mode", "--catalog", "--format", "--output", "-o": false
        default: nil
        }
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
        // The options seen, by name ([String] rather than a Set, for the reason above: there are at most 11).
        var seen: [String] = []
        var index = 1
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            if argument == "--online" || argument == "--offline" || argument == "--verbose" {
                guard !seen.contains(argument) else { return nil }
                seen.append(argument)
                switch argument {
                case "--online": online = true
                case "--offline": offline = true
                default: verbose = true
                }
                continue
            }
            // `--name value` or `--name=value` (not for `-o`).
            var name = argument
            var value: String?
            if argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") {
                name = String(argument[..<equals])
                value = String(argument[argument.index(after: equals)...])
            }
            guard let unconditional = Self.takesAnyValue(name) else { return nil }
            let key = name == "-o" ? "--output" : name
            guard !seen.contains(key) else { return nil }
            seen.append(key)
            if value == nil {
                guard index < arguments.count else { return nil }
                value = arguments[index]
                index += 1
                // A value that looks like an option is left to argument-parser, but for a negative number
                // (`--near -33.8,151.2`) after an option that takes any value: it treats `--`, `---x`, `-=x` and
                // `--generate-completion-script` in its own ways, whatever comes before them.
                guard !value!.hasPrefix("-") || (unconditional && Self.looksNegative(value!)) else { return nil }
            }
            guard !value!.isEmpty, set(key, to: value!) else { return nil }
        }
        // Checked as argument-parser's pass checks it, saved settings included; its error words are its own.
        request = SearchRequest.resolving(
            radius: radius, keyword: keyword, limit: limit, mode: mode, catalog: catalog, online: online,
            settings: (try? environment.settings()) ?? Settings()
        ).offline(offline, verbose: verbose)
        guard (try? request.validate()) != nil else { return nil }
    }

    /// `-` then a digit or a point: the start of a negative number.
    private static func looksNegative(_ value: String) -> Bool {
        let bytes = Array(value.utf8.prefix(2))
        return bytes.count == 2 && (bytes[1] == UInt8(ascii: ".") || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[1]))
    }

    /// Stores one option's value; false when argument-parser would refuse it.
    private mutating func set(_ name: String, to value: String) -> Bool {
        switch name {
        case "--near": near = value
        case "--radius": radius = value
        case "--keyword": keyword = value
        case "--catalog": catalog = value
        case "--output": output = value
        case "--limit":
            guard let number = Int(value) else { return false }
            limit = number
        case "--mode":
            guard let travelMode = TravelMode(rawValue: value) else { return false }
            mode = travelMode
        case "--format":
            guard let outputFormat = OutputFormat(rawValue: value) else { return false }
            format = outputFormat
        default: return false
        }
        return true
    }

    /// Runs `planner nearby` as the parsed command would.
    func run() async throws {
        try await PlannerCommand.Nearby.run(
            near: near, request: request, format: format, target: OutputTarget(path: output), environment: environment)
    }
}
