import FlyingFox
import TestSupport
import Foundation
import SQLiteStore
import Testing

@testable import NowPlaying
import Transport

/// Keys and tokens never show: not in errors, descriptions or cache keys.
@Suite struct SecretsTests {
    static let failures: [(String, FakeTMDb.Handler)] = [
        ("401", { _, _ in Reply.tmdbError(status: 401, code: 7, message: "Invalid API key") }),
        ("404", { _, _ in Reply.tmdbError(status: 404, code: 34, message: "Not found") }),
        ("500", { _, _ in Reply.json("{}", status: 500) }),
        ("429", { _, _ in Reply.json("{}", status: 429) }),
        ("malformed", { _, _ in Reply.json("{") }),
        ("truncated", { _, _ in Reply.truncated(#"{"page":1,"#, announced: 900) }),
        ("timeout", { _, _ in
            try await Task.sleep(nanoseconds: 5_000_000_000)
            return Reply.json("{}")
        }),
    ]

    @Test(arguments: [TMDbCredential.apiKey(Secrets.apiKey), .bearer(Secrets.token)])
    func secretsNeverAppearInAnyErrorDescription(credential: TMDbCredential) async throws {
        var descriptions: [String] = []
        for (_, handler) in Self.failures {
            try await withFakeTMDb(handler) { fake in
                let client = TMDbClient.testing(
                    fake, credential: credential,
                    retry: RetryPolicy(maxAttempts: 2, baseDelaySeconds: 0, maxDelaySeconds: 0), timeoutSeconds: 3)
                do {
                    _ = try await client.movie(id: 550)
                    Issue.record("expected a failure")
                } catch {
                    descriptions.append(String(describing: error))
                    descriptions.append(String(reflecting: error))
                    descriptions.append(error.localizedDescription)
                }
            }
        }
        try await withClosedPort(basePath: "/3") { down in
            do {
                _ = try await TMDbClient.testing(down, credential: credential).nowPlaying()
            } catch {
                descriptions.append(String(describing: error))
            }
        }

        #expect(descriptions.count == (Self.failures.count * 3) + 1)
        for text in descriptions {
            #expect(!text.contains(Secrets.apiKey), "\(text)")
            #expect(!text.contains(Secrets.token), "\(text)")
            #expect(!text.contains("api_key"), "\(text)")
        }
        #expect(!String(describing: credential).contains("SECRET"))
    }

    @Test func printingOrDumpingCredentialsRequestsAndClientsShowsNoSecret() throws {
        let configuration = TMDbConfiguration(credential: .apiKey(Secrets.apiKey))
        let client = TMDbClient(configuration: TMDbConfiguration(credential: .bearer(Secrets.token)))
        let request = HTTPRequest(
            url: URL(string: "https://api.example/3/movie/1?api_key=\(Secrets.apiKey)&page=2")!,
            headers: ["Authorization": "Bearer \(Secrets.token)"])
        let omdb = OMDbClient(apiKey: Secrets.apiKey)
        var texts = [
            String(describing: configuration), String(reflecting: configuration), String(describing: request),
            String(reflecting: request), String(describing: client), String(describing: omdb),
        ]
        for value in [configuration, request, client, omdb] as [Any] {
            var dumped = ""
            dump(value, to: &dumped)
            texts.append(dumped)
        }
        for text in texts {
            #expect(!text.contains("SECRET"), "\(text)")
        }
        #expect(String(describing: request) == "GET https://api.example/3/movie/1?page=2")
    }

    @Test func cacheKeysHoldNoSecrets() async throws {
        try await withFakeTMDb({ _, _ in Reply.json(TMDbFixtures.moviePage()) }) { fake in
            let cache = try TMDbCache.inMemory()
            let client = TMDbClient.testing(fake, credential: .apiKey(Secrets.apiKey), cache: cache)

            _ = try await client.nowPlaying(region: "GB", language: "en-GB", page: 2)

            let keys = try await cache.allKeys()
            #expect(keys == ["GET /movie/now_playing?language=en-GB&page=2&region=GB"])
            #expect(keys.allSatisfy { !$0.contains(Secrets.apiKey) && !$0.contains("api_key") })
            // And the same page asked for with a bearer token meets the same entry
            let bearer = TMDbClient.testing(fake, credential: .bearer(Secrets.token), cache: cache)
            let again = try await bearer.nowPlaying(region: "GB", language: "en-GB", page: 2)
            #expect(again.provenance != .network)
        }
    }

    @Test func redactingAURLRemovesTheKeysAndKeepsTheRest() throws {
        let url = try #require(
            URL(string: "https://api.themoviedb.org/3/movie/550?api_key=\(Secrets.apiKey)&language=en&apikey=x"))

        let redacted = URLRedaction.redacted(url).absoluteString

        #expect(redacted == "https://api.themoviedb.org/3/movie/550?language=en")
        #expect(
            TMDbCache.key(
                method: "GET", path: "/x",
                query: [URLQueryItem(name: "b", value: "2"), URLQueryItem(name: "api_key", value: Secrets.apiKey),
                    URLQueryItem(name: "a", value: "1")]) == "GET /x?a=1&b=2")
    }

    @Test func aBadBaseURLInTheEnvironmentIsShownWithoutItsKey() {
        #expect(
            throws: NowPlayingError.invalidBaseURL("ftp://example.org/3?x=1")
        ) {
            let url = "ftp://example.org/3?api_key=\(Secrets.apiKey)&x=1"
            return try TMDbConfiguration.fromEnvironment(["TMDB_BASE_URL": url])
        }
    }
}
