import Foundation
import HTTPTypes
import Hummingbird

/// The API's paths and the methods each answers, read from the OpenAPI document the server serves, so that the
/// contract and the 405s cannot drift apart (a test holds the router to the document).
struct RouteTable: Sendable {
    /// Path templates split into segments ("{id}" matches any one segment), each with its methods in the
    /// order RFC 9110's examples list them.
    let routes: [(segments: [String], methods: [String])]

    init(openAPI document: UnsafeRawBufferPointer) {
        let json = (try? JSONSerialization.jsonObject(with: Data(document))) as? [String: Any]
        let paths = json?["paths"] as? [String: Any] ?? [:]
        let order = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE"]
        routes = paths.keys.sorted().map { path in
            var methods = ((paths[path] as? [String: Any]) ?? [:]).keys.map { $0.uppercased() }.filter(order.contains)
            // Every GET answers HEAD too (RouterOptions.autoGenerateHeadEndpoints).
            if methods.contains("GET") { methods.append("HEAD") }
            return (Self.segments(path), order.filter(methods.contains))
        }
    }

    /// The methods `path` answers, or nil when no route has that path.
    func methods(for path: String) -> [String]? {
        let asked = Self.segments(path)
        let found = routes.filter { route in
            route.segments.count == asked.count
                && zip(route.segments, asked).allSatisfy { template, segment in
                    template == segment || (template.hasPrefix("{") && template.hasSuffix("}") && !segment.isEmpty)
                }
        }
        guard !found.isEmpty else { return nil }
        return Array(Set(found.flatMap(\.methods))).sorted {
            ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE"].firstIndex(of: $0)!
                < ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE"].firstIndex(of: $1)!
        }
    }

    private static func segments(_ path: String) -> [String] {
        path.split(separator: "/", omittingEmptySubsequences: false).dropFirst().map(String.init)
    }
}

/// A known path asked with a method it does not answer: 405 Method Not Allowed with an `Allow` header (RFC 9110
/// 15.5.6), instead of the router's 404. A path no route has stays a 404.
struct MethodNotAllowedMiddleware<Context: RequestContext>: RouterMiddleware {
    let table: RouteTable

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws
        -> Response
    {
        do {
            return try await next(request, context)
        } catch let error as HTTPError where error.status == .notFound {
            guard let allowed = table.methods(for: request.uri.path), !allowed.contains(request.method.rawValue) else {
                throw error
            }
            let list = allowed.joined(separator: ", ")
            throw Problem(
                .methodNotAllowed, "\(request.method.rawValue) is not a method of \(request.uri.path); it answers \(list)",
                headers: [.allow: list])
        }
    }
}
