import Testing

@testable import Showtimes

@Suite struct ConfigureHintTests {
    @Test func eachProviderWithKeysNamesThemAsASentence() {
        #expect(ShowtimesProvider.finnkino.configureHint == nil)
        #expect(ShowtimesProvider.gracenote.configureHint == "set GRACENOTE_API_KEY")
        #expect(
            ShowtimesProvider.movieGlu.configureHint == "set MOVIEGLU_CLIENT, MOVIEGLU_API_KEY and MOVIEGLU_AUTHORIZATION")
    }
}
