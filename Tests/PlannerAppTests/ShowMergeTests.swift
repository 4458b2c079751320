import Foundation
import Testing

@testable import PlannerApp
import Showtimes

/// Two providers' lists as one: the same film at the same theater within five minutes is one show.
@Suite struct ShowMergeTests {
    static let eight = Date(timeIntervalSince1970: 1_800_000_000)

    static func show(_ provider: String, _ title: String, minutes: Double, url: String? = nil, theater: String = "t1")
        -> Show
    {
        Show(
            provider: provider, providerTheaterID: provider + "/" + theater, providerTheaterName: "Cinema",
            title: title, start: eight.addingTimeInterval(minutes * 60), timeZoneIdentifier: "Europe/Paris",
            bookingURL: url)
    }

    /// Every provider theater of these shows is catalog theater "node/1".
    static func theater(_ show: Show) -> String? { show.providerTheaterID.hasSuffix("/t1") ? "node/1" : nil }

    @Test func theSameShowFromTwoProvidersIsOneAndTheOneWithATicketLinkWins() {
        let merged = ShowMerge.merged(
            [Self.show("finnkino", "Dune", minutes: 0), Self.show("web", "DUNE", minutes: 3, url: "https://x/book")],
            theaterOf: Self.theater)
        #expect(merged.count == 1)
        #expect(merged.first?.bookingURL == "https://x/book")
    }

    @Test func showsMoreThanFiveMinutesApartOrOfOneProviderStayApart() {
        let apart = ShowMerge.merged(
            [Self.show("finnkino", "Dune", minutes: 0), Self.show("web", "Dune", minutes: 6)], theaterOf: Self.theater)
        #expect(apart.count == 2)
        let oneProvider = ShowMerge.merged(
            [Self.show("web", "Dune", minutes: 0), Self.show("web", "Dune", minutes: 1), Self.show("finnkino", "X", minutes: 0)],
            theaterOf: Self.theater)
        #expect(oneProvider.count == 3, "a provider's own two shows (two screens) are both kept")
    }

    @Test func showsAtAnotherTheaterOrOfAnotherFilmAreNotMerged() {
        let merged = ShowMerge.merged(
            [
                Self.show("finnkino", "Dune", minutes: 0), Self.show("web", "Dune", minutes: 0, theater: "t2"),
                Self.show("web", "Alien", minutes: 0),
            ], theaterOf: Self.theater)
        #expect(merged.count == 3)
    }

    @Test func importedShowsAndOtherFormatsAreNeverMergedAndOneShowStandsForOneOfEachProvider() {
        var imax = Self.show("web", "Dune", minutes: 5)
        imax.format = "IMAX"
        var standard = Self.show("finnkino", "Dune", minutes: 0)
        standard.format = "2D"
        let merged = ShowMerge.merged(
            [standard, imax, Self.show("import", "Dune", minutes: 0), Self.show("web", "Dune", minutes: 1),
             Self.show("web", "Dune", minutes: 2)],
            theaterOf: { $0.provider == "import" ? "node/1" : Self.theater($0) })
        // Finnkino's 2D show stands for one web show; the IMAX one, the import and the second web show stay
        #expect(merged.count == 4, "\(merged.map { "\($0.provider) \($0.format ?? "-")" })")
        #expect(merged.contains { $0.provider == "import" })
        #expect(merged.contains { $0.format == "IMAX" })
    }
}
