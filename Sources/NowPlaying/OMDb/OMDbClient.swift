import Foundation
import Transport

/// A small OMDb client: one film by title and year, with its full plot and critic scores.
///
/// ```swift
/// let omdb = OMDbClient(apiKey: key)
/// let film = try await omdb.movie(title: "Fight Club", year: 1999)
/// ```
public struct OMDbClient: Sendable, CustomReflectable {
    /// OMDb's API root.
    public static let defaultBaseURL = URL(string: "https://www.omdbapi.com/")!

    private let apiKey: String
    private let baseURL: URL
    private let transport: any HTTPTransport
    private let timeoutSeconds: Double
    private let retryPolicy: RetryPolicy

    /// Creates a client.
    /// - Parameters:
    ///   - apiKey: the OMDb key, sent as `apikey` and never shown.
    ///   - baseURL: OMDb's root, `https://www.omdbapi.com/` by default.
    ///   - transport: the HTTP transport.
    ///   - timeoutSeconds: the timeout of each request.
    ///   - retryPolicy: how 429 and 5xx answers are retried.
    public init(
        apiKey: String, baseURL: URL = OMDbClient.defaultBaseURL, transport: any HTTPTransport = CurlTransport(),
        timeoutSeconds: Double = 15, retryPolicy: RetryPolicy = .standard
    ) {
        self.apiKey = apiKey
        self.baseURL = baseURL
        self.transport = transport
        self.timeoutSeconds = timeoutSeconds
        self.retryPolicy = retryPolicy
    }

    /// A mirror without the key, so `dump` reveals no secret.
    public var customMirror: Mirror {
        Mirror(self, children: ["baseURL": baseURL, "timeoutSeconds": timeoutSeconds])
    }

    private struct Status: Decodable {
        var response: String?
        var error: String?
        enum CodingKeys: String, CodingKey {
            case response = "Response"
            case error = "Error"
        }
    }

    /// The film OMDb finds for `title` (and `year`), with the full plot.
    /// - Throws: ``NowPlayingError/notFound(_:)`` for OMDb's "Movie not found!",
    ///   ``NowPlayingError/invalidCredentials`` for a bad key, and every transport error.
    public func movie(title: String, year: Int? = nil) async throws -> OMDbMovie {
        let what = year.map { "\"\(title)\" (\($0)) on OMDb" } ?? "\"\(title)\" on OMDb"
        guard var components = URLComponents(url: baseURL, resolvingAgainstBaseURL: false) else {
            throw NowPlayingError.invalidBaseURL(URLRedaction.redacted(baseURL).absoluteString)
        }
        var items = [URLQueryItem(name: "t", value: title)]
        if let year { items.append(URLQueryItem(name: "y", value: String(year))) }
        items.append(URLQueryItem(name: "plot", value: "full"))
        items.append(URLQueryItem(name: "apikey", value: apiKey))
        components.queryItems = items
        guard let url = components.url else {
            throw NowPlayingError.invalidBaseURL(URLRedaction.redacted(baseURL).absoluteString)
        }
        let request = HTTPRequest(
            url: url, headers: ["Accept": "application/json", "User-Agent": ClientIdentity.userAgent],
            timeoutSeconds: timeoutSeconds)
        var retry = 0
        var response = try await NowPlayingError.translatingTransport { try await transport.send(request) }
        while RetryPolicy.isRetryable(status: response.statusCode), retry + 1 < retryPolicy.maxAttempts {
            let wait = retryPolicy.delay(beforeRetry: retry, retryAfter: response.header("Retry-After"))
            try await retryPolicy.sleep(wait)
            retry += 1
            response = try await NowPlayingError.translatingTransport { try await transport.send(request) }
        }
        let status = try? JSONDecoder().decode(Status.self, from: response.body)
        if status?.response == "False" || response.statusCode == 401 {
            let message = status?.error ?? ""
            if message.localizedCaseInsensitiveContains("not found") { throw NowPlayingError.notFound(what) }
            // OMDb answers its daily limit with a 401 too ("Request limit reached!"): that is not a bad key.
            if message.localizedCaseInsensitiveContains("limit") { throw NowPlayingError.omdb(message: message) }
            if response.statusCode == 401 || message.localizedCaseInsensitiveContains("api key") {
                throw NowPlayingError.invalidOMDbKey
            }
            throw NowPlayingError.omdb(message: message.isEmpty ? "an unnamed error" : message)
        }
        guard (200..<300).contains(response.statusCode) else {
            throw response.statusCode == 429 ? NowPlayingError.rateLimited : .http(status: response.statusCode)
        }
        return try TMDbClient.decode(OMDbMovie.self, from: response.body, endpoint: "OMDb")
    }
}
