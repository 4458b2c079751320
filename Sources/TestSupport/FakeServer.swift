import FlyingFox
import FlyingSocks
import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// What the fake server saw of one request.
public struct SeenRequest: Sendable {
    public var path: String
    public var query: [String: String]
    public var headers: [String: String]
    /// The raw request target as it came over the wire, query included.
    public var target: String
    /// The request body (a POSTed form, for instance).
    public var body: Data = Data()

    public init(path: String, query: [String: String], headers: [String: String], target: String, body: Data = Data()) {
        self.body = body
        self.path = path
        self.query = query
        self.headers = headers
        self.target = target
    }

    public func header(_ name: String) -> String? { headers[name.lowercased()] }
}

/// What the fake server keeps count of.
public actor RequestLog {
    public private(set) var requests: [SeenRequest] = []
    public private(set) var inFlight = 0
    public private(set) var maxInFlight = 0

    public init() {}

    public func begin(_ request: SeenRequest) -> Int {
        requests.append(request)
        inFlight += 1
        maxInFlight = max(maxInFlight, inFlight)
        return requests.filter { $0.path == request.path }.count
    }

    public func end() { inFlight -= 1 }

    public var count: Int { requests.count }
}

/// A fake web service: a FlyingFox server on 127.0.0.1 with an ephemeral port, answering with a closure.
/// Tests point the real client (through a real transport, CurlTransport or URLSessionTransport) at `baseURL`.
///
/// The closure gets the request and how many times its path has been asked for (1 the first time).
public struct FakeServer: LoopbackService {
    public typealias Handler = @Sendable (SeenRequest, Int) async throws -> FlyingFox.HTTPResponse

    /// `http://127.0.0.1:PORT` followed by the base path.
    public let baseURL: URL
    public let log: RequestLog
    private let server: HTTPServer
    private let task: Task<Void, any Error>

    /// Starts a server whose `baseURL` ends with `basePath` (e.g. "/3" for TMDb).
    public static func start(basePath: String = "", _ handler: @escaping Handler) async throws -> FakeServer {
        let server = HTTPServer(address: try .inet(ip4: "127.0.0.1", port: 0), timeout: 30, logger: .disabled)
        let log = RequestLog()
        await server.appendRoute("*") { request in
            var query: [String: String] = [:]
            for item in request.query { query[item.name] = item.value }
            var headers: [String: String] = [:]
            for (name, value) in request.headers { headers[name.rawValue.lowercased()] = value }
            let seen = SeenRequest(
                path: request.path, query: query, headers: headers, target: request.target.rawValue, body: (try? await request.bodyData) ?? Data())
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
        // FlyingFox's default wait is 5 s: too short on a loaded 2-core CI machine, where it once failed.
        try await server.waitUntilListening(timeout: 60)
        guard case .ip4(_, let port)? = await server.listeningAddress else {
            task.cancel()
            throw URLError(.cannotConnectToHost)
        }
        return FakeServer(
            baseURL: URL(string: "http://127.0.0.1:\(port)\(basePath)")!, log: log, server: server, task: task)
    }

    /// Stops the server.
    public func stop() async {
        task.cancel()
        _ = await task.result
    }
}

/// Runs `body` against a fake server, stopping it afterwards whatever happens.
public func withFakeServer<T>(
    basePath: String = "", _ handler: @escaping FakeServer.Handler, _ body: (FakeServer) async throws -> T
) async throws -> T {
    let fake = try await FakeServer.start(basePath: basePath, handler)
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
public enum Reply {
    /// A JSON body.
    public static func json(_ body: String, status: Int = 200, headers: [String: String] = [:]) -> FlyingFox.HTTPResponse {
        var fields = HTTPHeaders()
        fields[.contentType] = "application/json;charset=utf-8"
        for (name, value) in headers { fields[HTTPHeader(name)] = value }
        return FlyingFox.HTTPResponse(
            statusCode: HTTPStatusCode(status, phrase: "Status \(status)"), headers: fields, body: Data(body.utf8))
    }

    /// A body of any media type.
    public static func body(_ text: String, type: String, status: Int = 200) -> FlyingFox.HTTPResponse {
        var fields = HTTPHeaders()
        fields[.contentType] = type
        return FlyingFox.HTTPResponse(
            statusCode: HTTPStatusCode(status, phrase: "Status \(status)"), headers: fields, body: Data(text.utf8))
    }

    /// TMDb's error body.
    public static func tmdbError(status: Int, code: Int, message: String) -> FlyingFox.HTTPResponse {
        json(#"{"status_code":\#(code),"status_message":"\#(message)","success":false}"#, status: status)
    }
}

/// Bytes that end early: the server sends them, then the connection drops, as a cut transfer does.
public struct CutShortBytes: AsyncBufferedSequence, Sendable {
    public typealias Element = UInt8
    let bytes: [UInt8]

    public init(bytes: [UInt8]) { self.bytes = bytes }

    public func makeAsyncIterator() -> Iterator { Iterator(bytes: bytes) }

    public struct Iterator: AsyncBufferedIteratorProtocol {
        var bytes: [UInt8]
        var sent = false

        public mutating func next() async throws -> UInt8? {
            guard let first = try await nextBuffer(suggested: 1)?.first else { return nil }
            return first
        }

        public mutating func nextBuffer(suggested count: Int) async throws -> [UInt8]? {
            guard !sent else { throw SocketError.disconnected }
            sent = true
            return bytes
        }
    }
}

extension Reply {
    /// A response that announces `announced` bytes, sends `body`, and drops the connection.
    public static func truncated(_ body: String, announced: Int) -> FlyingFox.HTTPResponse {
        var fields = HTTPHeaders()
        fields[.contentType] = "application/json;charset=utf-8"
        return FlyingFox.HTTPResponse(
            statusCode: .ok, headers: fields,
            body: HTTPBodySequence(from: CutShortBytes(bytes: Array(body.utf8)), count: announced))
    }
}
