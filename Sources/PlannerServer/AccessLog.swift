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
        // Tenths of a millisecond, rounded (as "%.1f" would write them, without Foundation's formatter).
        let attosecondsPerTenth: Int64 = 100_000_000_000_000
        let tenths =
            elapsed.components.seconds * 10_000
            + (elapsed.components.attoseconds + attosecondsPerTenth / 2) / attosecondsPerTenth
        let bytes = response.body.contentLength.map(String.init) ?? "-"
        let target = AccessLine.redacted(request.uri.description)
        logger.info(
            "\(request.method) \(target) \(response.status.code) \(bytes) \(tenths / 10).\(tenths % 10)ms")
        return response
    }
}

/// What the access log writes of a request target.
enum AccessLine {
    /// The path and query with every secret-bearing parameter's value replaced, and cut to 300 characters.
    static func redacted(_ target: String) -> String {
        guard let question = target.firstIndex(of: "?") else { return String(target.prefix(300)) }
        let pairs = target[target.index(after: question)...].split(separator: "&", omittingEmptySubsequences: false)
        // Most targets hold no secret and are short: written as they came (a character is at least a byte).
        if !pairs.contains(where: isSecret), target.utf8.count <= 300 { return target }
        let query = pairs.map { pair -> String in
            isSecret(pair) ? "\(name(of: pair))=REDACTED" : String(pair)
        }
        let line = target[..<question] + "?" + query.joined(separator: "&")
        return line.count > 300 ? String(line.prefix(300)) + "…" : String(line)
    }

    private static func name(of pair: Substring) -> String {
        pair.split(separator: "=", maxSplits: 1).first.map(String.init) ?? ""
    }

    /// Whether a `name=value` pair of a query carries a secret: by its name, or by a token's prefix in it.
    private static func isSecret(_ pair: Substring) -> Bool {
        ["key", "token", "api_key", "access_token"].contains(name(of: pair).lowercased()) || holdsSecretPrefix(pair)
    }

    /// True when `text` holds "plt_" or "plf_", the start of a token or a feed key (one pass over its bytes).
    static func holdsSecretPrefix(_ text: Substring) -> Bool {
        var last3: (UInt8, UInt8, UInt8) = (0, 0, 0)
        for byte in text.utf8 {
            if byte == UInt8(ascii: "_"), last3.0 == UInt8(ascii: "p"), last3.1 == UInt8(ascii: "l"),
                last3.2 == UInt8(ascii: "t") || last3.2 == UInt8(ascii: "f")
            {
                return true
            }
            last3 = (last3.1, last3.2, byte)
        }
        return false
    }
}
