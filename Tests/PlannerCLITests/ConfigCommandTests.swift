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

    @Test func aRegionMustBeACountry() async throws {
        #expect(try await planner.run(["config", "set", "region", "fi"]).status == 0)
        #expect(try await planner.run(["config", "show"]).stdout.contains("region   FI"))
        let typo = try await planner.run(["config", "set", "region", "XX"])
        #expect(typo.status != 0)
        #expect(typo.stderr.split(separator: "\n").count == 1)
    }

    @Test func pickWithoutIcsIsAMistake() async throws {
        let result = try await planner.run(["plan", "--near", "60.1699,24.9384", "--pick", "2"])
        #expect(result.status == 64)
        #expect(result.stderr.contains("--ics"))
    }
}
