import FlyingFox
import TestSupport
import Foundation
import Testing

@testable import NowPlaying
import Transport

/// The client's limit on requests in flight.
@Suite struct ConcurrencyTests {
    @Test func noMoreThanTwentyRequestsAreEverInFlight() async throws {
        // Given a slow list of 60 pages: 300 ms each, so that requests overlap even when a loaded machine starts
        // them late (at 50 ms a full run on 2 cores saw a peak of 5 and 6)
        try await withFakeTMDb({ request, _ in
            try await Task.sleep(nanoseconds: 300_000_000)
            let page = Int(request.query["page"] ?? "1") ?? 1
            return Reply.json(TMDbFixtures.moviePage(page: page, totalPages: 60, firstID: page * 10))
        }) { fake in
            // A full test run can hold every thread of the pool for a while: the limit is checked, not the time
            let client = TMDbClient.testing(fake, timeoutSeconds: 120)

            // When every page is fetched at once
            let all = try await client.allMovies(.popular)

            // Then all came back, and the server never saw more than 20 at a time
            #expect(all.value.results.count == 120)
            #expect(await fake.log.count == 60)
            let peak = await fake.log.maxInFlight
            #expect(peak <= TMDbClient.defaultMaxConcurrentRequests)
            #expect(peak > 6, "peak \(peak): more than URLSession's default of 6 per host")
        }
    }

    @Test func aLowerLimitIsHonoured() async throws {
        try await withFakeTMDb({ request, _ in
            try await Task.sleep(nanoseconds: 30_000_000)
            let page = Int(request.query["page"] ?? "1") ?? 1
            return Reply.json(TMDbFixtures.moviePage(page: page, totalPages: 12, firstID: page * 10))
        }) { fake in
            let client = TMDbClient(
                configuration: TMDbConfiguration(credential: .bearer(Secrets.token), baseURL: fake.baseURL),
                timeoutSeconds: 10, maxConcurrentRequests: 3)

            _ = try await client.allMovies(.upcoming)

            #expect(await fake.log.maxInFlight <= 3)
            #expect(await fake.log.count == 12)
        }
    }

    @Test func theLimiterNeverLetsMoreThanItsLimitIn() async throws {
        let limiter = RequestLimiter(limit: 2)
        let counter = RequestLog()
        try await withThrowingTaskGroup(of: Void.self) { group in
            for index in 0..<10 {
                group.addTask {
                    try await limiter.withSlot {
                        _ = await counter.begin(SeenRequest(path: "/\(index)", query: [:], headers: [:], target: ""))
                        try await Task.sleep(nanoseconds: 5_000_000)
                        await counter.end()
                    }
                }
            }
            try await group.waitForAll()
        }
        #expect(await counter.maxInFlight == 2)
        #expect(await counter.count == 10)
    }
}
