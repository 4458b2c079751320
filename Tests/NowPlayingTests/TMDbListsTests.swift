import FlyingFox
import TestSupport
import Foundation
import SQLiteStore
import Testing

@testable import NowPlaying
import Transport

/// Lists and searches against the fake TMDb, through the real URLSession transport.
@Suite struct TMDbListsTests {
    @Test func nowPlayingSendsTheBearerTokenRegionAndUserAgentAndKeepsTheDateWindow() async throws {
        // Given a fake TMDb serving one page of now playing
        try await withFakeTMDb({ _, _ in Reply.json(TMDbFixtures.moviePage(count: 3)) }) { fake in
            let client = TMDbClient.testing(fake)

            // When the client asks for now playing in Finland, in Finnish
            let page = try await client.nowPlaying(region: "FI", language: "fi-FI")

            // Then the request carried the token, the region and the tool's name
            let request = try #require(await fake.log.requests.first)
            #expect(request.path == "/3/movie/now_playing")
            #expect(request.query["region"] == "FI")
            #expect(request.query["language"] == "fi-FI")
            #expect(request.query["page"] == "1")
            #expect(request.query["api_key"] == nil)
            #expect(request.header("Authorization") == "Bearer \(Secrets.token)")
            #expect(request.header("User-Agent") == ClientIdentity.userAgent)
            #expect(ClientIdentity.userAgent.hasPrefix("planner/\(ClientIdentity.version)"))
            // And the answer is our own model, with its date window
            #expect(page.provenance == .network)
            #expect(page.value.results.map(\.id) == [100, 101, 102])
            #expect(page.value.results.first?.title == "Film 100")
            let window = try #require(page.value.dates)
            #expect(window.minimum < window.maximum)
        }
    }

    @Test func anAPIKeyCredentialTravelsAsAQueryParameterAndNoAuthorizationHeader() async throws {
        try await withFakeTMDb({ _, _ in Reply.json(TMDbFixtures.moviePage()) }) { fake in
            let client = TMDbClient.testing(fake, credential: .apiKey(Secrets.apiKey))

            _ = try await client.upcoming(region: "GB")

            let request = try #require(await fake.log.requests.first)
            #expect(request.path == "/3/movie/upcoming")
            #expect(request.query["api_key"] == Secrets.apiKey)
            #expect(request.header("Authorization") == nil)
        }
    }

    @Test func everyPageOfAListIsFetchedAndJoinedInOrder() async throws {
        // Given a list of four pages of two films each
        try await withFakeTMDb({ request, _ in
            let page = Int(request.query["page"] ?? "1") ?? 1
            return Reply.json(TMDbFixtures.moviePage(page: page, totalPages: 4, firstID: page * 10))
        }) { fake in
            let client = TMDbClient.testing(fake)
            let progress = ProgressLog()

            // When every page is asked for
            let all = try await client.allMovies(.nowPlaying, region: "US") { done, total in
                progress.append("\(done)/\(total)")
            }

            // Then each page was fetched once and the films come in page order
            let pages = await fake.log.requests.compactMap { $0.query["page"] }.sorted()
            #expect(pages == ["1", "2", "3", "4"])
            #expect(all.value.results.map(\.id) == [10, 11, 20, 21, 30, 31, 40, 41])
            #expect(all.value.totalPages == 4)
            #expect(all.value.dates != nil)
            #expect(progress.entries.last == "4/4")
        }
    }

    @Test(arguments: [0, -1, 501])
    func aPageOutsideOneToFiveHundredIsRefusedBeforeAnyRequest(page: Int) async throws {
        try await withFakeTMDb({ _, _ in Reply.json(TMDbFixtures.moviePage()) }) { fake in
            let client = TMDbClient.testing(fake)

            await #expect(throws: NowPlayingError.invalidPage(page)) {
                try await client.popular(page: page)
            }
            #expect(await fake.log.count == 0)
        }
    }

    @Test func searchesSendTheQueryYearAndRegionAndSurviveSparseFilms() async throws {
        try await withFakeTMDb({ _, _ in Reply.json(TMDbFixtures.sparseSearch) }) { fake in
            let client = TMDbClient.testing(fake)

            let found = try await client.searchMovies(query: "  a film ", year: 2024, region: "FI")

            let request = try #require(await fake.log.requests.first)
            #expect(request.path == "/3/search/movie")
            #expect(request.query["query"] == "a film")
            #expect(request.query["year"] == "2024")
            #expect(request.query["region"] == "FI")
            let first = try #require(found.value.results.first)
            #expect(first.posterPath == nil)
            #expect(first.overview == "")
            #expect(first.releaseDate == nil)
            #expect(found.value.results.last?.title == "Bare")
        }
    }

    @Test func aBlankSearchIsRefusedBeforeAnyRequest() async throws {
        try await withFakeTMDb({ _, _ in Reply.json(TMDbFixtures.sparseSearch) }) { fake in
            let client = TMDbClient.testing(fake)
            await #expect(throws: NowPlayingError.emptyQuery) { try await client.searchTV(query: "  ") }
            #expect(await fake.log.count == 0)
        }
    }

    @Test func trendingTVAndTheImageConfigurationComeBackAsModels() async throws {
        try await withFakeTMDb({ request, _ in
            request.path.hasSuffix("/configuration")
                ? Reply.json(TMDbFixtures.configuration) : Reply.json(TMDbFixtures.trendingTV)
        }) { fake in
            let client = TMDbClient.testing(fake)

            let shows = try await client.trendingTV()
            let images = try await client.imageConfiguration()

            #expect(shows.value.results.first?.name == "Thrones")
            #expect(shows.value.results.first?.posterPath == nil)
            let paths = await fake.log.requests.map(\.path)
            #expect(paths == ["/3/trending/tv/week", "/3/configuration"])
            let url = images.value.posterURL(path: "/abc.jpg", size: "w342")
            #expect(url?.absoluteString == "https://image.example/t/p/w342/abc.jpg")
        }
    }

    @Test func movieDetailsAskForReleaseDatesAndGiveTheTheatricalDate() async throws {
        try await withFakeTMDb({ _, _ in Reply.json(TMDbFixtures.details) }) { fake in
            let client = TMDbClient.testing(fake)

            let details = try await client.movie(id: 550).value

            let request = try #require(await fake.log.requests.first)
            #expect(request.path == "/3/movie/550")
            #expect(request.query["append_to_response"] == "release_dates")
            #expect(details.runtimeMinutes == 139)
            #expect(details.movie.posterPath == nil)
            #expect(details.theatricalReleaseDate(region: "US") == TMDbDate.parse("1999-10-08"))
            #expect(details.theatricalReleaseDate(region: "gb") == TMDbDate.parse("1999-11-12"))
            #expect(details.theatricalReleaseDate(region: "FR") == nil)
        }
    }

    @Test func detailsOfAnotherFilmAreRefusedAndNeverCached() async throws {
        // Given a TMDb that answers /movie/106 with film 550's details (a merged id redirected, a mis-served body)
        try await withFakeTMDb({ _, _ in Reply.json(TMDbFixtures.details) }) { fake in
            let cache = try TMDbCache.inMemory()
            let client = TMDbClient.testing(fake, cache: cache)

            // When film 106 is asked for, the answer is refused: listing it as 550 would list 550 twice
            await #expect(throws: NowPlayingError.malformedResponse(endpoint: "/movie/106")) {
                try await client.movie(id: 106)
            }
            // And nothing was kept for it, so the next run asks again
            #expect(try await cache.allKeys().isEmpty)
            // While film 550 itself is taken and cached
            #expect(try await client.movie(id: 550).value.id == 550)
            #expect(try await cache.allKeys().count == 1)
        }
    }
}

/// Collects progress lines from any task.
final class ProgressLog: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: [String] = []

    func append(_ entry: String) {
        lock.lock()
        stored.append(entry)
        lock.unlock()
    }

    var entries: [String] {
        lock.lock()
        defer { lock.unlock() }
        return stored
    }
}
