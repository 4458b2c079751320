import Foundation
import PlannerApp

/// `planner showtimes` and `planner plan` in their plain forms (`--near 60.17,24.94 --date tomorrow --after 18:00`),
/// read without argument-parser, whose reflection over their nine option groups was half of such a run. The
/// search, showtimes, cache and output options, `--long`, and `--film` (showtimes) or `--after`, `--before` and
/// `--buffer` (plan). Anything else (help, `showtimes list` or `import`, `plan --ics` or `--pick`, a typo, a repeat,
/// a value that looks like an option or that argument-parser would refuse, a request its checks refuse) gives nil,
/// and argument-parser reads the line as before. `QuickShowtimesTests` checks that both read every line they share
/// alike.
struct QuickShowtimes {
    enum Command { case showtimes, plan }

    let command: Command
    var options = QuickSearchOptions()
    var cache = QuickCacheOptions()
    var date = "today"
    var area: String?
    var format: OutputFormat = .table
    var output: String?
    var long = false
    var film: FilmReference?
    var after: ClockTime?
    var before: ClockTime?
    var buffer = BufferDuration.standard

    private static func isSwitch(_ name: String) -> Bool {
        QuickSearchOptions.isSwitch(name) || QuickCacheOptions.isSwitch(name) || name == "--long"
    }

    private static func takesValue(_ name: String, _ command: Command) -> Bool {
        if QuickSearchOptions.takesValue(name) || QuickCacheOptions.takesValue(name) { return true }
        switch name {
        case "--date", "--area", "--format", "--output", "-o": return true
        case "--film": return command == .showtimes
        case "--after", "--before", "--buffer": return command == .plan
        default: return false
        }
    }

    /// argument-parser's `.unconditional` options: their value is read whatever it looks like.
    private static func takesAnyValue(_ name: String) -> Bool {
        QuickSearchOptions.takesAnyValue(name) || name == "--buffer"
    }

    /// The search asked for, from the options, the saved settings and the defaults.
    private(set) var search = SearchRequest()
    private let environment: Environment

    /// The line's options, or nil when argument-parser should read it.
    init?(arguments: [String], environment: Environment) {
        switch arguments.first {
        case "showtimes": command = .showtimes
        case "plan": command = .plan
        default: return nil
        }
        self.environment = environment
        let command = command
        let read = QuickLine.scan(
            arguments, from: 1, isSwitch: Self.isSwitch, takesValue: { Self.takesValue($0, command) },
            takesAnyValue: Self.takesAnyValue, set: { name, value in self.set(name, to: value) })
        guard read else { return nil }
        // The option groups' and the command's checks, left to argument-parser to word.
        search = options.request(environment: environment)
        guard (try? search.validate()) != nil, (try? request.validate()) != nil else { return nil }
        if command == .plan, (try? ShowtimesServices.checkWindow(after: after, before: before)) == nil { return nil }
    }

    /// The showtimes request the options make.
    var request: ShowtimesRequest {
        ShowtimesRequest(date: date, area: area, cache: cache.request)
    }

    /// Stores one option's value (nil for a switch); false when argument-parser would refuse it.
    private mutating func set(_ name: String, to value: String?) -> Bool {
        if let stored = options.set(name, to: value) ?? cache.set(name, to: value) { return stored }
        guard let value else {
            long = true
            return true
        }
        switch name {
        case "--date": date = value
        case "--area": area = value
        case "--output": output = value
        case "--format":
            guard let chosen = OutputFormat(rawValue: value), chosen == .table || chosen == .json else { return false }
            format = chosen
        case "--film":
            guard let reference = FilmReference(text: value) else { return false }
            film = reference
        case "--after":
            guard let time = ClockTime(text: value) else { return false }
            after = time
        case "--before":
            guard let time = ClockTime(text: value) else { return false }
            before = time
        case "--buffer":
            guard let margin = BufferDuration(text: value) else { return false }
            buffer = margin
        default: return false
        }
        return true
    }

    /// Runs `planner showtimes` or `planner plan` as the parsed command would.
    func run() async throws {
        let target = OutputTarget(path: output)
        switch command {
        case .showtimes:
            try await ShowtimesActions.showtimes(
                near: options.near, search: search, request: request, film: film, long: long, format: format,
                to: target, environment: environment)
        case .plan:
            try await ShowtimesActions.plan(
                near: options.near, search: search, request: request, after: after, before: before, buffer: buffer,
                long: long, format: format, to: target, environment: environment)
        }
    }
}
