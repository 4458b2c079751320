import PlannerApp

/// `planner now-playing` in its plain forms (`--region FI`), read without argument-parser, as ``QuickList`` reads
/// the lists: the film options, the cache options, `--format`, `--output` and `--long`. Anything else (help,
/// `--tv`, the page options, a typo, a repeat, a value that looks like an option, a region that is not two letters,
/// `--offline` with `--refresh`, `--format geojson`) gives nil, and argument-parser reads the line as before.
/// `QuickNowPlayingTests` checks that both read every line they share alike.
struct QuickNowPlaying {
    var region: String?
    var language: String?
    var cache = QuickCacheOptions()
    var format: OutputFormat = .table
    var output: String?
    var long = false

    private static func isSwitch(_ name: String) -> Bool {
        QuickCacheOptions.isSwitch(name) || name == "--long"
    }

    private static func takesValue(_ name: String) -> Bool {
        switch name {
        case "--region", "--language", "--format", "--output", "-o": true
        default: QuickCacheOptions.takesValue(name)
        }
    }

    /// The request the options make.
    var request: FilmRequest {
        FilmRequest(region: region, language: language, cache: cache.request)
    }

    /// The line's options, or nil when argument-parser should read it.
    init?(arguments: [String]) {
        guard arguments.first == "now-playing" else { return nil }
        let read = QuickLine.scan(
            arguments, from: 1, isSwitch: Self.isSwitch, takesValue: Self.takesValue,
            set: { name, value in self.set(name, to: value) })
        // `FilmOptions`' and `CacheOptions`' checks, left to argument-parser to word.
        guard read, (try? request.validate()) != nil else { return nil }
    }

    /// Stores one option's value (nil for a switch); false when argument-parser would refuse it.
    private mutating func set(_ name: String, to value: String?) -> Bool {
        if let stored = cache.set(name, to: value) { return stored }
        guard let value else {
            long = true
            return true
        }
        switch name {
        case "--region": region = value
        case "--language": language = value
        case "--output": output = value
        case "--format":
            guard let chosen = QuickLine.listFormat(value) else { return false }
            format = chosen
        default: return false
        }
        return true
    }

    /// Runs `planner now-playing` as the parsed command would.
    func run() async throws {
        let services = try FilmServices.make(request, environment: CompositionRoot.environment)
        try await FilmListWriting.write(
            try await services.listReport(.nowPlaying, pages: PageRequest()), format: format,
            target: OutputTarget(path: output), long: long, services: services)
    }
}
