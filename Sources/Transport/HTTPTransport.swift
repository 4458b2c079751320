import Foundation

/// One HTTP request, as the NowPlaying clients hand it to an ``HTTPTransport``.
public struct HTTPRequest: Sendable, Equatable {
    /// The absolute URL, query included. It may hold an `api_key`: never log it as it is.
    public var url: URL
    /// The HTTP method, `GET` for every TMDb and OMDb call.
    public var method: String
    /// Header fields, by name.
    public var headers: [String: String]
    /// How long to wait for an answer, in seconds.
    public var timeoutSeconds: Double
    /// The request body (a form for Overpass' POST); nil for GET.
    public var body: Data?
    /// Whether the transport follows redirects itself. False hands a 3xx back as it is: a client whose headers
    /// carry keys (MovieGlu's), or that must check each address against robots.txt, follows them by hand or not at all.
    public var followsRedirects: Bool = true

    /// Creates a request.
    public init(
        url: URL, method: String = "GET", headers: [String: String] = [:], timeoutSeconds: Double = 15,
        body: Data? = nil
    ) {
        self.url = url
        self.method = method
        self.headers = headers
        self.timeoutSeconds = timeoutSeconds
        self.body = body
    }
}

/// One HTTP response: status, headers and the whole body.
public struct HTTPResponse: Sendable, Equatable {
    /// The HTTP status code, such as 200 or 429.
    public var statusCode: Int
    /// Header fields, by lower-cased name.
    public var headers: [String: String]
    /// The body bytes.
    public var body: Data

    /// Creates a response; header names are lower-cased.
    public init(statusCode: Int, headers: [String: String] = [:], body: Data = Data()) {
        self.statusCode = statusCode
        self.headers = Dictionary(
            headers.map { ($0.key.lowercased(), $0.value) }, uniquingKeysWith: { first, _ in first })
        self.body = body
    }

    /// The value of a header field, whatever the case of `name`.
    public func header(_ name: String) -> String? {
        headers[name.lowercased()]
    }
}

/// Sends one HTTP request and returns its response: the only I/O the NowPlaying clients do.
///
/// ```swift
/// let transport = CurlTransport()
/// let client = TMDbClient(credential: .bearer(token), transport: transport)
/// ```
public protocol HTTPTransport: Sendable {
    /// Sends `request` and returns the full response, whatever its status.
    /// - Throws: ``TransportError/timedOut``, ``TransportError/unreachable(host:)`` or
    ///   ``TransportError/truncatedBody`` when no whole response came back.
    func send(_ request: HTTPRequest) async throws -> HTTPResponse

    /// Finds out, without sending anything to the server, whether `request` cannot reach one at all: for libcurl,
    /// that the host's name does not resolve. A client that must take a turn before it sends (Nominatim's one
    /// request a second, kept in the database) asks first, and takes no turn for a request that goes nowhere.
    /// - Throws: ``TransportError/unreachable(host:)`` when it cannot, ``TransportError/timedOut`` when finding out
    ///   ran out of the request's time; nothing when it may (or cannot tell).
    func checkReachable(_ request: HTTPRequest) async throws

    /// Starts, without waiting, what sending to `url`'s server will need first (for libcurl, looking its name up),
    /// so that a later ``checkReachable(_:)`` or ``send(_:)`` finds it done or under way.
    func lookUpAhead(_ url: URL)
}

extension HTTPTransport {
    /// A transport that cannot tell sends and finds out.
    public func checkReachable(_ request: HTTPRequest) async throws {}

    /// A transport with nothing to start ahead starts nothing.
    public func lookUpAhead(_ url: URL) {}
}

extension Data {
    /// The UTF-8 bytes of `text`, as a request body: `Data(text.utf8)` first asks at run time whether the view is
    /// `ContiguousBytes`, and a process's first such question scans every protocol conformance in the binary.
    package init(utf8Of text: String) {
        var text = text
        self = text.withUTF8 { bytes in bytes.baseAddress.map { Data(bytes: $0, count: bytes.count) } ?? Data() }
    }
}
