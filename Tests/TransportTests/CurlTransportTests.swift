import CCurl
import FlyingFox
import Foundation
import TestSupport
import Testing

@testable import Transport

/// The libcurl transport against a fake server on loopback: what goes out, what comes back, how it fails.
@Suite struct CurlTransportTests {
    /// A server whose handler waits ten seconds before answering: long past every timeout here.
    static let silent: FakeServer.Handler = { _, _ in
        try await Task.sleep(nanoseconds: 10_000_000_000)
        return Reply.json("{}")
    }

    @Test func statusHeadersAndBodyComeBackWithHeaderNamesLowerCased() async throws {
        try await withFakeServer({ request, _ in
            let seen = request.header("X-Planner") ?? ""
            return Reply.json(#"{"seen":"\#(seen)"}"#, status: 418, headers: ["X-Custom-Thing": "yes"])
        }) { fake in
            // When a GET goes out with a header of its own
            let request = HTTPRequest(url: fake.baseURL.appending(path: "/teapot"), headers: ["X-Planner": "one"])
            let response = try await CurlTransport().send(request)

            // Then status, lower-cased headers and the body come back as sent
            #expect(response.statusCode == 418)
            #expect(response.headers["x-custom-thing"] == "yes")
            #expect(response.header("Content-Type") == "application/json;charset=utf-8")
            #expect(String(decoding: response.body, as: UTF8.self) == #"{"seen":"one"}"#)
            #expect(await fake.log.requests.first?.header("accept-encoding")?.contains("gzip") == true)
        }
    }

    @Test func aPostedFormArrivesIntact() async throws {
        try await withFakeServer({ request, _ in Reply.json(#"{"bytes":\#(request.body.count)}"#) }) { fake in
            // Given a form longer than the 1 KB past which libcurl would wait for "100 Continue"
            let form = "data=" + String(repeating: "node%5Bamenity%3Dcinema%5D%3B", count: 200)
            var request = HTTPRequest(url: fake.baseURL.appending(path: "/api/interpreter"), method: "POST")
            request.headers["Content-Type"] = "application/x-www-form-urlencoded"
            request.body = Data(form.utf8)

            let response = try await CurlTransport().send(request)

            // Then the server saw every byte, with the content type, and no "Expect" to wait on
            let seen = try #require(await fake.log.requests.first)
            #expect(response.statusCode == 200)
            #expect(seen.body == Data(form.utf8))
            #expect(seen.header("content-type") == "application/x-www-form-urlencoded")
            #expect(seen.header("expect") == nil)
        }
    }

    @Test func redirectsAreFollowedToTheFinalAnswer() async throws {
        try await withFakeServer({ request, _ in
            guard request.path == "/old" else { return Reply.json(#"{"at":"new"}"#) }
            return Reply.json("", status: 302, headers: ["Location": "/new"])
        }) { fake in
            let response = try await CurlTransport().send(HTTPRequest(url: fake.baseURL.appending(path: "/old")))

            #expect(response.statusCode == 200)
            #expect(response.header("location") == nil)
            #expect(String(decoding: response.body, as: UTF8.self) == #"{"at":"new"}"#)
        }
    }

    @Test func aServerThatNeverAnswersTimesOutAtTheTimeout() async throws {
        try await withFakeServer(Self.silent) { fake in
            let request = HTTPRequest(url: fake.baseURL.appending(path: "/slow"), timeoutSeconds: 0.5)
            let start = Date()

            await #expect(throws: TransportError.timedOut) { try await CurlTransport().send(request) }

            let elapsed = Date().timeIntervalSince(start)
            // (the upper bound is loose: shared CI machines are slow; it only shows the request did not hang)
            #expect(elapsed >= 0.45 && elapsed < 15, "ended after \(elapsed) s for a 0.5 s timeout")
        }
    }

    @Test func aClosedPortIsUnreachable() async throws {
        try await withClosedPort { closed in
            await #expect(throws: TransportError.unreachable(host: "127.0.0.1")) {
                try await CurlTransport().send(
                    HTTPRequest(url: closed.baseURL.appending(path: "/gone"), timeoutSeconds: 5))
            }
        }
    }

    @Test func aNameThatCannotResolveIsUnreachableAndNamesTheHost() async throws {
        // A label longer than DNS allows (64 characters): the resolver refuses it without asking the network.
        let host = String(repeating: "x", count: 64) + ".invalid"
        let url = try #require(URL(string: "http://\(host)/api"))
        await #expect(throws: TransportError.unreachable(host: host)) {
            try await CurlTransport().send(HTTPRequest(url: url, timeoutSeconds: 5))
        }
    }

    @Test func aNameLookedUpAheadIsWaitedForOnceAndThenLookedUpAfresh() async throws {
        let host = String(repeating: "y", count: 64) + ".invalid"
        let url = try #require(URL(string: "http://\(host)/api"))
        let transport = CurlTransport()
        transport.lookUpAhead(url)
        transport.lookUpAhead(url)  // one look-up a name at a time
        #expect(ccurl_resolving_ahead(host) == 1)
        await #expect(throws: TransportError.unreachable(host: host)) {
            try await transport.checkReachable(HTTPRequest(url: url, timeoutSeconds: 5))
        }
        // checkReachable took the look-up started ahead; the send looks the name up again, and fails the same way.
        #expect(ccurl_resolving_ahead(host) == 0)
        await #expect(throws: TransportError.unreachable(host: host)) {
            try await transport.send(HTTPRequest(url: url, timeoutSeconds: 5))
        }
    }

    @Test func aFinishedLookUpAheadIsTakenWithoutWaitingAndOnlyOnce() async throws {
        // Given a name that does not exist and one that does (from /etc/hosts, spelled as no other test spells it)
        let names = [(String(repeating: "z", count: 64) + ".invalid", CURLE_COULDNT_RESOLVE_HOST), ("LocalHost", CURLE_OK)]
        for (host, expected) in names {
            // When each is looked up ahead, its answer is not there to take while it is under way, then it is. On a
            // thread of its own: a full test run keeps the two cooperative threads busy for seconds at a time, and an
            // answer older than ten seconds is (rightly) never taken.
            let (code, stillAhead, takenAgain) = await onOwnThread { () -> (Int32, Int32, Int32) in
                ccurl_resolve_ahead(host)
                var code: Int32 = -1
                let deadline = ContinuousClock.now + .seconds(9)
                while code < 0 && ContinuousClock.now < deadline {
                    code = ccurl_take_finished_ahead(host)
                    if code < 0 { usleep(5_000) }
                }
                return (code, ccurl_resolving_ahead(host), ccurl_take_finished_ahead(host))
            }
            // Then it is the code a waiting look-up gives, and it is taken: there is nothing left to take
            #expect(code == Int32(expected.rawValue), "\(host)")
            #expect(stillAhead == 0)
            #expect(takenAgain == -1)
        }
        // And a name nobody looked up ahead has no answer to take
        #expect(ccurl_take_finished_ahead("never-asked.invalid") == -1)
    }

    @Test func aCheckAfterTheLookUpAheadFinishedFailsAsTheLookUpDid() async throws {
        let host = String(repeating: "w", count: 64) + ".invalid"
        let url = try #require(URL(string: "http://\(host)/api"))
        let transport = CurlTransport()
        transport.lookUpAhead(url)
        try await Task.sleep(for: .milliseconds(500))  // the resolver's answer is in (or the check waits for it)
        await #expect(throws: TransportError.unreachable(host: host)) {
            try await transport.checkReachable(HTTPRequest(url: url, timeoutSeconds: 30))
        }
        #expect(ccurl_resolving_ahead(host) == 0)
    }

    @Test func aServerWhoseNameWasLookedUpAheadAnswers() async throws {
        let fake = try await FakeServer.start { _, _ in Reply.json(#"{"ok":true}"#) }
        let port = try #require(fake.baseURL.port)
        // localhost, from /etc/hosts: a name, so that there is something to look up, and no network is asked. In
        // capitals, a name no other test has resolved in this process (the system's look-up ignores case).
        let url = try #require(URL(string: "http://LOCALHOST:\(port)/ahead"))
        let host = try #require(url.host)
        let transport = CurlTransport()
        transport.lookUpAhead(url)
        #expect(ccurl_resolving_ahead(host) == 1)
        // 30 s: a full test run on 2 cores can keep the resolver's thread and the fake waiting for seconds (it timed
        // out at 5 s twice under load); an answer that comes is all this test is about.
        try await transport.checkReachable(HTTPRequest(url: url, timeoutSeconds: 30))
        #expect(ccurl_resolving_ahead(host) == 0)
        let response = try await transport.send(HTTPRequest(url: url, timeoutSeconds: 30))
        await fake.stop()
        #expect(response.statusCode == 200)
        #expect(String(decoding: response.body, as: UTF8.self) == #"{"ok":true}"#)
    }

    @Test func aBodyCutShortIsTruncated() async throws {
        try await withFakeServer({ _, _ in Reply.truncated(#"{"page":1,"results":["#, announced: 4000) }) { fake in
            let request = HTTPRequest(url: fake.baseURL.appending(path: "/cut"), timeoutSeconds: 10)
            await #expect(throws: TransportError.truncatedBody) { try await CurlTransport().send(request) }
        }
    }

    @Test func twentyRequestsAtOnceAllSucceed() async throws {
        try await withFakeServer({ request, _ in
            try await Task.sleep(nanoseconds: 500_000_000)
            return Reply.json(#"{"path":"\#(request.path)"}"#)
        }) { fake in
            // When 20 requests go out together through one transport
            let transport = CurlTransport()
            let bodies = try await withThrowingTaskGroup(of: String.self) { group in
                for index in 0..<20 {
                    group.addTask {
                        let url = fake.baseURL.appending(path: "/page/\(index)")
                        // 30 s: in a full run on two cores the fake server's tasks may wait seconds for a thread.
                        let response = try await transport.send(HTTPRequest(url: url, timeoutSeconds: 30))
                        #expect(response.statusCode == 200)
                        return String(decoding: response.body, as: UTF8.self)
                    }
                }
                return try await group.reduce(into: Set<String>()) { $0.insert($1) }
            }

            // Then each came back with its own answer, and they overlapped (how much depends on the machine's load)
            #expect(bodies == Set((0..<20).map { #"{"path":"/page/\#($0)"}"# }))
            #expect(await fake.log.maxInFlight > 1)
        }
    }

    @Test func cancellingEndsAHungRequestQuickly() async throws {
        try await withFakeServer(Self.silent) { fake in
            // Given a request with a 30 s timeout to a server that does not answer
            let request = HTTPRequest(url: fake.baseURL.appending(path: "/hung"), timeoutSeconds: 30)
            let start = Date()
            let task = Task { try await CurlTransport().send(request) }

            // When its caller is cancelled
            try await Task.sleep(nanoseconds: 300_000_000)
            task.cancel()

            // Then it ends with CancellationError long before its timeout (about a second on a quiet machine; the
            // bound is loose because CI machines are shared and slow)
            await #expect(throws: CancellationError.self) { try await task.value }
            let elapsed = Date().timeIntervalSince(start)
            #expect(elapsed < 20, "ended after \(elapsed) s")
        }
    }

    @Test func anAlreadyCancelledCallerSendsNothing() async throws {
        try await withFakeServer({ _, _ in Reply.json("{}") }) { fake in
            let task = Task {
                withUnsafeCurrentTask { $0?.cancel() }
                return try await CurlTransport().send(HTTPRequest(url: fake.baseURL.appending(path: "/never")))
            }
            await #expect(throws: CancellationError.self) { try await task.value }
            #expect(await fake.log.count == 0)
        }
    }

    @Test func errorsNeverShowTheAPIKeyFromTheQuery() async throws {
        try await withClosedPort { closed in
            try await withFakeServer(Self.silent) { silent in
                var texts: [String] = []
                for (base, timeout) in [(closed.baseURL, 5.0), (silent.baseURL, 0.3)] {
                    let url = base.appending(path: "/3/movie/550")
                    var components = URLComponents(url: url, resolvingAgainstBaseURL: false)!
                    components.queryItems = [URLQueryItem(name: "api_key", value: Secrets.apiKey)]
                    let request = HTTPRequest(url: components.url!, timeoutSeconds: timeout)
                    let lines = LineLog()
                    let transport = LoggingTransport(CurlTransport(), log: { line in lines.append(line) })
                    do {
                        _ = try await transport.send(request)
                        Issue.record("expected a failure")
                    } catch {
                        texts.append(String(describing: error))
                        texts.append(String(reflecting: error))
                        texts.append(error.localizedDescription)
                    }
                    texts += lines.all
                }
                #expect(texts.count == 8)
                for text in texts {
                    #expect(!text.contains(Secrets.apiKey), "\(text)")
                }
            }
        }
    }
}

/// Lines a `LoggingTransport` wrote, kept across threads.
private final class LineLog: @unchecked Sendable {
    private let lock = NSLock()
    private var lines: [String] = []

    func append(_ line: String) { lock.withLock { lines.append(line) } }

    var all: [String] { lock.withLock { lines } }
}

/// A key the transport tests look for everywhere it must not be.
private enum Secrets {
    static let apiKey = "key-SECRET-0123456789abcdef"
}
