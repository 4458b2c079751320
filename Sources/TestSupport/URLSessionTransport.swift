import Foundation
import Transport

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A second real `HTTPTransport`, over Foundation's `URLSession`, for tests that drive a client through a transport
/// other than libcurl's. It lives here, not in Transport, because FoundationNetworking links libcurl into every
/// binary that links it, and `planner` loads libcurl only when it first asks a server.
///
/// Errors never carry the request URL, which may hold an API key.
public struct URLSessionTransport: HTTPTransport {
    private let session: URLSession

    /// Creates a transport on `session`; see ``makeSession(maxConnectionsPerHost:)`` for the default one.
    public init(session: URLSession = URLSessionTransport.makeSession()) {
        self.session = session
    }

    /// An ephemeral session (nothing cached on disk) allowing `maxConnectionsPerHost` connections to one host,
    /// so that the clients' own limit, not URLSession's default of 6, decides how many requests run at once.
    public static func makeSession(
        maxConnectionsPerHost: Int = 20
    ) -> URLSession {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.httpMaximumConnectionsPerHost = maxConnectionsPerHost
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        return URLSession(configuration: configuration)
    }

    /// Sends `request`; checks that the body is as long as its `Content-Length` says.
    public func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        var urlRequest = URLRequest(url: request.url)
        urlRequest.httpMethod = request.method
        urlRequest.httpBody = request.body
        // libcurl counts timeouts in whole seconds: round up, and never below one second.
        urlRequest.timeoutInterval = max(1, request.timeoutSeconds.rounded(.up))
        for (name, value) in request.headers {
            urlRequest.setValue(value, forHTTPHeaderField: name)
        }
        let data: Data
        let response: URLResponse
        do {
            // The request runs in its own task, out of reach of the caller's cancellation: cancelling a URLSession
            // task on Linux while others are in flight can deadlock FoundationNetworking (seen here when a task
            // group dropped its remaining pages). A cancelled caller waits for the request to end (at its timeout at
            // the latest), then stops.
            let session = self.session
            let request = urlRequest
            (data, response) = try await Task.detached { try await session.data(for: request) }.value
            try Task.checkCancellation()
        } catch let error as URLError where error.code == .cancelled {
            throw CancellationError()
        } catch let error as URLError {
            throw Self.map(error, host: request.url.host ?? "the server")
        } catch is CancellationError {
            throw CancellationError()
        } catch {
            throw TransportError.unreachable(host: request.url.host ?? "the server")
        }
        guard let http = response as? HTTPURLResponse else {
            throw TransportError.malformedResponse(endpoint: request.url.path)
        }
        var headers: [String: String] = [:]
        for case let (name as String, value as String) in http.allHeaderFields {
            headers[name.lowercased()] = value
        }
        // A compressed body's Content-Length counts compressed bytes: only an identity body can be checked.
        let encoding = headers["content-encoding"]?.lowercased() ?? "identity"
        if let declared = headers["content-length"].flatMap(Int.init), declared > data.count,
            request.method != "HEAD", encoding == "identity"
        {
            throw TransportError.truncatedBody
        }
        return HTTPResponse(statusCode: http.statusCode, headers: headers, body: data)
    }

    /// Maps a `URLError` to a ``TransportError`` that names no URL.
    static func map(_ error: URLError, host: String) -> TransportError {
        switch error.code {
        case .timedOut:
            return .timedOut
        case .networkConnectionLost, .cannotParseResponse, .badServerResponse:
            return .truncatedBody
        case .unknown where error.localizedDescription.contains("bytes remaining"):
            // libcurl's CURLE_PARTIAL_FILE ("transfer closed with N bytes remaining to read") arrives as -1.
            return .truncatedBody
        default:
            return .unreachable(host: host)
        }
    }
}
