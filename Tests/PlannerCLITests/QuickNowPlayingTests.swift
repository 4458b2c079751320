import ArgumentParser
import PlannerApp
import TestSupport
import Testing

@testable import PlannerCLI

@Suite("now-playing read without argument-parser", .offThePool)
struct QuickNowPlayingTests {
    /// Pieces of a `now-playing` line; the first `plainCount` are plain.
    static let pieces: [[String]] = [
        ["--region", "FI"], ["--region=gb"], ["--language", "fi-FI"], ["--language=en"], ["--offline"], ["--refresh"],
        ["--verbose"], ["--db", "a.sqlite"], ["--db=b.sqlite"], ["--format", "json"], ["--format=csv"],
        ["--format", "table"], ["-o", "out.txt"], ["--output=-"], ["--long"],
        ["--region", "FIN"], ["--region", "F1"], ["--region", ""], ["--region", "-x"], ["--format", "geojson"],
        ["--format", "xml"], ["--tv"], ["--page", "2"], ["--all"], ["--limit", "5"], ["--help"], ["-h"], ["--bogus"],
        ["positional"], ["--long=true"], ["--"], ["--db"], ["-o=x"], ["--generate-completion-script", "bash"],
        ["--version"],
    ]
    static let plainCount = 15

    /// The fields argument-parser read, in QuickNowPlaying's shape.
    static func parsedByArgumentParser(_ line: [String]) -> QuickNowPlaying? {
        guard let parsed = try? PlannerCommand.parseAsRoot(line),
            let command = parsed as? PlannerCommand.NowPlayingCommand,
            !command.tv, command.pages.page == 1, !command.pages.all, command.pages.limit == nil
        else { return nil }
        var quick = QuickNowPlaying(arguments: ["now-playing"])!
        quick.region = command.film.region
        quick.language = command.film.language
        quick.cache.offline = command.film.offline
        quick.cache.refresh = command.film.refresh
        quick.cache.verbose = command.film.verbose
        quick.cache.db = command.film.db
        quick.format = command.output.format
        quick.output = command.output.output
        quick.long = command.long.long
        return quick
    }

    static func agree(_ quick: QuickNowPlaying, _ parsed: QuickNowPlaying) -> Bool {
        quick.region == parsed.region && quick.language == parsed.language && quick.cache == parsed.cache
            && quick.format == parsed.format && quick.output == parsed.output && quick.long == parsed.long
    }

    @Test func everyLineItReadsArgumentParserReadsTheSameWay() {
        var lines: [[String]] = [["now-playing"]]
        for first in Self.pieces { lines.append(["now-playing"] + first) }
        // Pairs: each piece after four of the plain pieces, in turn (see PiecePairs).
        lines += PiecePairs.lines(
            ["now-playing"], firsts: Array(Self.pieces.prefix(Self.plainCount)), seconds: Self.pieces, perSecond: 4)
        var read = 0
        for line in lines {
            guard let quick = QuickNowPlaying(arguments: line) else { continue }
            read += 1
            let parsed = Self.parsedByArgumentParser(line)
            #expect(parsed.map { Self.agree(quick, $0) } == true, "read apart: \(line)")
        }
        #expect(read > 55)
    }

    @Test func helpPagesBadRegionsAndClashesAreLeftToArgumentParser() {
        for line in [
            ["now-playing", "--help"], ["now-playing", "--tv"], ["now-playing", "--all"],
            ["now-playing", "--page", "2"],
            ["now-playing", "--region", "FIN"], ["now-playing", "--offline", "--refresh"],
            ["now-playing", "--format", "geojson"], ["now-playing", "--region", "FI", "--region", "GB"],
            ["now-playing", "FI"], ["now-playing", "--db"], ["upcoming", "--region", "FI"],
        ] {
            #expect(QuickNowPlaying(arguments: line) == nil, "read: \(line)")
        }
        #expect(QuickNowPlaying(arguments: ["now-playing", "--region", "FI"])?.region == "FI")
    }
}
