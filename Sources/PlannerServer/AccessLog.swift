import Foundation
import Hummingbird
import Logging

/// One access-log line per request: method, path, status, bytes and milliseconds. The `Authorization` header is
/// never read here, and a `key` in the query (a calendar feed key) is written as `key=REDACTED`.
struct AccessLogMiddleware<Context: RequestContext>: RouterMiddleware {
    let logger: Logger

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws
        -> Response
    {
        let start = ContinuousClock.now
        let response = try await next(request, context)
        let elapsed = ContinuousClock.now - start
        let milliseconds = Double(elapsed.components.attoseconds) / 1e15 + Double(elapsed.components.seconds) * 1000
        let bytes = response.body.contentLength.map(String.init) ?? "-"
        logger.info(
            "\(request.method) \(AccessLine.redacted(request.uri.description)) \(response.status.code) \(bytes) \(String(format: "%.1f", milliseconds))ms")
        return response
    }
}

/// What the access log writes of a request target.
enum AccessLine {
    /// The path and query with every secret-bearing parameter's value replaced, and cut to 300 characters.
    static func redacted(_ target: String) -> String {
        guard let question = target.firstIndex(of: "?") else { return String(target.prefix(300)) }
        let query = target[target.index(after: question)...].split(separator: "&", omittingEmptySubsequences: false)
            .map { pair -> String in
                let name = pair.split(separator: "=", maxSplits: 1).first.map(String.init) ?? ""
                let secret = ["key", "token", "api_key", "access_token"].contains(name.lowercased())
                    || pair.contains("plt_") || pair.contains("plf_")
                return secret ? "\(name)=REDACTED" : String(pair)
            }
        let line = target[..<question] + "?" + query.joined(separator: "&")
        return line.count > 300 ? String(line.prefix(300)) + "…" : String(line)
    }
}
