import Foundation
import Testing

@Suite("planner config, run as a user runs it")
struct ConfigCommandTests {
    let planner = PlannerProcess()

    @Test func aContactWithALineBreakIsRefusedBecauseItGoesIntoAHeader() async throws {
        let result = try await planner.run(["config", "set", "contact", "me@example.org\r\nX-Evil: 1"])
        #expect(result.status != 0)
        #expect(result.stderr.split(separator: "\n").count == 1)
        #expect(try await planner.run(["config", "show"]).stdout.contains("contact  (not set)"))
    }

    @Test(arguments: ["90s", "30m", "1h30m", "2d12h"])
    func cacheTimesTakeCompoundDurations(_ value: String) async throws {
        let result = try await planner.run(["config", "set", "cache-lists", value])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try await planner.run(["config", "show"]).stdout.contains("cache-lists    \(value)"))
    }

    @Test(arguments: ["0m", "1.5h", "h", "forever", "30"])
    func aCacheTimeThatIsNotADurationIsOneLine(_ value: String) async throws {
        let result = try await planner.run(["config", "set", "cache-details", value])
        #expect(result.status != 0)
        #expect(result.stderr.split(separator: "\n").count == 1)
    }

    @Test func aSavedRadiusBeyondHalfTheEarthSaysWhyAsTheFlagDoes() async throws {
        let saved = try await planner.run(["config", "set", "radius", "200"])
        let flag = try await planner.run(["nearby", "--near", "Helsinki", "--radius", "200", "--offline"])
        #expect(saved.status != 0 && flag.status != 0)
        #expect(saved.stderr.split(separator: "\n").count == 1)
        // The reason --radius gives ("… more than half the Earth …") is in the setting's line too
        let reason = try #require(flag.stderr.split(separator: ":").last).trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(saved.stderr.contains(reason), "\(saved.stderr) lacks \(reason)")
    }

    @Test func showWithNothingSavedSaysOpenStreetMapIsAskedWhereTheDataFallsShort() async throws {
        let shown = try await planner.run(["config", "show"])
        #expect(!shown.stdout.contains("only with --online"))
        #expect(shown.stdout.contains("where the local data falls short"))
    }

    @Test func routeTakesOfflineAsTheOtherPlaceCommandsDo() async throws {
        let result = try await planner.run(["route", "--near", "60.1699,24.9384", "--to", "Kinopalatsi", "--offline"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("Route from"))
    }

    @Test func aMistypedCommandGetsADidYouMean() async throws {
        let result = try await planner.run(["nearbyy"])
        #expect(result.status == 64)
        #expect(result.stderr == "planner: error: unknown command 'planner nearbyy'; did you mean 'planner nearby'?\n")
    }

    @Test func aRegionMustBeACountry() async throws {
        #expect(try await planner.run(["config", "set", "region", "fi"]).status == 0)
        #expect(try await planner.run(["config", "show"]).stdout.contains("region   FI"))
        let typo = try await planner.run(["config", "set", "region", "XX"])
        #expect(typo.status != 0)
        #expect(typo.stderr.split(separator: "\n").count == 1)
    }

    @Test func savedRadiusAndKeywordChangeWhatNearbyListsAndConfigShowSaysWhereEachCameFrom() async throws {
        let before = try await planner.run(["nearby", "--near", "60.1699,24.9384", "--format", "json"])
        #expect(try JSONSerialization.jsonObject(with: Data(before.stdout.utf8)) as? [String: Any] != nil)
        #expect(before.stdout.contains("\"radius_m\" : 55597.5"))
        #expect(before.stdout.contains("amenity=cinema"))

        #expect(try await planner.run(["config", "set", "radius", "800m"]).status == 0)
        #expect(try await planner.run(["config", "set", "keyword", "theatre"]).status == 0)
        let after = try await planner.run(["nearby", "--near", "60.1699,24.9384", "--format", "json"])
        #expect(after.stdout.contains("\"radius_m\" : 800"))
        #expect(after.stdout.contains("amenity=theatre"))
        // A flag still wins over the setting.
        let flagged = try await planner.run(["nearby", "--near", "60.1699,24.9384", "--radius", "0.5", "--format", "json"])
        #expect(flagged.stdout.contains("\"radius_m\" : 55597.5"))

        let shown = try await planner.run(["config", "show"]).stdout
        #expect(shown.contains("radius   800m  (setting)"))
        #expect(shown.contains("keyword  theatre  (setting)"))
        #expect(shown.contains("mode     walk  (default)"))
        #expect(shown.contains("limit    10  (default)"))
    }

    @Test(arguments: [["radius", "abc"], ["mode", "fly"], ["limit", "0"], ["limit", "x"]])
    func aBadSavedSearchDefaultIsOneLineAndNothingIsSaved(_ arguments: [String]) async throws {
        let result = try await planner.run(["config", "set"] + arguments)
        #expect(result.status != 0)
        #expect(result.stderr.split(separator: "\n").count == 1)
        #expect(try await planner.run(["config", "show"]).stdout.contains("\(arguments[0])".padding(toLength: 9, withPad: " ", startingAt: 0)))
        #expect(!(try await planner.run(["config", "show"]).stdout.contains("(setting)")))
    }

    @Test func pickWithoutIcsIsAMistake() async throws {
        let result = try await planner.run(["plan", "--near", "60.1699,24.9384", "--pick", "2"])
        #expect(result.status == 64)
        #expect(result.stderr.contains("--ics"))
    }
}
