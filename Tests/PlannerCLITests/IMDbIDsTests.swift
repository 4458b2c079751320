import Foundation
import Testing
import TestSupport

@Suite("IMDb ids wherever a film is named, through TMDb's /find, against fakes on loopback")
struct IMDbIDsTests {
    @Test func watchlistAddOfAnIMDbIDAddsTheFilmTMDbLinksToIt() async throws {
        try await withFakeServer(basePath: "/3", FakeTMDbCatalog.handler()) { tmdb in
            // When a film is added by its IMDb id
            let planner = PlannerProcess(catalog: tmdb)
            let added = try await planner.run(["watchlist", "add", "tt1000007"])

            // Then TMDb's /find is asked, and film 7 is on the watchlist
            #expect(added.status == 0, "\(added.stderr)")
            #expect(added.stdout.hasPrefix("added Film 7"))
            #expect(added.stdout.hasSuffix("[7] to your watchlist\n"))
            let requests = await tmdb.log.requests
            let find = try #require(requests.first { $0.path == "/3/find/tt1000007" })
            #expect(find.query["external_source"] == "imdb_id")
            let rows = try JSONOutput.rows(try await planner.run(["watchlist", "list", "--format", "json"]).stdout)
            #expect(rows.map { $0["id"] as? Int } == [7])

            // And favorites and movie take IMDb ids too
            #expect(try await planner.run(["favorites", "add", "tt1000003"]).stdout.contains("[3] to your favorites list"))
            let movie = try await planner.run(["movie", "tt1000007"])
            #expect(movie.status == 0, "\(movie.stderr)")
            #expect(movie.stdout.hasPrefix("Film 7"))
            #expect(movie.stdout.contains("IMDb tt1000007"))
        }
    }

    @Test func anIMDbIDTMDbDoesNotKnowIsOneClearLineAndAFailure() async throws {
        try await withFakeServer(basePath: "/3", FakeTMDbCatalog.handler()) { tmdb in
            let planner = PlannerProcess(catalog: tmdb)
            for arguments in [["watchlist", "add", "tt9999999"], ["movie", "tt9999999"]] {
                let result = try await planner.run(arguments)
                #expect(result.status != 0, "\(arguments)")
                #expect(result.stderr == "planner: error: TMDb knows no film with IMDb id tt9999999\n", "\(arguments)")
            }
            #expect(try await planner.run(["watchlist", "list"]).stdout == "your watchlist is empty\n")
        }
    }

    @Test func lookupAddsTheFilmOMDbFoundAndShowsOMDbsPoster() async throws {
        let poster = "https://m.media-amazon.com/images/M/film7.jpg"
        let omdbHandler: FakeServer.Handler = { request, _ in
            guard request.query["apikey"] == "omdb-key-1" else {
                return Reply.json(#"{"Response":"False","Error":"Invalid API key!"}"#, status: 401)
            }
            return Reply.json(
                """
                {"Title":"Film 7","Year":"2026","Plot":"The story of film 7.","imdbID":"tt1000007",
                 "Poster":"\(poster)","Ratings":[],"Response":"True"}
                """)
        }
        try await withFakeServer(basePath: "/3", FakeTMDbCatalog.handler()) { tmdb in
            try await withFakeServer(omdbHandler) { omdb in
                var planner = PlannerProcess(catalog: tmdb)
                planner.environment["OMDB_API_KEY"] = "omdb-key-1"
                planner.environment["OMDB_BASE_URL"] = omdb.baseURL.absoluteString + "/"

                // When a film is looked up on OMDb and added
                let result = try await planner.run(["lookup", "film", "7", "--add"])

                // Then OMDb's poster is shown, and the film TMDb links to its IMDb id is on the watchlist
                #expect(result.status == 0, "\(result.stderr)")
                #expect(result.stdout.contains("Poster: \(poster)"))
                #expect(result.stdout.contains("[7] to your watchlist"))
                let rows = try JSONOutput.rows(try await planner.run(["watchlist", "list", "--format", "json"]).stdout)
                #expect(rows.map { $0["id"] as? Int } == [7])

                // And JSON and CSV carry the poster
                let json = try JSONOutput.object(try await planner.run(["lookup", "film", "7", "--format", "json"]).stdout)
                #expect(json["poster_url"] as? String == poster)
                let csv = try await planner.run(["lookup", "film", "7", "--format", "csv"])
                #expect(csv.stdout.hasPrefix("title,year,imdb_id,plot,poster\n"))
                #expect(csv.stdout.contains(poster))
            }
        }
    }
}
