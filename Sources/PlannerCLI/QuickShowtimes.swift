import Foundation
import Geo
import PlannerApp
import Settings

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
    var near: String?
    var radius: String?
    var keyword: String?
    var limit: Int?
    var mode: TravelMode?
    var catalog: String?
    var online = false
    var date = "today"
    var area: String?
    var offline = false
    var refresh = false
    var verbose = false
    var db: String?
    var format: OutputFormat = .table
    var output: String?
    var long = false
    var film: FilmReference?
    var after: ClockTime?
    var before: ClockTime?
    var buffer = BufferDuration.standard

    private static func isSwitch(_ name: String) -> Bool {
        switch name {
        case "--online", "--offline", "--refresh", "--verbose", "--long": true
        default: false
        }
    }

    private static func takesValue(_ name: String, _ command: Command) -> Bool {
        switch name {
        case "--near", "--radius", "--limit", "--keyword", "--mode", "--catalog", "--date", "--area", "--db",
            "--format", "--output", "-o":
            true
        case "--film": command == .showtimes
        case "--after", "--before", "--buffer": command == .plan
        default: false
        }
    }

    /// argument-parser's `.unconditional` options: their value is read whatever it looks like.
    private static func takesAnyValue(_ name: String) -> Bool {
        name == "--near" || name == "--radius" || name == "--limit" || name == "--buffer"
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
        search = SearchRequest.resolving(
            radius: radius, keyword: keyword, limit: limit, mode: mode, catalog: catalog, online: online,
            settings: (try? environment.settings()) ?? Settings())
        guard (try? search.validate()) != nil, (try? request.validate()) != nil else { return nil }
        if command == .plan, (try? ShowtimesServices.checkWindow(after: after, before: before)) == nil { return nil }
    }

    /// The showtimes request the options make.
    var request: ShowtimesRequest {
        ShowtimesRequest(
            date: date, area: area, cache: CacheRequest(offline: offline, refresh: refresh, db: db, verbose: verbose))
    }

    /// Stores one option's value (nil for a switch); false when argument-parser would refuse it.
    private mutating func set(_ name: String, to value: String?) -> Bool {
        guard let value else {
            switch name {
            case "--online": online = true
            case "--offline": offline = true
            case "--refresh": refresh = true
            case "--verbose": verbose = true
            default: long = true
            }
            return true
        }
        switch name {
        case "--near": near = value
        case "--radius": radius = value
        case "--keyword": keyword = value
        case "--catalog": catalog = value
        case "--date": date = value
        case "--area": area = value
        case "--db": db = value
        case "--output": output = value
        case "--limit":
            guard let number = Int(value) else { return false }
            limit = number
        case "--mode":
            guard let travelMode = TravelMode(rawValue: value) else { return false }
            mode = travelMode
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
        let services = try ShowtimesServices.make(request, environment: environment)
        let found = try await TheaterSearch.resolve(
            near: try LocationOptions.resolved(near, environment: environment),
            search: search.offline(offline, verbose: verbose), environment: environment,
            providerTheatres: services.providerTheatres(at:))
        let target = OutputTarget(path: output)
        switch command {
        case .showtimes:
            var report = try await services.showtimesReport(
                found: found, mode: search.mode, request: request, film: film)
            report.long = long
            try target.write(format == .json ? try report.json() : report.table())
        case .plan:
            var report = try await services.planReport(
                found: found, mode: search.mode, request: request, after: after, before: before, buffer: buffer,
                now: Date())
            report.long = long
            try target.write(format == .json ? try report.json() : report.table())
        }
    }
}
