import ArgumentParser
import PlannerApp
import TestSupport
import Testing

@testable import PlannerCLI

@Suite("suggest read without argument-parser", .offThePool)
struct QuickSuggestTests {
    /// Pieces the command takes; the first `plainCount` are plain.
    static let pieces: [[String]] = [
        ["--near", "60.1699,24.9384"], ["--near=Helsinki"], ["--near", "-33.8688,151.2093"], ["--radius", "0.5"],
        ["--keyword", "movie theatre"], ["--limit", "3"], ["--mode", "drive"], ["--catalog", "c.geojson"],
        ["--online"], ["--region", "FI"], ["--region=gb"], ["--language", "fi-FI"], ["--offline"], ["--refresh"],
        ["--verbose"], ["--db", "a.sqlite"], ["--format", "json"], ["--format=geojson"], ["-o", "out.txt"],
        ["--long"], ["--include-watched"],
        ["--radius", "-1"], ["--limit", "x"], ["--mode", "fly"], ["--region", "FIN"], ["--format", "csv"],
        ["--format", "xml"], ["--near"], ["--near", "--radius"], ["--help"], ["--bogus"], ["positional"],
        ["--include-watched=true"], ["--"], ["--date", "tomorrow"], ["--version"],
    ]
    static let plainCount = 21

    /// The fields argument-parser read, in QuickSuggest's shape, as text to compare.
    static func parsedByArgumentParser(_ line: [String]) -> String? {
        guard let command = (try? PlannerCommand.parseAsRoot(line)) as? PlannerCommand.Suggest else { return nil }
        return describe(
            command.location.near, command.search.request, command.film.request, command.output.format,
            command.output.output, command.long.long, command.includeWatched)
    }

    static func describe(
        _ near: String?, _ search: SearchRequest, _ film: FilmRequest, _ format: OutputFormat, _ output: String?,
        _ long: Bool, _ includeWatched: Bool
    ) -> String {
        let search = search.offline(film.offline, verbose: film.verbose)
        var parts: [String] = [near ?? "-", search.radius, search.keyword, String(search.limit)]
        parts += [search.mode.rawValue, search.catalog ?? "-", String(search.online), String(search.offline)]
        parts += [String(search.verbose), film.region ?? "-", film.language ?? "-", String(film.offline)]
        parts += [String(film.refresh), film.db ?? "-", String(film.verbose), format.rawValue, output ?? "-"]
        parts += [String(long), String(includeWatched)]
        return parts.joined(separator: "|")
    }

    static func readQuickly(_ line: [String]) -> String? {
        guard let quick = QuickSuggest(arguments: line, environment: CompositionRoot.environment) else { return nil }
        return describe(
            quick.options.near, quick.search, quick.film, quick.format, quick.output, quick.long, quick.includeWatched)
    }

    @Test func everyLineItReadsArgumentParserReadsTheSameWay() {
        // Pairs: each piece after two of a few plain pieces, in turn (see PiecePairs).
        let plain = [0, 3, 9, 12, 16, 20].map { Self.pieces[$0] }
        var lines: [[String]] = [["suggest"]]
        for first in Self.pieces { lines.append(["suggest"] + first) }
        lines += PiecePairs.lines(["suggest"], firsts: plain, seconds: Self.pieces, perSecond: 2)
        var read = 0
        for line in lines {
            let quick = Self.readQuickly(line)
            if quick != nil { read += 1 }
            // A line left to argument-parser is still one it may read; one read quickly must read alike.
            guard let quick else { continue }
            #expect(Self.parsedByArgumentParser(line) == quick, "read apart: \(line)")
        }
        #expect(read > 50)
        // Every plain piece alone is read quickly.
        for piece in Self.pieces.prefix(Self.plainCount) {
            #expect(Self.readQuickly(["suggest"] + piece) != nil, "left to argument-parser: \(piece)")
        }
    }

    @Test func helpTyposRepeatsAndRefusedValuesAreLeftToArgumentParser() {
        for line in [
            ["suggest", "--help"], ["suggest", "--format", "csv"], ["suggest", "--region", "FIN"],
            ["suggest", "--offline", "--refresh"], ["suggest", "--near", "A", "--near", "B"], ["suggest", "-x"],
            ["suggest", "--mode", "fly"], ["suggests"], ["watchlist", "list"],
        ] {
            #expect(QuickSuggest(arguments: line, environment: CompositionRoot.environment) == nil, "read: \(line)")
        }
        let quick = QuickSuggest(
            arguments: ["suggest", "--near", "Helsinki", "--region", "FI", "--include-watched", "--format", "json"],
            environment: CompositionRoot.environment)
        #expect(quick?.options.near == "Helsinki")
        #expect(quick?.film.region == "FI")
        #expect(quick?.includeWatched == true)
        #expect(quick?.format == .json)
    }
}
