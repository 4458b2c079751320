import Foundation
import Testing
import TestSupport

@testable import NowPlaying

/// `/movie/{id}/images`, `/tv/{id}/images`, `/find/{imdb_id}`, the series lists and backdrop sizes, through the
/// real transport against a fake TMDb.
@Suite struct ImagesFindAndTVListsTests {
    static let images = """
        {"id":550,"backdrops":[{"aspect_ratio":1.778,"height":2160,"iso_639_1":null,"file_path":"/back.jpg",
          "vote_average":5.4,"vote_count":3,"width":3840}],"logos":[],
         "posters":[{"aspect_ratio":0.667,"height":3000,"iso_639_1":"en","file_path":"/post.jpg","vote_average":5.5,
          "vote_count":6,"width":2000},{"file_path":"/bare.jpg"}]}
        """

    static let found = """
        {"movie_results":[{"id":550,"title":"Fight Club","media_type":"movie","poster_path":"/p.jpg"}],
         "person_results":[],"tv_results":[],"tv_episode_results":[],"tv_season_results":[]}
        """

    @Test func aFilmsImagesComeBackWithTheirSizesAndLanguages() async throws {
        try await withFakeTMDb({ _, _ in Reply.json(Self.images) }) { fake in
            let set = try await TMDbClient.testing(fake).movieImages(id: 550).value
            #expect(await fake.log.requests.map(\.path) == ["/3/movie/550/images"])
            #expect(set.posters.map(\.filePath) == ["/post.jpg", "/bare.jpg"])
            #expect(set.posters.first?.language == "en")
            #expect(set.posters.last?.width == 0)
            #expect(set.backdrops.first == ImageSet.Image(filePath: "/back.jpg", width: 3840, height: 2160, voteAverage: 5.4))
        }
    }

    @Test func imagesOfAnotherIDAreRefused() async throws {
        _ = try await withFakeTMDb({ _, _ in Reply.json(Self.images) }) { fake in
            await #expect(throws: NowPlayingError.malformedResponse(endpoint: "/tv/1396/images")) {
                try await TMDbClient.testing(fake).tvImages(id: 1396)
            }
        }
    }

    @Test func findAsksForAnIMDbIDAndGivesTheFilm() async throws {
        try await withFakeTMDb({ _, _ in Reply.json(Self.found) }) { fake in
            let found = try await TMDbClient.testing(fake).find(imdbID: "tt0137523").value
            let request = try #require(await fake.log.requests.first)
            #expect(request.path == "/3/find/tt0137523")
            #expect(request.query["external_source"] == "imdb_id")
            #expect(found.movies.map(\.id) == [550])
            #expect(found.tvShows.isEmpty)
        }
    }

    @Test func anIMDbIDWithOtherCharactersIsNeverSent() async throws {
        try await withFakeTMDb({ _, _ in Reply.json(Self.found) }) { fake in
            await #expect(throws: NowPlayingError.self) { try await TMDbClient.testing(fake).find(imdbID: "tt01/../x") }
            #expect(await fake.log.count == 0)
        }
    }

    @Test(arguments: [(TVList.popular, "/3/tv/popular"), (.onTheAir, "/3/tv/on_the_air"), (.airingToday, "/3/tv/airing_today")])
    func eachSeriesListHasItsPath(list: TVList, path: String) async throws {
        try await withFakeTMDb({ _, _ in Reply.json(TMDbFixtures.trendingTV) }) { fake in
            let shows = try await TMDbClient.testing(fake).tvShows(list, page: 2).value
            let request = try #require(await fake.log.requests.first)
            #expect(request.path == path)
            #expect(request.query["page"] == "2")
            #expect(shows.results.map(\.name) == ["Thrones"])
        }
    }

    @Test func backdropsUseTheBackdropSizes() throws {
        let images = try JSONDecoder().decode(ImageConfiguration.self, from: Data(TMDbFixtures.configuration.utf8))
        #expect(images.backdropSizes == ["w300", "original"])
        #expect(images.backdropURL(path: "/b.jpg")?.absoluteString == "https://image.example/t/p/w300/b.jpg")
        #expect(images.backdropURL(path: "/b.jpg", size: "original")?.absoluteString == "https://image.example/t/p/original/b.jpg")
        #expect(images.backdropURL(path: nil) == nil)
    }
}
