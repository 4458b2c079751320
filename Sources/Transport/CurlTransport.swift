import CCurl
import Foundation

/// The real ``HTTPTransport``, over libcurl's easy interface: the default of every client.
///
/// Each request runs `curl_easy_perform` on a thread of its own, never on Swift's cooperative pool, and resumes
/// the caller when it ends. A cancelled caller ends its transfer within about a second and gets a
/// `CancellationError`. Errors never carry the request URL, which may hold an API key.
///
/// It replaces `URLSessionTransport` (now in TestSupport) as the default because FoundationNetworking busy-waits on
/// Linux: waiting on a server that accepted the connection and never answered, it burnt CPU for the whole
/// timeout.
///
/// ```swift
/// let transport = CurlTransport()
/// let response = try await transport.send(HTTPRequest(url: url, timeoutSeconds: 5))
/// ```
public struct CurlTransport: HTTPTransport {
    /// The most redirects followed for one request.
    public static let maxRedirects = 10

    private let pool: CurlHandlePool

    /// Creates a transport keeping up to `maxIdleConnections` handles (and their connections) for reuse.
    public init(maxIdleConnections: Int = 20) {
        pool = CurlHandlePool(maxIdle: maxIdleConnections)
    }

    /// Sends `request`; checks that the body is as long as its `Content-Length` says.
    /// - Throws: ``TransportError/unavailable(reason:)`` when libcurl cannot be loaded,
    ///   ``TransportError/timedOut``, ``TransportError/unreachable(host:)``,
    ///   ``TransportError/truncatedBody``, ``TransportError/malformedResponse(endpoint:)``, or
    ///   `CancellationError` when the calling task was cancelled.
    public func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        try Task.checkCancellation()
        let transfer = CurlTransfer(request: request)
        if let ended = try Self.endedBeforeSending(request, transfer) { return ended }
        let pool = self.pool
        let outcome = try await Self.onOwnThread(named: "planner.curl", transfer) { transfer.perform(pool: pool) }
        return try Self.finished(request, outcome)
    }

    /// ``send(_:)`` on the calling thread, for a caller that is synchronous itself and may block (a router
    /// asked by a command, or by a server's handler thread). It cannot be cancelled; the request's timeout bounds it.
    public func sendWaiting(_ request: HTTPRequest) throws -> HTTPResponse {
        let transfer = CurlTransfer(request: request)
        if let ended = try Self.endedBeforeSending(request, transfer) { return ended }
        return try Self.finished(request, transfer.perform(pool: pool))
    }

    /// A name looked up ahead that did not resolve ends the request here (its error thrown), without a transfer
    /// to wait on; nil when the request is to be sent.
    private static func endedBeforeSending(_ request: HTTPRequest, _ transfer: CurlTransfer) throws -> HTTPResponse? {
        guard let code = transfer.finishedLookUpAhead(), code != CURLE_OK else { return nil }
        return try response(for: request, CurlTransfer.Outcome(code: code, statusCode: 0, headers: [:], body: Data()))
    }

    /// The response of a transfer that ran. libcurl is loaded by the first transfer whose host name resolves
    /// (CurlTransfer.lookUpHostFirst): one that could not load it says why.
    private static func finished(_ request: HTTPRequest, _ outcome: CurlTransfer.Outcome) throws -> HTTPResponse {
        if outcome.code == CURLE_FAILED_INIT, let failure = CurlTransfer.loadFailure {
            throw TransportError.unavailable(reason: failure)
        }
        return try response(for: request, outcome)
    }

    /// Looks the host's name up (on a thread of its own, within the request's timeout): a name that does not
    /// resolve throws ``TransportError/unreachable(host:)``, a look-up that runs out of time
    /// ``TransportError/timedOut`` (sending would wait as long again). A name that resolved once is not looked up
    /// again, here or by ``send(_:)``. Behind a proxy, or for a name that is not ASCII, there is nothing to find out
    /// before sending (as for ``send(_:)``'s own look-up).
    public func checkReachable(_ request: HTTPRequest) async throws {
        try Task.checkCancellation()
        let transfer = CurlTransfer(request: request)
        // The answer of a look-up made ahead, when it is in, needs no thread to wait on.
        let code: CURLcode
        if let ready = transfer.finishedLookUpAhead(evenWhenLoaded: true) {
            code = ready
        } else {
            code = try await Self.onOwnThread(named: "planner.resolve", transfer) {
                transfer.lookUpHostFirst(evenWhenLoaded: true)
            }
        }
        if code == CURLE_COULDNT_RESOLVE_HOST { throw TransportError.unreachable(host: request.url.host ?? "the server") }
        if code == CURLE_OPERATION_TIMEDOUT { throw TransportError.timedOut }
    }

    /// Starts looking `url`'s host name up on the system resolver's own thread, and returns at once: the next
    /// look-up of that name within 10 s (by ``checkReachable(_:)``, or by ``send(_:)`` while libcurl is not loaded)
    /// finds the answer ready or under way. A command calls it for the services it will ask, and goes on with its
    /// local work, which then hides the name server's round trips. Skipped where ``checkReachable(_:)`` would look
    /// nothing up.
    public func lookUpAhead(_ url: URL) {
        guard let host = CurlTransfer.nameToLookUp(url) else { return }
        ccurl_resolve_ahead(host)
    }

    /// Runs `work`, which blocks, on a thread of its own (never on Swift's cooperative pool) and resumes the caller
    /// when it ends; a cancelled caller stops `transfer` and gets a `CancellationError`.
    private static func onOwnThread<Result: Sendable>(
        named name: String, _ transfer: CurlTransfer, _ work: @escaping @Sendable () -> Result
    ) async throws -> Result {
        let result = await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Result, Never>) in
                let thread = Thread { continuation.resume(returning: work()) }
                thread.name = name
                thread.start()
            }
        } onCancel: {
            transfer.cancel()
        }
        if transfer.isCancelled { throw CancellationError() }
        return result
    }

    /// The response for a finished transfer, or the ``TransportError`` it ended with.
    static func response(for request: HTTPRequest, _ outcome: CurlTransfer.Outcome) throws -> HTTPResponse {
        let host = request.url.host ?? "the server"
        guard outcome.code == CURLE_OK else { throw map(outcome.code, host: host) }
        guard outcome.statusCode > 0 else { throw TransportError.malformedResponse(endpoint: request.url.path) }
        // A compressed body's Content-Length counts compressed bytes: only an identity body can be checked.
        let encoding = outcome.headers["content-encoding"]?.lowercased() ?? "identity"
        if let declared = outcome.headers["content-length"].flatMap(Int.init), declared > outcome.body.count,
            request.method != "HEAD", encoding == "identity"
        {
            throw TransportError.truncatedBody
        }
        return HTTPResponse(statusCode: outcome.statusCode, headers: outcome.headers, body: outcome.body)
    }

    /// Maps a libcurl error to a ``TransportError`` that names no URL, as `URLSessionTransport` maps its own.
    static func map(_ code: CURLcode, host: String) -> TransportError {
        switch code {
        case CURLE_OPERATION_TIMEDOUT:
            return .timedOut
        case CURLE_PARTIAL_FILE, CURLE_RECV_ERROR, CURLE_GOT_NOTHING, CURLE_WEIRD_SERVER_REPLY,
            CURLE_BAD_CONTENT_ENCODING, CURLE_HTTP2, CURLE_HTTP2_STREAM:
            // The connection dropped before the whole answer came, or the answer made no sense.
            return .truncatedBody
        default:
            return .unreachable(host: host)
        }
    }
}
