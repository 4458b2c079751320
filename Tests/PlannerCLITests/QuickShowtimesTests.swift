import ArgumentParser
import PlannerApp
import TestSupport
import Testing

@testable import PlannerCLI

@Suite("showtimes and plan read without argument-parser", .offThePool)
struct QuickShowtimesTests {
    /// Pieces both commands take; the first `plainCount` are plain.
    static let shared: [[String]] = [
        ["--near", "60.1699,24.9384"], ["--near=Helsinki"], ["--near", "-33.8688,151.2093"], ["--radius", "0.5"],
        ["--radius=800m"], ["--keyword", "movie theatre"], ["--limit", "3"], ["--mode", "drive"], ["--mode=bike"],
        ["--catalog", "c.geojson"], ["--online"], ["--date", "tomorrow"], ["--date=2026-12-01"], ["--area", "1002"],
        ["--offline"], ["--refresh"], ["--verbose"], ["--db", "a.sqlite"], ["--format", "json"], ["--format=table"],
        ["-o", "out.txt"], ["--output=-"], ["--long"],
        ["--radius", "-1"], ["--limit", "x"], ["--limit", "-3"], ["--mode", "fly"], ["--date", "2026-02-30"],
        ["--date", "yesterday"], ["--area", "Helsinki"], ["--format", "csv"], ["--format", "geojson"], ["--near"],
        ["--near", "--radius"], ["--keyword", ""], ["--help"], ["-h"], ["--bogus"], ["positional"], ["--long=true"],
        ["--"], ["-o=x"], ["--generate-completion-script", "bash"], ["--version"],
    ]
    static let plainCount = 23
    /// Pieces only one of them takes; the first two of each are plain.
    static let own: [QuickShowtimes.Command: [[String]]] = [
        .showtimes: [["--film", "550"], ["--film=Alien"], ["--film", ""], ["--after", "18:00"], ["--ics", "a.ics"]],
        .plan: [
            ["--after", "18:00"], ["--before=23:30"], ["--buffer", "1h15m"], ["--after", "25:00"],
            ["--after", "20:00", "--before", "19:00"], ["--buffer", "-5m"], ["--buffer", "13h"], ["--ics", "a.ics"],
            ["--pick", "2"], ["--film", "550"],
        ],
    ]

    /// The fields argument-parser read, in QuickShowtimes' shape, as text to compare.
    static func parsedByArgumentParser(_ line: [String]) -> String? {
        guard let parsed = try? PlannerCommand.parseAsRoot(line) else { return nil }
        if let command = parsed as? PlannerCommand.ShowtimesList {
            return describe(
                "showtimes", command.location.near, command.search, command.showtimes, command.output.format,
                command.output.output, command.long, film: command.film, after: nil, before: nil, buffer: nil)
        }
        if let command = parsed as? PlannerCommand.PlanCommand, command.ics == nil, command.pick == 1 {
            return describe(
                "plan", command.location.near, command.search, command.showtimes, command.output.format,
                command.output.output, command.long, film: nil, after: command.after, before: command.before,
                buffer: command.buffer)
        }
        return nil
    }

    static func describe(
        _ name: String, _ near: String?, _ search: SearchOptions, _ showtimes: ShowtimesOptions, _ format: OutputFormat,
        _ output: String?, _ long: Bool, film: FilmReference?, after: ClockTime?, before: ClockTime?,
        buffer: BufferDuration?
    ) -> String {
        let request = search.request.offline(showtimes.offline, verbose: showtimes.verbose)
        return describe(
            name, near, request, showtimes.request, format, output, long, film: film, after: after, before: before,
            buffer: buffer)
    }

    static func describe(
        _ name: String, _ near: String?, _ search: SearchRequest, _ showtimes: ShowtimesRequest,
        _ format: OutputFormat, _ output: String?, _ long: Bool, film: FilmReference?, after: ClockTime?,
        before: ClockTime?, buffer: BufferDuration?
    ) -> String {
        var parts: [String] = [name, near ?? "-", search.radius, search.keyword, String(search.limit)]
        parts += [search.mode.rawValue, search.catalog ?? "-", String(search.online), String(search.offline)]
        parts += [String(search.verbose), showtimes.date, showtimes.area ?? "-", String(showtimes.cache.offline)]
        parts += [String(showtimes.cache.refresh), showtimes.cache.db ?? "-", String(showtimes.cache.verbose)]
        parts += [format.rawValue, output ?? "-", String(long), film?.description ?? "-"]
        parts += [after?.description ?? "-", before?.description ?? "-", buffer?.description ?? "-"]
        return parts.joined(separator: "|")
    }

    static func readQuickly(_ line: [String]) -> String? {
        guard let quick = QuickShowtimes(arguments: line, environment: CompositionRoot.environment) else { return nil }
        let plan = quick.command == .plan
        let search = quick.search.offline(quick.cache.offline, verbose: quick.cache.verbose)
        return describe(
            plan ? "plan" : "showtimes", quick.options.near, search,
            quick.request, quick.format, quick.output, quick.long, film: quick.film, after: quick.after,
            before: quick.before, buffer: plan ? quick.buffer : nil)
    }

    @Test(arguments: [QuickShowtimes.Command.showtimes, .plan])
    func everyLineItReadsArgumentParserReadsTheSameWay(_ command: QuickShowtimes.Command) {
        let name = command == .plan ? "plan" : "showtimes"
        let pieces = Self.shared + Self.own[command]!
        // Pairs: each piece after three of a few plain pieces, in turn (see PiecePairs)
        let plain = [0, 2, 3, 7, 11, 14, 18].map { Self.shared[$0] } + Self.own[command]!.prefix(2)
        var lines: [[String]] = [[name]]
        for first in pieces { lines.append([name] + first) }
        lines += PiecePairs.lines([name], firsts: plain, seconds: pieces, perSecond: 3)
        var read = 0
        for line in lines {
            guard let quick = Self.readQuickly(line) else { continue }
            read += 1
            #expect(Self.parsedByArgumentParser(line) == quick, "read apart: \(line)")
        }
        #expect(read > 80)
    }

    @Test func helpSubcommandsCalendarsAndBadValuesAreLeftToArgumentParser() {
        for line in [
            ["showtimes", "--help"], ["showtimes", "list"], ["showtimes", "import", "a.csv"],
            ["showtimes", "providers"],
            ["plan", "--ics", "a.ics"], ["plan", "--pick", "2"], ["plan", "--film", "550"],
            ["showtimes", "--after", "18:00"], ["showtimes", "--date", "2026-02-30"], ["showtimes", "--format", "csv"],
            ["plan", "--after", "20:00", "--before", "19:00"], ["showtimes", "--offline", "--refresh"],
            ["showtimes", "--near", "A", "--near", "B"], ["plan", "--buffer", "13h"], ["upcoming"],
        ] {
            #expect(QuickShowtimes(arguments: line, environment: CompositionRoot.environment) == nil, "read: \(line)")
        }
        let plan = QuickShowtimes(
            arguments: ["plan", "--near", "60.1699,24.9384", "--date", "tomorrow", "--after", "18:00"],
            environment: CompositionRoot.environment)
        #expect(plan?.command == .plan)
        #expect(plan?.after?.description == "18:00")
        #expect(plan?.date == "tomorrow")
    }
}
