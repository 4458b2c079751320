import FlyingFox
import TestSupport
import FlyingSocks
import TestSupport
import Foundation

@testable import NowPlaying
import Transport

/// The fake TMDb is a ``FakeServer`` whose base URL ends in `/3`, as TMDb's does.
typealias FakeTMDb = FakeServer

/// Runs `body` against a fake TMDb, stopping it afterwards whatever happens.
func withFakeTMDb<T>(
    _ handler: @escaping FakeServer.Handler, _ body: (FakeServer) async throws -> T
) async throws -> T {
    try await withFakeServer(basePath: "/3", handler, body)
}

/// A recorder for the waits a ``RetryPolicy`` asks for, so tests don't sleep.
actor SleepRecorder {
    private(set) var waits: [Double] = []
    func record(_ seconds: Double) { waits.append(seconds) }

    nonisolated func policy(maxAttempts: Int = 4) -> RetryPolicy {
        RetryPolicy(
            maxAttempts: maxAttempts, baseDelaySeconds: 0.25, maxDelaySeconds: 1, maxRetryAfterSeconds: 5,
            sleep: { seconds in await self.record(seconds) })
    }
}

extension TMDbClient {
    /// A client on the fake server, through a real transport: the default ``CurlTransport`` unless told.
    static func testing(
        _ fake: some LoopbackService, credential: TMDbCredential? = .bearer(Secrets.token), cache: TMDbCache? = nil,
        retry: RetryPolicy = RetryPolicy(maxAttempts: 3, baseDelaySeconds: 0.01, maxDelaySeconds: 0.02),
        timeoutSeconds: Double = 10, now: @escaping @Sendable () -> Date = { Date() },
        transport: any HTTPTransport = CurlTransport()
    ) -> TMDbClient {
        TMDbClient(
            configuration: TMDbConfiguration(credential: credential, baseURL: fake.baseURL),
            transport: transport, cache: cache, retryPolicy: retry, timeoutSeconds: timeoutSeconds,
            now: now)
    }
}

/// Secrets the tests look for everywhere they must not be.
enum Secrets {
    static let token = "tok-SECRET-eyJhbGciOiJIUzI1NiJ9"
    static let apiKey = "key-SECRET-0123456789abcdef"
}

