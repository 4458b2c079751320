import PlannerApp

/// `planner watchlist list` and `planner favorites list` in their plain forms, read without argument-parser, as
/// ``QuickNearby`` reads `nearby`: argument-parser's reflection over the command's option types was about half of
/// such a run (BENCHMARKS.md, #30).
///
/// It reads only what it is sure of: the two words, then the list's own options, each at most once, with values
/// argument-parser would accept and a combination its checks pass. Anything else (help, a typo, a repeat, `--tv`, a
/// value that looks like an option, `--upcoming` with `--released`, a format lists are not written in) gives nil,
/// and argument-parser reads the line as before, with its own errors and help. `QuickListTests` checks that both
/// read every line they share alike.
struct QuickList {
    var list: FilmList
    var sort: ListQuery.Sort = .added
    var upcoming = false
    var released = false
    var region: String?
    var db: String?
    var format: OutputFormat = .table
    var output: String?
    var long = false

    /// Whether `name` is an option that takes a value (a switch, as in ``QuickNearby``).
    private static func takesValue(_ name: String) -> Bool {
        switch name {
        case "--sort", "--region", "--db", "--format", "--output", "-o": true
        default: false
        }
    }

    /// The line's options, or nil when argument-parser should read it.
    init?(arguments: [String]) {
        guard arguments.count >= 2, arguments[1] == "list" else { return nil }
        switch arguments[0] {
        case "watchlist": list = .watchlist
        case "favorites": list = .favorites
        default: return nil
        }
        let read = QuickLine.scan(
            arguments, from: 2,
            isSwitch: { $0 == "--upcoming" || $0 == "--released" || $0 == "--long" },
            takesValue: Self.takesValue,
            set: { name, value in self.set(name, to: value) })
        guard read else { return nil }
        // `ListArguments.validate()`'s checks, left to it to word.
        if upcoming && released { return nil }
    }

    /// Stores one option's value (nil for a switch); false when argument-parser would refuse it.
    private mutating func set(_ name: String, to value: String?) -> Bool {
        guard let value else {
            switch name {
            case "--upcoming": upcoming = true
            case "--released": released = true
            default: long = true
            }
            return true
        }
        switch name {
        case "--region": region = value
        case "--db": db = value
        case "--output": output = value
        case "--sort":
            guard let order = ListQuery.Sort(rawValue: value) else { return false }
            sort = order
        case "--format":
            guard let chosen = QuickLine.listFormat(value) else { return false }
            format = chosen
        default: return false
        }
        return true
    }

    /// Runs the list command as the parsed one would.
    func run() async throws {
        try await ListActions.show(
            list, query: ListArguments.query(sort: sort, upcoming: upcoming, released: released, region: region),
            db: db, format: format, target: OutputTarget(path: output), long: long)
    }
}
