import Foundation
import Geo
import NowPlaying
import PlannerApp
import Testing
import Watchlist

@testable import PlannerServer

/// The server's own parts, without a socket: the access log's redaction, the rate limiter, and which status each
/// error becomes. (Every route is driven over real HTTP by Tests/ServerTests.)
@Suite struct ServerPartsTests {
    @Test func theAccessLogNeverWritesAFeedKeyOrToken() {
        let line = AccessLine.redacted(
            "/v1/me/upcoming.ics?region=FI&key=plf_abcdefabcdefabcdefabcdefabcdefabcdefabcdefa&x=plt_secret")
        #expect(line == "/v1/me/upcoming.ics?region=FI&key=REDACTED&x=REDACTED")
        #expect(!line.contains("plf_") && !line.contains("plt_"))
    }

    @Test func queryValuesAreDecodedAsFoundationDecodesPercentEncoding() {
        let pieces = ["", "a", "+", "%", "%2", "%2B", "%2b", "%zz", "%C3%A9", "%C3", "%E2%82%AC", "%FF", "%00", "é", "/", "%25"]
        for a in pieces { for b in pieces { for c in pieces {
            let text = a + b + c
            let expected = text.replacingOccurrences(of: "+", with: " ").removingPercentEncoding
            #expect(Query.decoded(Substring(text)) == expected, "\(text)")
        } } }
    }

    @Test func aTargetWithoutASecretIsWrittenAsItCameAndALongOneIsCutWithAnEllipsis() {
        for target in ["/healthz", "/v1/plan?near=60.1699,24.9384&date=2026-12-08&after=18:00", "/v1/theaters?near=Gävle&&x="] {
            #expect(AccessLine.redacted(target) == target)
        }
        let long = "/v1/theaters?near=" + String(repeating: "é", count: 400)
        #expect(AccessLine.redacted(long) == String(long.prefix(300)) + "…")
    }

    @Test func aQueryPatternAcceptsAValueItAcceptedBeforeAndStillRefusesABadOne() {
        let good = Query(parameters: ["date": "2026-12-08", "after": "18:00"])
        let bad = Query(parameters: ["date": "2026-02-30", "after": "18:00"])
        for _ in 0..<2 {
            #expect(throws: Never.self) { try QueryPatterns.check(good, ["date", "after"]) }
            #expect(throws: Problem.self) { try QueryPatterns.check(bad, ["date", "after"]) }
        }
    }

    @Test func theAccessLogCutsALongTargetTo300Characters() {
        let line = AccessLine.redacted(
            "/v1/theaters?near=" + String(repeating: "x", count: 10_000))
        #expect(line.count <= 301)
    }

    @Test func theRateLimiterAllowsABurstThenSaysHowLongToWait() async {
        let limiter = RateLimiter(ratePerSecond: 3)
        let start = ContinuousClock.now
        for _ in 0..<3 { #expect(await limiter.take(for: 7, now: start) == nil) }
        #expect(await limiter.take(for: 7, now: start) == 1)
        // Another user has a bucket of their own, and time refills it.
        #expect(await limiter.take(for: 8, now: start) == nil)
        #expect(await limiter.take(for: 7, now: start + .seconds(1)) == nil)
    }

    @Test(arguments: [
        (PlannerAppError.invalidArgument("x") as any Error, 400),
        (GeoError.invalidLatitude(91) as any Error, 400),
        (PlannerAppError.notFound("x") as any Error, 404),
        (NowPlayingError.timedOut as any Error, 504),
        (NowPlayingError.unreachable(host: "api.themoviedb.org") as any Error, 502),
        (NowPlayingError.missingCredentials as any Error, 503),
        (NowPlayingError.notFound("/movie/1") as any Error, 404),
        (WatchlistError.invalidRating(7) as any Error, 400),
        (WatchlistError.filmNotFound(id: 1) as any Error, 404),
    ])
    func eachErrorBecomesTheStatusThatFits(error: any Error, status: Int) {
        let problem = Problem.from(error)
        #expect(problem.status.code == status)
        #expect(!problem.detail.contains("\n"))
    }

    @Test func anUnknownErrorIsA500ThatNamesNoInternals() {
        struct Internal: Error { let secret = "Error Domain=NSCocoaErrorDomain" }
        let problem = Problem.from(Internal())
        #expect(problem.status.code == 500)
        #expect(!problem.detail.contains("Domain") && !problem.detail.contains("Internal"))
    }
}
