import FlyingFox
import FlyingSocks
import Foundation

@testable import NowPlaying

/// What the fake server saw of one request.
struct SeenRequest: Sendable {
    var path: String
    var query: [String: String]
    var headers: [String: String]
    /// The raw request target as it came over the wire, query included.
    var target: String

    func header(_ name: String) -> String? { headers[name.lowercased()] }
}

/// What the fake server keeps count of.
actor RequestLog {
    private(set) var requests: [SeenRequest] = []
    private(set) var inFlight = 0
    private(set) var maxInFlight = 0

    func begin(_ request: SeenRequest) -> Int {
        requests.append(request)
        inFlight += 1
        maxInFlight = max(maxInFlight, inFlight)
        return requests.filter { $0.path == request.path }.count
    }

    func end() { inFlight -= 1 }

    var count: Int { requests.count }
}

/// A fake TMDb: a FlyingFox server on 127.0.0.1 with an ephemeral port, answering with a closure.
///
/// The closure gets the request and how many times its path has been asked for (1 the first time).
struct FakeTMDb: Sendable {
    typealias Handler = @Sendable (SeenRequest, Int) async throws -> FlyingFox.HTTPResponse

    let baseURL: URL
    let log: RequestLog
    private let server: HTTPServer
    private let task: Task<Void, any Error>

    static func start(_ handler: @escaping Handler) async throws -> FakeTMDb {
        let server = HTTPServer(address: try .inet(ip4: "127.0.0.1", port: 0), timeout: 30, logger: .disabled)
        let log = RequestLog()
        await server.appendRoute("*") { request in
            var query: [String: String] = [:]
            for item in request.query { query[item.name] = item.value }
            var headers: [String: String] = [:]
            for (name, value) in request.headers { headers[name.rawValue.lowercased()] = value }
            let seen = SeenRequest(
                path: request.path, query: query, headers: headers, target: request.target.rawValue)
            let number = await log.begin(seen)
            do {
                let response = try await handler(seen, number)
                await log.end()
                return response
            } catch {
                await log.end()
                throw error
            }
        }
        let task = Task { try await server.run() }
        try await server.waitUntilListening()
        guard case .ip4(_, let port)? = await server.listeningAddress else {
            task.cancel()
            throw NowPlayingError.unreachable(host: "fake server")
        }
        return FakeTMDb(
            baseURL: URL(string: "http://127.0.0.1:\(port)/3")!, log: log, server: server, task: task)
    }

    func stop() async {
        task.cancel()
        _ = await task.result
    }
}

/// Runs `body` against a fake TMDb, stopping it afterwards whatever happens.
func withFakeTMDb<T>(
    _ handler: @escaping FakeTMDb.Handler, _ body: (FakeTMDb) async throws -> T
) async throws -> T {
    let fake = try await FakeTMDb.start(handler)
    do {
        let result = try await body(fake)
        await fake.stop()
        return result
    } catch {
        await fake.stop()
        throw error
    }
}

/// Builds fake responses.
enum Reply {
    static func json(_ body: String, status: Int = 200, headers: [String: String] = [:]) -> FlyingFox.HTTPResponse {
        var fields = HTTPHeaders()
        fields[.contentType] = "application/json;charset=utf-8"
        for (name, value) in headers { fields[HTTPHeader(name)] = value }
        return FlyingFox.HTTPResponse(
            statusCode: HTTPStatusCode(status, phrase: "Status \(status)"), headers: fields, body: Data(body.utf8))
    }

    static func tmdbError(status: Int, code: Int, message: String) -> FlyingFox.HTTPResponse {
        json(#"{"status_code":\#(code),"status_message":"\#(message)","success":false}"#, status: status)
    }
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
    /// A client on the fake server, through the real URLSession transport.
    static func testing(
        _ fake: FakeTMDb, credential: TMDbCredential? = .bearer(Secrets.token), cache: TMDbCache? = nil,
        retry: RetryPolicy = RetryPolicy(maxAttempts: 3, baseDelaySeconds: 0.01, maxDelaySeconds: 0.02),
        timeoutSeconds: Double = 2, now: @escaping @Sendable () -> Date = { Date() }
    ) -> TMDbClient {
        TMDbClient(
            configuration: TMDbConfiguration(credential: credential, baseURL: fake.baseURL),
            transport: URLSessionTransport(), cache: cache, retryPolicy: retry, timeoutSeconds: timeoutSeconds,
            now: now)
    }
}

/// Secrets the tests look for everywhere they must not be.
enum Secrets {
    static let token = "tok-SECRET-eyJhbGciOiJIUzI1NiJ9"
    static let apiKey = "key-SECRET-0123456789abcdef"
}

/// Bytes that end early: the server sends them, then the connection drops, as a cut transfer does.
struct CutShortBytes: AsyncBufferedSequence, Sendable {
    typealias Element = UInt8
    let bytes: [UInt8]

    func makeAsyncIterator() -> Iterator { Iterator(bytes: bytes) }

    struct Iterator: AsyncBufferedIteratorProtocol {
        var bytes: [UInt8]
        var sent = false

        mutating func next() async throws -> UInt8? {
            guard let first = try await nextBuffer(suggested: 1)?.first else { return nil }
            return first
        }

        mutating func nextBuffer(suggested count: Int) async throws -> [UInt8]? {
            guard !sent else { throw SocketError.disconnected }
            sent = true
            return bytes
        }
    }
}

extension Reply {
    /// A response that announces `announced` bytes, sends `body`, and drops the connection.
    static func truncated(_ body: String, announced: Int) -> FlyingFox.HTTPResponse {
        var fields = HTTPHeaders()
        fields[.contentType] = "application/json;charset=utf-8"
        return FlyingFox.HTTPResponse(
            statusCode: .ok, headers: fields,
            body: HTTPBodySequence(from: CutShortBytes(bytes: Array(body.utf8)), count: announced))
    }
}
