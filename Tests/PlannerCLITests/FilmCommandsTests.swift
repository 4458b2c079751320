import Foundation
import NowPlaying
import SQLiteStore
import Testing

@Suite("planner's film commands, run as a user runs them, with no network")
struct FilmCommandsTests {
    let planner = PlannerProcess(environment: [
        "TMDB_READ_ACCESS_TOKEN": "", "TMDB_API_KEY": "", "TMDB_BASE_URL": "", "OMDB_API_KEY": "",
    ])

    static let page = """
        {"dates":{"maximum":"2026-12-01","minimum":"2026-10-14"},"page":1,"total_pages":1,"total_results":2,
         "results":[{"id":11,"title":"Kaurismäki Film","poster_path":null,"release_date":"2026-11-01",
           "vote_average":7.5,"vote_count":40},{"id":12,"title":"Second Film","release_date":""}]}
        """

    @Test func withoutCredentialsNowPlayingSaysHowToGetAKey() async throws {
        let result = try await planner.run(["now-playing", "--region", "FI"])
        #expect(result.status == 1)
        #expect(result.stderr.contains("TMDB_READ_ACCESS_TOKEN"))
        #expect(result.stderr.contains("https://www.themoviedb.org/settings/api"))
    }

    @Test func offlineWithAnEmptyCacheSaysSoInOneLine() async throws {
        let result = try await planner.run(["popular", "--offline"])
        #expect(result.status == 1)
        #expect(result.stderr.hasPrefix("planner: error: Offline"))
        #expect(result.stderr.split(separator: "\n").count == 1)
    }

    @Test func offlineAnswersFromTheCacheAndSaysHowOld() async throws {
        // Given a cached now-playing page for Finland, fetched an hour ago
        let path = try #require(planner.environment["PLANNER_DB"])
        let cache = try TMDbCache.open(fileAt: URL(fileURLWithPath: path))
        try await cache.store(
            Data(Self.page.utf8), forKey: "GET /movie/now_playing?page=1&region=FI", fetchedAt: Date() - 3700)

        // When now-playing runs offline
        let result = try await planner.run(["now-playing", "--region", "fi", "--offline"])

        // Then the films come from the cache, and the output says how old it is
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("Kaurismäki Film"))
        #expect(result.stdout.contains("Second Film"))
        #expect(result.stdout.contains("from cache, 1 h old"))
        let json = try await planner.run(["now-playing", "--region", "FI", "--offline", "--format", "json"])
        let object = try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any]
        #expect((object?["films"] as? [Any])?.count == 2)
    }

    @Test func anUnreachableTMDbIsOneLineAndNeverShowsTheKey() async throws {
        var offline = planner
        offline.environment["TMDB_API_KEY"] = "key-SECRET-123"
        offline.environment["TMDB_BASE_URL"] = "http://127.0.0.1:1/3"
        let result = try await offline.run(["search", "fight", "club"])
        #expect(result.status == 1)
        #expect(result.stderr.contains("Could not reach 127.0.0.1"))
        #expect(!result.stderr.contains("SECRET"))
    }

    @Test(arguments: [
        ["now-playing", "--region", "FIN"], ["search"], ["now-playing", "--page", "501"], ["movie", "0"],
        ["popular", "--format", "geojson"], ["popular", "--offline", "--refresh"],
    ])
    func badOptionsExitWith64(arguments: [String]) async throws {
        let result = try await planner.run(arguments)
        #expect(result.status == 64, "\(arguments): \(result.stderr)")
        #expect(result.stderr.hasPrefix("planner: error: "))
    }

    @Test func syncAndSuggestionsNeedARegion() async throws {
        let result = try await planner.run(["sync"])
        #expect(result.status == 1)
        #expect(result.stderr.contains("needs a region"))
    }

    @Test func lookupWithoutAnOMDbKeySaysWhereToGetOne() async throws {
        let result = try await planner.run(["lookup", "Fight", "Club"])
        #expect(result.status == 1)
        #expect(result.stderr.contains("OMDB_API_KEY"))
    }
}
