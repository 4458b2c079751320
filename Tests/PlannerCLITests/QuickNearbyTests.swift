import ArgumentParser
import PlannerApp
import TestSupport
import Testing

@testable import PlannerCLI

@Suite("The main command read without argument-parser", .offThePool)
struct QuickNearbyTests {
    /// Pieces of a `nearby` line: plain ones, and ones argument-parser refuses or treats in its own way.
    static let pieces: [[String]] = [
        ["--near", "Helsinki"], ["--near", "-33.8688,151.2093"], ["--near=Paris, FR"], ["--near", ""],
        ["--radius", "0.5"], ["--radius", "5km"], ["--radius", "-1"], ["--radius=800m"], ["--radius", "abc"],
        ["--keyword", "movie theatre"], ["--keyword", "-x"], ["--keyword", ""], ["--keyword=drive-in"],
        ["--limit", "3"], ["--limit", "0"], ["--limit", "x"], ["--limit", "+2"], ["--limit=-4"],
        ["--mode", "bike"], ["--mode", "fly"], ["--mode=drive"], ["--format", "json"], ["--format", "geojson"],
        ["--format", "xml"], ["-o", "out.txt"], ["--output=-"], ["--output", "-"], ["-o=x"], ["--online"],
        ["--offline"], ["--verbose"], ["--catalog", "c.csv"], ["--help"], ["-h"], ["help"], ["--bogus"],
        ["positional"], ["--offline=true"], ["--"], ["--version"], ["--generate-completion-script", "bash"],
        ["--near"], ["--format"], ["--near", "--"], ["--near", "---x"], ["--near", "-=x"], ["--radius", "-.5"],
        ["--near", "--generate-completion-script"], ["--limit", "-3x"],
    ]

    /// The fields argument-parser read, in QuickNearby's shape.
    static func parsedByArgumentParser(_ arguments: [String]) -> QuickNearby? {
        guard let command = try? PlannerCommand.parseAsRoot(arguments), let nearby = command as? PlannerCommand.Nearby
        else { return nil }
        // A value to fill in, with the settings' defaults (no saved settings are read).
        var quick = QuickNearby(arguments: ["nearby"], environment: Environment(variables: [:]))!
        quick.options.near = nearby.location.near
        quick.options.radius = nearby.search.radiusFlag
        quick.options.keyword = nearby.search.keywordFlag
        quick.options.limit = nearby.search.limitFlag
        quick.options.mode = nearby.search.modeFlag
        quick.options.catalog = nearby.search.catalog
        quick.options.online = nearby.search.online
        quick.offline = nearby.network.offline
        quick.verbose = nearby.network.verbose
        quick.format = nearby.output.format
        quick.output = nearby.output.output
        return quick
    }

    static func agree(_ quick: QuickNearby, _ parsed: QuickNearby) -> Bool {
        quick.options == parsed.options && quick.offline == parsed.offline && quick.verbose == parsed.verbose
            && quick.format == parsed.format && quick.output == parsed.output
    }

    @Test func everyLineItReadsArgumentParserReadsTheSameWay() {
        var lines: [[String]] = [["nearby"]]
        for first in Self.pieces { lines.append(["nearby"] + first) }
        // Pairs: each piece after twelve of the pieces, in turn (see PiecePairs).
        lines += PiecePairs.lines(["nearby"], firsts: Self.pieces, seconds: Self.pieces, perSecond: 12)
        var read = 0
        for line in lines {
            guard let quick = QuickNearby(arguments: line, environment: CompositionRoot.environment) else { continue }
            read += 1
            let parsed = Self.parsedByArgumentParser(Array(line))
            #expect(parsed.map { Self.agree(quick, $0) } == true, "read apart: \(line)")
        }
        // Most plain lines are read here, or the fast path would be a test of nothing.
        #expect(read > 100)
    }

    @Test func theReadmesLineIsReadWithoutArgumentParser() throws {
        let quick = try #require(
            QuickNearby(arguments: ["nearby", "--near", "Helsinki", "--radius", "0.5", "--keyword", "movie theatre"], environment: CompositionRoot.environment))
        #expect(quick.options.near == "Helsinki" && quick.options.radius == "0.5")
        #expect(quick.options.keyword == "movie theatre")
        #expect(quick.format == .table && quick.output == nil && !quick.offline)
        // A negative latitude after an option that takes any value is a value, as argument-parser reads it
        #expect(QuickNearby(arguments: ["nearby", "--near", "-33.8688,151.2093"], environment: CompositionRoot.environment)?.options.near == "-33.8688,151.2093")
    }

    @Test func versionAloneIsPrintedAsArgumentParserPrintsIt() async throws {
        // What argument-parser prints for `--version`
        var expected = ""
        do {
            _ = try PlannerCommand.parseAsRoot(["--version"])
            Issue.record("--version parsed as a command")
        } catch {
            #expect(PlannerCommand.exitCode(for: error) == .success)
            expected = PlannerCommand.message(for: error)
        }
        // is what the binary prints without it (PlannerEntry)
        let version = try await PlannerProcess().run(["--version"])
        #expect(version.status == 0 && version.stdout == expected + "\n" && version.stderr.isEmpty)
    }

    @Test func helpTyposRepeatsAndBadValuesAreLeftToArgumentParser() {
        for line in [
            ["nearby", "--help"], ["nearby", "-h"], ["nearby", "--nera", "Helsinki"], ["nearby", "--offline", "--offline"],
            ["nearby", "--near", "A", "--near", "B"], ["nearby", "--limit", "0"], ["nearby", "--mode", "fly"],
            ["nearby", "--keyword", "-x"], ["nearby", "--near"], ["nearby", "Helsinki"], ["routes", "--near", "Helsinki"],
            ["--version"], [], ["nearby", "--near", "--", "--offline"], ["nearby", "--near", "---x"],
            ["nearby", "--near", "-=x"], ["nearby", "--near", "--generate-completion-script"],
            ["nearby", "--near", "-x,1"],
        ] {
            #expect(QuickNearby(arguments: line, environment: CompositionRoot.environment) == nil, "read: \(line)")
        }
    }
}
