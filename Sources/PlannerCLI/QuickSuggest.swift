import PlannerApp

/// `planner suggest` in its plain forms (`--near Helsinki --region FI`), read without argument-parser, as
/// ``QuickShowtimes`` reads `showtimes` and `plan`: its reflection over the command's six option groups was a
/// quarter of such a run. The search options, the film and cache options, `--format`, `--output`, `--long` and
/// `--include-watched`. Anything else (help, a typo, a repeat, a value that looks like an option or that
/// argument-parser would refuse, `--format csv`, a request its checks refuse) gives nil, and argument-parser reads
/// the line as before. `QuickSuggestTests` checks that both read every line they share alike.
struct QuickSuggest {
    var options = QuickSearchOptions()
    var cache = QuickCacheOptions()
    var region: String?
    var language: String?
    var format: OutputFormat = .table
    var output: String?
    var long = false
    var includeWatched = false

    private static func isSwitch(_ name: String) -> Bool {
        QuickSearchOptions.isSwitch(name) || QuickCacheOptions.isSwitch(name) || name == "--long"
            || name == "--include-watched"
    }

    private static func takesValue(_ name: String) -> Bool {
        if QuickSearchOptions.takesValue(name) || QuickCacheOptions.takesValue(name) { return true }
        switch name {
        case "--region", "--language", "--format", "--output", "-o": return true
        default: return false
        }
    }

    /// The search asked for, from the options, the saved settings and the defaults.
    private(set) var search = SearchRequest()

    /// The film request the options make.
    var film: FilmRequest {
        FilmRequest(region: region, language: language, cache: cache.request)
    }

    /// The line's options, or nil when argument-parser should read it.
    init?(arguments: [String], environment: Environment) {
        guard arguments.first == "suggest" else { return nil }
        let read = QuickLine.scan(
            arguments, from: 1, isSwitch: Self.isSwitch, takesValue: Self.takesValue,
            takesAnyValue: QuickSearchOptions.takesAnyValue, set: { name, value in self.set(name, to: value) })
        guard read else { return nil }
        // The option groups' checks, left to argument-parser to word.
        search = options.request(environment: environment)
        guard (try? search.validate()) != nil, (try? film.validate()) != nil else { return nil }
    }

    /// Stores one option's value (nil for a switch); false when argument-parser would refuse it.
    private mutating func set(_ name: String, to value: String?) -> Bool {
        if let stored = options.set(name, to: value) ?? cache.set(name, to: value) { return stored }
        guard let value else {
            if name == "--long" { long = true } else { includeWatched = true }
            return true
        }
        switch name {
        case "--region": region = value
        case "--language": language = value
        case "--output": output = value
        case "--format":
            // `--format csv` is refused by the command's own check, which argument-parser words.
            guard let chosen = OutputFormat(rawValue: value), chosen != .csv else { return false }
            format = chosen
        default: return false
        }
        return true
    }

    /// Runs `planner suggest` as the parsed command would.
    func run() async throws {
        try await PlannerCommand.Suggest.run(
            near: options.near, search: search, film: film, includeWatched: includeWatched, long: long,
            format: format, to: OutputTarget(path: output))
    }
}
