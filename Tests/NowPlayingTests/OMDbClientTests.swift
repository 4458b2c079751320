import FlyingFox
import TestSupport
import Foundation
import Testing

@testable import NowPlaying

/// The small OMDb client, against a fake OMDb on loopback.
@Suite struct OMDbClientTests {
    static let film = """
        {"Title":"Club","Year":"1999","Rated":"R","Runtime":"139 min","Genre":"Drama","Director":"Someone",
         "Plot":"A long plot.","Metascore":"N/A","imdbRating":"8.8","imdbID":"tt0000550",
         "Ratings":[{"Source":"Internet Movie Database","Value":"8.8/10"}],"Response":"True"}
        """

    @Test func aFilmIsFoundByTitleAndYearWithItsFullPlot() async throws {
        try await withFakeTMDb({ _, _ in Reply.json(Self.film) }) { fake in
            let omdb = OMDbClient(apiKey: Secrets.apiKey, baseURL: fake.baseURL, timeoutSeconds: 10)

            let film = try await omdb.movie(title: "Club", year: 1999)

            let request = try #require(await fake.log.requests.first)
            #expect(request.query["t"] == "Club")
            #expect(request.query["y"] == "1999")
            #expect(request.query["plot"] == "full")
            #expect(request.query["apikey"] == Secrets.apiKey)
            #expect(film.plot == "A long plot.")
            #expect(film.metascore == nil)
            #expect(film.ratings.first?.value == "8.8/10")
        }
    }

    @Test func movieNotFoundWithStatus200IsNotFound() async throws {
        try await withFakeTMDb({ _, _ in Reply.json(#"{"Response":"False","Error":"Movie not found!"}"#) }) { fake in
            let omdb = OMDbClient(apiKey: Secrets.apiKey, baseURL: fake.baseURL, timeoutSeconds: 10)

            do {
                _ = try await omdb.movie(title: "Nothing Like It", year: 2001)
                Issue.record("expected notFound")
            } catch let error as NowPlayingError {
                #expect(error == .notFound(#""Nothing Like It" (2001) on OMDb"#))
                #expect(!error.description.contains(Secrets.apiKey))
            }
        }
    }

    @Test func anInvalidOMDbKeyIsInvalidCredentials() async throws {
        try await withFakeTMDb({ _, _ in
            Reply.json(#"{"Response":"False","Error":"Invalid API key!"}"#, status: 401)
        }) { fake in
            let omdb = OMDbClient(apiKey: Secrets.apiKey, baseURL: fake.baseURL, timeoutSeconds: 10)
            await #expect(throws: NowPlayingError.invalidOMDbKey) { try await omdb.movie(title: "Club") }
        }
    }
}
