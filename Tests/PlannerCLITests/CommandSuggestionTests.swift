import Testing

@testable import PlannerCLI

@Suite("A mistyped command")
struct CommandSuggestionTests {
    @Test func aSlipOfOneLetterIsAnsweredWithTheCommandMeant() {
        #expect(CommandSuggestion.message(for: ["nearbyy"]) == "unknown command 'planner nearbyy'; did you mean 'planner nearby'?")
        #expect(CommandSuggestion.message(for: ["sugest", "--near", "Helsinki"])
            == "unknown command 'planner sugest'; did you mean 'planner suggest'?")
    }

    @Test func aSlipInASubcommandNamesTheWholePath() {
        #expect(CommandSuggestion.message(for: ["watchlist", "ad", "550"])
            == "unknown command 'planner watchlist ad'; did you mean 'planner watchlist add'?")
    }

    @Test func twoSwappedLettersAreOneSlip() {
        #expect(CommandSuggestion.editDistance("nearyb", "nearby") == 1)
        #expect(CommandSuggestion.closest(to: "palm", among: ["plan", "map"]) == nil)
        #expect(CommandSuggestion.closest(to: "paln", among: ["plan", "map"]) == "plan")
    }

    @Test func aWordFarFromEveryCommandPointsToHelp() {
        #expect(CommandSuggestion.message(for: ["xyzzy"]) == "unknown command 'planner xyzzy'; 'planner --help' lists the commands")
    }

    @Test func knownCommandsAndOptionsAreLeftToArgumentParser() {
        #expect(CommandSuggestion.message(for: ["nearby", "--radius", "x"]) == nil)
        #expect(CommandSuggestion.message(for: ["--near", "Helsinki"]) == nil)
    }
}
