import ArgumentParser
import PlannerApp
import TestSupport
import Testing

@testable import PlannerCLI

@Suite("The lists read without argument-parser", .offThePool)
struct QuickListTests {
    /// Pieces of a `watchlist list` line: plain ones, and ones argument-parser refuses or treats in its own way.
    static let pieces: [[String]] = [
        // Plain: the first `plainCount`.
        ["--sort", "title"], ["--sort=rating"], ["--sort", "release"], ["--upcoming"], ["--released"], ["--long"],
        ["--region", "fi"], ["--region=US"], ["--db", "a.sqlite"], ["--db=b.sqlite"], ["--format", "json"],
        ["--format", "csv"], ["--format=table"], ["-o", "out.txt"], ["--output=-"],
        // The others.
        ["--sort", "Title"], ["--sort", "x"], ["--tv"], ["--region", ""], ["--region", "-x"], ["--db"],
        ["--format", "geojson"], ["--format", "xml"], ["--output", "-"], ["-o=x"], ["--help"], ["-h"], ["--bogus"],
        ["positional"], ["--long=true"], ["--"], ["--generate-completion-script", "bash"], ["--sort", "--"],
        ["--version"],
    ]
    static let plainCount = 15

    /// The fields argument-parser read, in QuickList's shape.
    static func parsedByArgumentParser(_ line: [String]) -> QuickList? {
        guard let command = try? PlannerCommand.parseAsRoot(line) else { return nil }
        let arguments: ListArguments
        var parsed: QuickList
        if let watchlist = command as? WatchlistList {
            arguments = watchlist.arguments
            parsed = QuickList(arguments: ["watchlist", "list"])!
        } else if let favorites = command as? FavoritesList {
            arguments = favorites.arguments
            parsed = QuickList(arguments: ["favorites", "list"])!
        } else {
            return nil
        }
        guard !arguments.tv else { return nil }
        parsed.sort = arguments.sort
        parsed.upcoming = arguments.upcoming
        parsed.released = arguments.released
        parsed.region = arguments.region
        parsed.db = arguments.store.db
        parsed.format = arguments.output.format
        parsed.output = arguments.output.output
        parsed.long = arguments.long.long
        return parsed
    }

    static func agree(_ quick: QuickList, _ parsed: QuickList) -> Bool {
        quick.list == parsed.list && quick.sort == parsed.sort && quick.upcoming == parsed.upcoming
            && quick.released == parsed.released && quick.region == parsed.region && quick.db == parsed.db
            && quick.format == parsed.format && quick.output == parsed.output && quick.long == parsed.long
    }

    @Test func everyLineItReadsArgumentParserReadsTheSameWay() {
        var lines: [[String]] = [["watchlist", "list"], ["favorites", "list"]]
        for first in Self.pieces {
            lines.append(["watchlist", "list"] + first)
            lines.append(["favorites", "list"] + first)
        }
        // Pairs: each piece after four of the plain pieces, in turn (see PiecePairs).
        lines += PiecePairs.lines(
            ["watchlist", "list"], firsts: Array(Self.pieces.prefix(Self.plainCount)), seconds: Self.pieces,
            perSecond: 4)
        var read = 0
        for line in lines {
            guard let quick = QuickList(arguments: line) else { continue }
            read += 1
            let parsed = Self.parsedByArgumentParser(line)
            #expect(parsed.map { Self.agree(quick, $0) } == true, "read apart: \(line)")
        }
        // Most plain lines are read here, or the fast path would be a test of nothing.
        #expect(read > 65)
    }

    @Test func helpTyposRepeatsAndBadCombinationsAreLeftToArgumentParser() {
        for line in [
            ["watchlist", "list", "--help"], ["watchlist", "list", "--sort", "x"], ["watchlist", "list", "--tv"],
            ["watchlist", "list", "--upcoming", "--released"], ["watchlist", "list", "--format", "geojson"],
            ["watchlist", "list", "--long", "--long"], ["watchlist", "list", "--db"], ["watchlist", "add", "603"],
            ["watchlist"], ["watchlist", "list", "--sort", "--"], ["favorites", "list", "--bogus"], ["list"],
            ["watchlist", "list", "--region", "-x"], ["watchlist", "list", "--db", "a", "--db", "b"],
        ] {
            #expect(QuickList(arguments: line) == nil, "read: \(line)")
        }
    }
}
