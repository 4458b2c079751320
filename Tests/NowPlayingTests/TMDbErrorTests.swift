import FlyingFox
import TestSupport
import Foundation
import Testing

@testable import NowPlaying
import Transport

/// How the client meets TMDb's failures, through the real URLSession transport.
@Suite struct TMDbErrorTests {
    @Test func anInvalidKeyIsInvalidCredentialsAndSaysHowToSetOne() async throws {
        try await withFakeTMDb({ _, _ in
            Reply.tmdbError(status: 401, code: 7, message: "Invalid API key: You must be granted a valid key.")
        }) { fake in
            let client = TMDbClient.testing(fake)

            await #expect(throws: NowPlayingError.invalidCredentials) { try await client.nowPlaying() }

            let text = NowPlayingError.invalidCredentials.description
            #expect(text.contains("TMDB_READ_ACCESS_TOKEN"))
            #expect(text.contains("TMDB_API_KEY"))
            #expect(text.contains("https://www.themoviedb.org/settings/api"))
            #expect(await fake.log.count == 1)
        }
    }

    @Test func anUnknownMovieIsNotFound() async throws {
        try await withFakeTMDb({ _, _ in
            Reply.tmdbError(status: 404, code: 34, message: "The resource you requested could not be found.")
        }) { fake in
            let client = TMDbClient.testing(fake)
            await #expect(throws: NowPlayingError.notFound("/movie/999999")) { try await client.movie(id: 999_999) }
            #expect(NowPlayingError.notFound("/movie/1").description.contains("Not found"))
        }
    }

    @Test func missingCredentialsSayHowToGetAKeyAndSendNothing() async throws {
        try await withFakeTMDb({ _, _ in Reply.json(TMDbFixtures.moviePage()) }) { fake in
            let client = TMDbClient.testing(fake, credential: nil)

            await #expect(throws: NowPlayingError.missingCredentials) { try await client.nowPlaying() }

            #expect(await fake.log.count == 0)
            #expect(NowPlayingError.missingCredentials.description.contains("https://www.themoviedb.org/settings/api"))
        }
    }

    @Test func aRateLimitedRequestIsRetriedAfterRetryAfter() async throws {
        // Given a server that answers 429 with Retry-After: 2 once, then 200
        try await withFakeTMDb({ _, number in
            number == 1
                ? Reply.tmdbError(status: 429, code: 25, message: "Rate limited").withHeader("Retry-After", "2")
                : Reply.json(TMDbFixtures.moviePage())
        }) { fake in
            let sleeps = SleepRecorder()
            let client = TMDbClient.testing(fake, retry: sleeps.policy())

            // When the client asks
            let page = try await client.nowPlaying()

            // Then it waited what the server asked for, and the second try answered
            #expect(page.value.results.count == 2)
            #expect(await sleeps.waits == [2])
            #expect(await fake.log.count == 2)
        }
    }

    @Test func aLongRetryAfterIsCapped() {
        let policy = RetryPolicy(baseDelaySeconds: 0.5, maxDelaySeconds: 4, maxRetryAfterSeconds: 30)
        #expect(policy.delay(beforeRetry: 0, retryAfter: "3600") == 30)
        #expect(policy.delay(beforeRetry: 0, retryAfter: nil) == 0.5)
        #expect(policy.delay(beforeRetry: 2, retryAfter: nil) == 2)
        #expect(policy.delay(beforeRetry: 9, retryAfter: "soon") == 4)
    }

    @Test func aRetryAfterGivenAsAnHTTPDateIsTheTimeUntilThen() throws {
        let policy = RetryPolicy(baseDelaySeconds: 0.5, maxDelaySeconds: 4, maxRetryAfterSeconds: 30)
        let now = try #require(ISO8601DateFormatter().date(from: "2026-11-22T02:20:00Z"))
        #expect(policy.delay(beforeRetry: 0, retryAfter: "Sun, 22 Nov 2026 02:20:03 GMT", now: now) == 3)
        #expect(policy.delay(beforeRetry: 0, retryAfter: "Sun, 22 Nov 2026 02:19:00 GMT", now: now) == 0)
        #expect(policy.delay(beforeRetry: 0, retryAfter: "Sun, 22 Nov 2026 03:20:00 GMT", now: now) == 30)
    }

    @Test func aServerErrorIsRetriedWithBackoffThenSucceeds() async throws {
        try await withFakeTMDb({ _, number in
            number <= 2 ? Reply.json("{}", status: 500) : Reply.json(TMDbFixtures.moviePage())
        }) { fake in
            let sleeps = SleepRecorder()
            let client = TMDbClient.testing(fake, retry: sleeps.policy())

            let page = try await client.popular()

            #expect(page.provenance == .network)
            #expect(await sleeps.waits == [0.25, 0.5])
            #expect(await fake.log.count == 3)
        }
    }

    @Test func persistentServerErrorsGiveUpAfterTheLastAttempt() async throws {
        try await withFakeTMDb({ _, _ in Reply.json("{}", status: 503) }) { fake in
            let sleeps = SleepRecorder()
            let client = TMDbClient.testing(fake, retry: sleeps.policy(maxAttempts: 3))

            await #expect(throws: NowPlayingError.http(status: 503)) { try await client.popular() }
            #expect(await fake.log.count == 3)
        }
    }

    @Test func aServerThatNeverAnswersTimesOut() async throws {
        try await withFakeTMDb({ _, _ in
            try await Task.sleep(nanoseconds: 10_000_000_000)
            return Reply.json(TMDbFixtures.moviePage())
        }) { fake in
            let client = TMDbClient.testing(fake, timeoutSeconds: 1)
            let start = Date()

            await #expect(throws: NowPlayingError.timedOut) { try await client.nowPlaying() }

            #expect(Date().timeIntervalSince(start) < 30, "a timeout must end the request, not hang")
        }
    }

    @Test func malformedJSONIsAMalformedResponseNotACrash() async throws {
        try await withFakeTMDb({ _, _ in Reply.json(#"{"page": "one", "results": 7"#) }) { fake in
            let client = TMDbClient.testing(fake)
            await #expect(throws: NowPlayingError.malformedResponse(endpoint: "/movie/now_playing")) {
                try await client.nowPlaying()
            }
        }
    }

    @Test func anHTMLErrorPageIsAMalformedResponse() async throws {
        try await withFakeTMDb({ _, _ in Reply.json("<html>gateway</html>") }) { fake in
            let client = TMDbClient.testing(fake)
            await #expect(throws: NowPlayingError.malformedResponse(endpoint: "/movie/42")) {
                try await client.movie(id: 42)
            }
        }
    }

    @Test func aBodyShorterThanItsContentLengthIsTruncated() async throws {
        // Given a server announcing 4,000 bytes and sending a cut page, then closing
        try await withFakeTMDb({ _, _ in
            let cut = String(TMDbFixtures.moviePage().prefix(60))
            return Reply.truncated(cut, announced: 4000)
        }) { fake in
            let client = TMDbClient.testing(fake, timeoutSeconds: 10)

            await #expect(throws: NowPlayingError.truncatedBody) { try await client.nowPlaying() }
        }
    }

    @Test func cutJSONWithAMatchingLengthIsAMalformedResponse() async throws {
        try await withFakeTMDb({ _, _ in Reply.json(String(TMDbFixtures.moviePage().prefix(60))) }) { fake in
            let client = TMDbClient.testing(fake)
            await #expect(throws: NowPlayingError.malformedResponse(endpoint: "/movie/upcoming")) {
                try await client.upcoming()
            }
        }
    }

    @Test func aServerThatIsDownIsUnreachable() async throws {
        try await withClosedPort(basePath: "/3") { down in
            let client = TMDbClient.testing(down)

            await #expect(throws: NowPlayingError.unreachable(host: "127.0.0.1")) { try await client.nowPlaying() }
        }
    }
}

extension FlyingFox.HTTPResponse {
    /// The same response with one more header.
    func withHeader(_ name: String, _ value: String) -> FlyingFox.HTTPResponse {
        var copy = self
        copy.headers[HTTPHeader(name)] = value
        return copy
    }
}
