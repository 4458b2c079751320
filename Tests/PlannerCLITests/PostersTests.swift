import Foundation
import Testing
import TestSupport

extension PlannerProcess {
    /// A planner pointed at ``FakeTMDbCatalog`` with its token.
    init(catalog: FakeServer) {
        self.init(environment: [
            "TMDB_BASE_URL": catalog.baseURL.absoluteString, "TMDB_READ_ACCESS_TOKEN": FakeTMDbCatalog.token,
        ])
    }
}

/// JSON output as objects, for the tests of the seed apps' features.
enum JSONOutput {
    static func object(_ text: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    static func rows(_ text: String) throws -> [[String: Any]] {
        try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [[String: Any]])
    }

    static func row(_ rows: [[String: Any]], id: Int) throws -> [String: Any] {
        try #require(rows.first { $0["id"] as? Int == id })
    }
}

@Suite("posters and images, from TMDb's /configuration, against a fake TMDb on loopback")
struct PostersTests {
    @Test func nowPlayingAsJSONGivesFilm1APosterURLBuiltFromTheConfigurationAndCachesIt() async throws {
        try await withFakeServer(basePath: "/3", FakeTMDbCatalog.handler()) { tmdb in
            // Given a planner pointed at the fake TMDb
            let planner = PlannerProcess(catalog: tmdb)

            // When the films in cinemas are asked for as JSON
            let result = try await planner.run(["now-playing", "--format", "json"])

            // Then film 1's poster URL is the configuration's base, the list size and its poster path
            #expect(result.status == 0, "\(result.stderr)")
            let films = try #require(try JSONOutput.object(result.stdout)["films"] as? [[String: Any]])
            let url = try #require(try JSONOutput.row(films, id: 1)["poster_url"] as? String)
            #expect(url.hasSuffix("/p1.jpg"))
            #expect(url == FakeTMDbCatalog.imageBase + "w342/p1.jpg")
            // And film 2, which has no poster, says so with null
            #expect(try JSONOutput.row(films, id: 2)["poster_url"] is NSNull)

            // And a second run asks TMDb for no configuration: it is in the cache
            #expect(try await planner.run(["now-playing", "--format", "json"]).status == 0)
            let asked = await tmdb.log.requests.filter { $0.path == "/3/configuration" }.count
            #expect(asked == 1)
        }
    }

    @Test func aTableShowsNoPosterSoTMDbsConfigurationIsNeverAsked() async throws {
        try await withFakeServer(basePath: "/3", FakeTMDbCatalog.handler()) { tmdb in
            let planner = PlannerProcess(catalog: tmdb)
            for arguments in [["now-playing"], ["popular", "--tv"], ["watchlist", "add", "1"], ["watchlist", "list"]] {
                let result = try await planner.run(arguments)
                #expect(result.status == 0, "\(arguments): \(result.stderr)")
            }
            let paths = await tmdb.log.requests.map(\.path)
            #expect(!paths.contains("/3/configuration"), "\(paths)")
        }
    }

    @Test func whenTheConfigurationFailsPosterURLsAreNullAndNothingElseFails() async throws {
        try await withFakeServer(basePath: "/3", FakeTMDbCatalog.handler(configurationFails: true)) { tmdb in
            let planner = PlannerProcess(catalog: tmdb)
            let result = try await planner.run(["now-playing", "--format", "json"])
            #expect(result.status == 0, "\(result.stderr)")
            let films = try #require(try JSONOutput.object(result.stdout)["films"] as? [[String: Any]])
            #expect(films.count == 3)
            #expect(films.allSatisfy { $0["poster_url"] is NSNull })
            let movie = try await planner.run(["movie", "1"])
            #expect(movie.status == 0, "\(movie.stderr)")
            #expect(movie.stdout.contains("Poster: N/A"))
        }
    }

    @Test func movieAndTVShowTheirPosterAtTheDetailsSize() async throws {
        try await withFakeServer(basePath: "/3", FakeTMDbCatalog.handler()) { tmdb in
            let planner = PlannerProcess(catalog: tmdb)
            let movie = try await planner.run(["movie", "1"])
            #expect(movie.status == 0, "\(movie.stderr)")
            #expect(movie.stdout.contains("Poster: \(FakeTMDbCatalog.imageBase)w500/p1.jpg"))
            let json = try JSONOutput.object(try await planner.run(["movie", "1", "--format", "json"]).stdout)
            #expect(json["poster_url"] as? String == FakeTMDbCatalog.imageBase + "w500/p1.jpg")
            #expect((json["film"] as? [String: Any])?["poster_url"] as? String == FakeTMDbCatalog.imageBase + "w500/p1.jpg")

            let series = try await planner.run(["tv", "1003"])
            #expect(series.status == 0, "\(series.stderr)")
            #expect(series.stdout.contains("Poster: \(FakeTMDbCatalog.imageBase)w500/s1003.jpg"))
            let noPoster = try JSONOutput.object(try await planner.run(["tv", "1004", "--format", "json"]).stdout)
            #expect(noPoster["poster_url"] is NSNull)
        }
    }

    @Test func imagesListsPostersAndBackdropsAsURLs() async throws {
        try await withFakeServer(basePath: "/3", FakeTMDbCatalog.handler()) { tmdb in
            // When a film's images are asked for
            let planner = PlannerProcess(catalog: tmdb)
            let table = try await planner.run(["movie", "1", "--images"])

            // Then the table gives each one's kind, size, language and URL
            #expect(table.status == 0, "\(table.stderr)")
            #expect(table.stdout.contains("Kind"))
            let poster = try #require(table.stdout.split(separator: "\n").first { $0.hasPrefix("poster") })
            #expect(poster.contains("2000x3000"))
            #expect(poster.contains(" en "))
            #expect(poster.hasSuffix("\(FakeTMDbCatalog.imageBase)original/p1.jpg"))
            let backdrop = try #require(table.stdout.split(separator: "\n").first { $0.hasPrefix("backdrop") })
            #expect(backdrop.contains("1920x1080"))
            #expect(backdrop.hasSuffix("\(FakeTMDbCatalog.imageBase)original/pb1.jpg"))
            let paths = await tmdb.log.requests.map(\.path)
            #expect(paths.contains("/3/movie/1/images"))

            // And the JSON has them as arrays
            let json = try JSONOutput.object(try await planner.run(["movie", "1", "--images", "--format", "json"]).stdout)
            let posters = try #require(json["posters"] as? [[String: Any]])
            #expect(posters.first?["width"] as? Int == 2000)
            #expect(posters.first?["language"] as? String == "en")
            let backdrops = try #require(json["backdrops"] as? [[String: Any]])
            #expect(backdrops.first?["language"] is NSNull)
            #expect(backdrops.first?["url"] as? String == FakeTMDbCatalog.imageBase + "original/pb1.jpg")

            // And a series has them too
            let series = try await planner.run(["tv", "1003", "--images", "--format", "json"])
            #expect(series.status == 0, "\(series.stderr)")
            let seriesPosters = try #require(try JSONOutput.object(series.stdout)["posters"] as? [[String: Any]])
            #expect(seriesPosters.first?["url"] as? String == FakeTMDbCatalog.imageBase + "original/s1003.jpg")
        }
    }

    @Test func listRowsCarryPostersAndTheirKind() async throws {
        try await withFakeServer(basePath: "/3", FakeTMDbCatalog.handler()) { tmdb in
            // Given a film and a series on the watchlist
            let planner = PlannerProcess(catalog: tmdb)
            #expect(try await planner.run(["watchlist", "add", "3"]).status == 0)
            #expect(try await planner.run(["watchlist", "add", "1003", "--tv"]).status == 0)

            // Then the film's row is a movie with its poster
            let films = try JSONOutput.rows(try await planner.run(["watchlist", "list", "--format", "json"]).stdout)
            let film = try JSONOutput.row(films, id: 3)
            #expect(film["kind"] as? String == "movie")
            #expect(film["poster_url"] as? String == FakeTMDbCatalog.imageBase + "w342/p3.jpg")

            // And the series' row has its poster too
            let series = try JSONOutput.rows(try await planner.run(["watchlist", "list", "--tv", "--format", "json"]).stdout)
            #expect(try JSONOutput.row(series, id: 1003)["poster_url"] as? String == FakeTMDbCatalog.imageBase + "w342/s1003.jpg")

            // And the TV lists' rows have them
            let popular = try JSONOutput.object(try await planner.run(["popular", "--tv", "--format", "json"]).stdout)
            let shows = try #require(popular["series"] as? [[String: Any]])
            #expect(try JSONOutput.row(shows, id: 1003)["poster_url"] as? String == FakeTMDbCatalog.imageBase + "w342/s1003.jpg")
            #expect(try JSONOutput.row(shows, id: 1004)["poster_url"] is NSNull)
        }
    }
}
