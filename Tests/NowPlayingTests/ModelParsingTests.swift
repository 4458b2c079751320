import Foundation
import Testing

@testable import NowPlaying

/// Our models read TMDb's JSON, sparse or odd.
@Suite struct ModelParsingTests {
    private func decode<T: Decodable>(_ type: T.Type, _ json: String) throws -> T {
        try JSONDecoder().decode(T.self, from: Data(json.utf8))
    }

    @Test func aMovieWithANullPosterAndNoOverviewStillParses() throws {
        let page = try decode(Page<Movie>.self, TMDbFixtures.sparseSearch)

        let film = try #require(page.results.first)
        #expect(film.posterPath == nil)
        #expect(film.backdropPath == nil)
        #expect(film.overview == "")
        #expect(film.releaseDate == nil)
        #expect(film.releaseYear == nil)
        #expect(page.dates == nil)
        let bare = try #require(page.results.last)
        #expect(bare.id == 8 && bare.originalTitle == "Bare" && bare.genreIDs.isEmpty)
    }

    @Test func aListPageKeepsItsDatesAndTotals() throws {
        let page = try decode(Page<Movie>.self, TMDbFixtures.moviePage(page: 3, totalPages: 98, count: 4))

        #expect(page.page == 3)
        #expect(page.totalPages == 98)
        #expect(page.totalResults == 392)
        let window = DateWindow(minimum: TMDbDate.parse("2026-10-14")!, maximum: TMDbDate.parse("2026-12-01")!)
        #expect(page.dates == window)
        #expect(page.results.first?.releaseYear == 2026)
    }

    @Test func theatricalMeansTypesTwoAndThreeAndTheEarliestWins() throws {
        let details = try decode(MovieDetails.self, TMDbFixtures.details)
        let dates = try #require(details.releaseDates)

        // The US has types 1–6 and one unknown type 9, which is skipped
        let types: [ReleaseType] = [.premiere, .theatrical, .theatricalLimited, .digital, .physical, .tv]
        #expect(dates.byRegion["US"]?.map(\.type) == types)
        #expect(dates.theatricalReleaseDate(region: "US") == TMDbDate.parse("1999-10-08"))
        #expect(dates.certification(region: "US") == "R")
        #expect(dates.certification(region: "GB") == "18")
        #expect(dates.theatricalReleaseDate(region: "FR") == nil)
        #expect(dates.theatricalReleaseDate(region: "JP") == nil)
        #expect(ReleaseType.allCases.filter(\.isTheatrical) == [.theatricalLimited, .theatrical])
    }

    @Test func standaloneReleaseDatesParse() throws {
        let json = """
            {"id":550,"results":[{"iso_3166_1":"DE","release_dates":[
              {"certification":"18","descriptors":[],"iso_639_1":"","note":"",
               "release_date":"1999-11-11T00:00:00.000Z","type":3}]}]}
            """
        let dates = try decode(ReleaseDates.self, json)
        #expect(dates.theatricalReleaseDate(region: "de") == TMDbDate.parse("1999-11-11"))
    }

    @Test func detailsReadEmptyHomepageAsNoneAndKeepTheImdbID() throws {
        let details = try decode(MovieDetails.self, TMDbFixtures.details)
        #expect(details.homepage == nil)
        #expect(details.imdbID == "tt0000550")
        #expect(details.genres == [Genre(id: 18, name: "Drama")])
        #expect(details.id == 550)
        #expect(details.tagline == "Mayhem.")
    }

    @Test(arguments: [
        ("w342", "w342"), ("w400", "w342"), ("original", "original"), ("w10", "w92"), ("huge", "original"),
    ])
    func posterSizesFallBackToTheLargestThatFits(asked: String, served: String) throws {
        let images = try decode(ImageConfiguration.self, TMDbFixtures.configuration)
        let url = images.posterURL(path: "/p.jpg", size: asked)
        #expect(url?.absoluteString == "https://image.example/t/p/\(served)/p.jpg")
        #expect(images.posterURL(path: nil) == nil)
    }

    @Test func provenanceOfJoinedPagesIsTheOldestAndAnyStale() {
        #expect(Provenance.network.combined(with: .network) == .network)
        #expect(Provenance.network.combined(with: .cache(age: 5, stale: false)) == .cache(age: 5, stale: false))
        #expect(
            Provenance.cache(age: 5, stale: false).combined(with: .cache(age: 9, stale: true))
                == .cache(age: 9, stale: true))
    }
}
