import Foundation
import HTTPTypes
import Hummingbird
import PlannerApp

/// An RFC 9457 problem document: what went wrong, with the status that fits and, as `detail`, the use case's
/// sentence in the API's words (``HTTPWording``: query parameters, not flags).
package struct Problem: Error, Sendable {
    package var status: HTTPResponse.Status
    package var detail: String
    /// Extra headers: `Retry-After` on a 429 or 503, `WWW-Authenticate` on a 401.
    package var headers: HTTPFields = [:]

    package init(_ status: HTTPResponse.Status, _ detail: String, headers: HTTPFields = [:]) {
        self.status = status
        self.detail = detail
        self.headers = headers
    }

    /// The response: `application/problem+json` with type, title, status and detail.
    package func response() -> Response {
        struct Body: Encodable {
            let type: String
            let title: String
            let status: Int
            let detail: String
        }
        let body = Body(type: "about:blank", title: status.reasonPhrase, status: status.code, detail: detail)
        let data = (try? JSONEncoder().encode(body)) ?? Data("{}".utf8)
        var fields = headers
        fields[.contentType] = "application/problem+json"
        return Response(status: status, headers: fields, body: ResponseBody(byteBuffer: ByteBuffer(bytes: data)))
    }

    /// The problem for any error a use case throws. Bad input is a 4xx; an upstream failure a 502, 503 or 504;
    /// only what is truly the server's fault is a 500, and its detail names no internals.
    package static func from(_ error: any Error) -> Problem {
        if var problem = error as? Problem {
            problem.detail = HTTPWording.detail(oneLine(problem.detail))
            return problem
        }
        if let error = error as? HTTPError {
            return Problem(error.status, error.body ?? error.status.reasonPhrase)
        }
        let line = HTTPWording.detail(for: error, line: oneLine(String(describing: error)))
        let failure = Failure.of(error, sentence: line)
        switch failure.kind {
        case .badInput: return Problem(.badRequest, failure.sentence)
        case .notFound: return Problem(.notFound, failure.sentence)
        case .conflict: return Problem(.conflict, failure.sentence)
        case .upstreamFailed: return Problem(.badGateway, failure.sentence)
        case .upstreamTimedOut: return Problem(.gatewayTimeout, failure.sentence)
        case .unavailable(let seconds):
            return Problem(
                .serviceUnavailable, failure.sentence, headers: seconds.map { [.retryAfter: "\($0)"] } ?? [:])
        case .internalFailure: return Problem(.internalServerError, failure.sentence)
        }
    }

    /// One line, as the command line prints it.
    static func oneLine(_ text: String) -> String {
        PlannerAppError.shortenedLine(
            text.split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
                .joined(separator: " "))
    }
}

/// Turns every thrown error into a problem document, so no route answers a bare 500 or an HTML error.
struct ProblemMiddleware<Context: RequestContext>: RouterMiddleware {
    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws
        -> Response
    {
        do {
            return try await next(request, context)
        } catch {
            let problem = Problem.from(error)
            if problem.status == .internalServerError {
                context.logger.error("internal error on \(request.method) \(context.endpointPath ?? "?"): \(error)")
            }
            ErrorRecord.append(problem.detail, shownBy: "serve \(problem.status.code)")
            return problem.response()
        }
    }
}
