import Foundation
import Geo
import Testing
import Theaters

@testable import Showtimes

/// The matchers with their keys worked out once answer exactly what they answer working them out each time.
@Suite("Matching with prepared keys")
struct PreparedMatchingTests {
    static let catalog = MatchingTests.catalog
    static let center = MatchingTests.center

    static let providers = [
        ProviderTheater(id: "1031", name: "Kinopalatsi, Helsinki"),
        ProviderTheater(id: "1033", name: "Tennispalatsi, Helsinki"),
        ProviderTheater(id: "1034", name: "Maxim, Helsinki"),
        ProviderTheater(id: "x", name: "Bio Rex"),
        ProviderTheater(id: "y", name: ", Helsinki"),
    ]

    static func summary(_ matching: TheaterMatching) -> [String] {
        matching.matches.sorted { $0.key < $1.key }.map {
            "\($0.key) \($0.value.theater.id) \($0.value.confidence) \($0.value.reason)"
        } + matching.unmatched.map { "unmatched \($0.id)" }
    }

    @Test func aPreparedCatalogMatchesAsTheCatalogDoesAndAgainTheSame() {
        let prepared = TheaterMatcherCatalog(Self.catalog)
        let plain = TheaterMatcher.match(Self.providers, catalog: Self.catalog, near: Self.center)
        let first = TheaterMatcher.match(Self.providers, in: prepared, near: Self.center)
        let again = TheaterMatcher.match(Self.providers, in: prepared, near: Self.center)
        #expect(Self.summary(first) == Self.summary(plain))
        #expect(Self.summary(again) == Self.summary(plain))
        // Another reference point is another question, not the remembered answer
        let turku = try! Coordinate(latitude: 60.4518, longitude: 22.2666)
        #expect(
            Self.summary(TheaterMatcher.match(Self.providers, in: prepared, near: turku, maxDistanceMeters: 5_000))
                == Self.summary(
                    TheaterMatcher.match(Self.providers, catalog: Self.catalog, near: turku, maxDistanceMeters: 5_000)))
    }

    @Test func filmKeysMatchAsTheFilmsDo() {
        let films = [
            FilmCandidate(id: 101, title: "Northern Lights", originalTitle: "Revontulet", year: 2026),
            FilmCandidate(id: 102, title: "Harbour Nights", year: 2025),
            FilmCandidate(id: 103, title: "Amélie", originalTitle: "Le Fabuleux Destin d'Amélie Poulain", year: 2001),
            FilmCandidate(id: 104, title: "Fight Club", year: 1999, imdbID: "tt0137523"),
        ]
        func show(_ title: String, original: String?, year: Int?, imdb: String? = nil) -> Show {
            Show(
                provider: "finnkino", providerTheaterID: "1031", providerTheaterName: "Kinopalatsi, Helsinki",
                title: title, originalTitle: original, year: year, start: Date(timeIntervalSince1970: 0),
                timeZoneIdentifier: "Europe/Helsinki", imdbID: imdb)
        }
        let shows = [
            show("Revontulet", original: "Revontulet", year: 2026), show("Revontulet (2D)", original: nil, year: 2027),
            show("Harbour Nights", original: nil, year: nil), show("Amelie", original: "Amélie", year: 2001),
            show("Taistelukerho", original: nil, year: 1999, imdb: "TT0137523"),
            show("Other", original: "", year: 2026),
            show("Northern Lights", original: nil, year: 2020),
        ]
        let keys = films.map(FilmKeys.init)
        for show in shows {
            #expect(FilmMatcher.match(show, films: keys) == FilmMatcher.match(show, films: films), "\(show.title)")
            let showKeys = ShowKeys(show)
            for film in films {
                #expect(FilmMatcher.match(show, showKeys, FilmKeys(film)) == FilmMatcher.match(show, film))
            }
        }
    }

    @Test func aNameKeyKeptIsTheOneWorkedOut() {
        let names = ["Kinopalatsi, Helsinki", "Amélie (2D)", "Tom & Jerry", "  Bio  Rex ", "Ｗｉｄｅ", ""]
        for name in names + names {
            #expect(NameKey.of(name) == NameKey.computed(name))
        }
        let long = String(repeating: "Å", count: 300)
        #expect(NameKey.of(long) == NameKey.computed(long))
    }
}
