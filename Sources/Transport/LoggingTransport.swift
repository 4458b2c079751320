import Foundation

/// Wraps a transport and reports each request in one line, for `--verbose`:
/// `GET https://api.themoviedb.org/3/movie/now_playing?page=1&region=FI → 200, 182 ms, 5,310 bytes`.
///
/// The line is built from the request's redacted description: no header values (so no `Authorization` token) and
/// no secret query parameters (`api_key`, `apikey`, …). Nothing else of the request or the answer is shown.
public struct LoggingTransport: HTTPTransport {
    let inner: any HTTPTransport
    let log: @Sendable (String) -> Void

    /// - Parameters:
    ///   - inner: The transport that sends.
    ///   - log: Receives one line per request, after it ends.
    public init(_ inner: any HTTPTransport, log: @escaping @Sendable (String) -> Void) {
        self.inner = inner
        self.log = log
    }

    public func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        let start = Date()
        do {
            let response = try await inner.send(request)
            log("\(request) → \(response.statusCode), \(Self.elapsed(since: start)), \(response.body.count) bytes")
            return response
        } catch {
            log("\(request) → failed after \(Self.elapsed(since: start)): \(error)")
            throw error
        }
    }

    public func checkReachable(_ request: HTTPRequest) async throws {
        let start = Date()
        do {
            try await inner.checkReachable(request)
        } catch {
            log("\(request) → failed after \(Self.elapsed(since: start)): \(error)")
            throw error
        }
    }

    public func lookUpAhead(_ url: URL) {
        inner.lookUpAhead(url)
    }

    /// "182 ms".
    private static func elapsed(since start: Date) -> String {
        "\(Int((Date().timeIntervalSince(start) * 1000).rounded())) ms"
    }
}
