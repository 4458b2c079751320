import Foundation
import Geo
import Showtimes
import Testing
import Theaters

@Suite("Matching provider theaters and shows")
struct MatchingTests {
    static let catalog: [Theater] = {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        return try! TheaterCatalog(contentsOf: root.appendingPathComponent("Data/theaters.csv")).theaters
    }()
    static let center = try! Coordinate(latitude: 60.1699, longitude: 24.9384)

    func show(_ title: String, original: String?, year: Int?) -> Show {
        Show(
            provider: "finnkino", providerTheaterID: "1031", providerTheaterName: "Kinopalatsi, Helsinki", title: title,
            originalTitle: original, year: year, start: Date(timeIntervalSince1970: 0),
            timeZoneIdentifier: "Europe/Helsinki")
    }

    @Test func finnkinosKinopalatsiIsOSMNode1376356017AndTennispalatsiIsUnmatched() {
        let matching = TheaterMatcher.match(
            [
                ProviderTheater(id: "1031", name: "Kinopalatsi, Helsinki"),
                ProviderTheater(id: "1033", name: "Tennispalatsi, Helsinki"),
            ],
            catalog: Self.catalog, near: Self.center)
        let kinopalatsi = matching.matches["1031"]
        #expect(kinopalatsi?.theater.id == "node/1376356017")
        #expect(kinopalatsi?.confidence == .exact)
        #expect(matching.matches["1033"] == nil)
        #expect(matching.unmatched == [ProviderTheater(id: "1033", name: "Tennispalatsi, Helsinki")])
    }

    @Test func aTheaterOfTheSameNameInAnotherCityDoesNotMatch() {
        let turku = TheaterMatcher.best(
            ProviderTheater(id: "1022", name: "Kinopalatsi, Turku"), catalog: Self.catalog, near: Self.center)
        #expect(turku == nil)
    }

    @Test func aTheaterFarFromTheReferencePointDoesNotMatch() throws {
        let tampere = try Coordinate(latitude: 61.4978, longitude: 23.7610)
        let match = TheaterMatcher.best(
            ProviderTheater(id: "1031", name: "Kinopalatsi"), catalog: Self.catalog, near: tampere)
        #expect(match == nil)
    }

    @Test func aNameWithoutCityAndAccentsStillMatches() {
        let match = TheaterMatcher.best(
            ProviderTheater(id: "x", name: "KINOPALATSI"), catalog: Self.catalog, near: Self.center)
        #expect(match?.theater.id == "node/1376356017")
        #expect(match?.confidence == .exact)
    }

    @Test func theSameOriginalTitleAndYearIsAnExactFilmMatch() {
        let film = FilmCandidate(id: 101, title: "Northern Lights", originalTitle: "Northern Lights", year: 2026)
        let match = FilmMatcher.match(show("Revontulet", original: "Northern Lights", year: 2026), films: [film])
        #expect(match?.film.id == 101)
        #expect(match?.confidence == .exact)
    }

    @Test func aShowWithoutAnOriginalTitleMatchesByItsTitleLessSurely() {
        let film = FilmCandidate(id: 102, title: "Harbour Nights", originalTitle: "Harbour Nights", year: 2026)
        #expect(
            FilmMatcher.match(show("Harbour Nights (2D)", original: nil, year: 2026), films: [film])?.confidence
                == .likely)
        #expect(FilmMatcher.match(show("Harbour Nights", original: nil, year: nil), films: [film])?.confidence == .weak)
    }

    @Test func aYearOneOffIsLikelyAndARemakeIsNoMatch() {
        let film = FilmCandidate(id: 7, title: "Dune", originalTitle: "Dune", year: 2021)
        #expect(FilmMatcher.match(show("Dyyni", original: "Dune", year: 2022), films: [film])?.confidence == .likely)
        #expect(FilmMatcher.match(show("Dyyni", original: "Dune", year: 1984), films: [film]) == nil)
    }

    @Test func anotherFilmDoesNotMatch() {
        let film = FilmCandidate(id: 7, title: "Dune", originalTitle: "Dune", year: 2021)
        #expect(FilmMatcher.match(show("Muumit", original: "Moomins", year: 2021), films: [film]) == nil)
    }
}
