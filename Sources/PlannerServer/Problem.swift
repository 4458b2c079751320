import Foundation
import Geo
import HTTPTypes
import Hummingbird
import NowPlaying
import OnlineLookup
import Places
import PlannerApp
import Showtimes
import Watchlist

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
        let line = HTTPWording.detail(for: error, line: oneLine(String(describing: error)))
        switch error {
        case let error as PlannerAppError:
            switch error {
            case .notFound, .outsideCoverage: return Problem(.notFound, line)
            case .upstreamFailed: return Problem(.badGateway, line)
            default: return Problem(.badRequest, line)
            }
        // A place the gazetteer does not know is not found, as a place outside the data is.
        case PlacesError.unknownPlace: return Problem(.notFound, line)
        case is GeoError, is PlacesError, is DecodingError: return Problem(.badRequest, line)
        case let error as FilmServicesError:
            if case .missingOMDbKey = error { return Problem(.serviceUnavailable, line) }
            return Problem(.badRequest, line)
        case let error as NowPlayingError: return from(error, line: line)
        // No libcurl on the server's machine is the server's state, not an upstream's answer: 503, as TMDb's.
        case OnlineLookupError.transportUnavailable, ShowtimesError.transportUnavailable:
            return Problem(.serviceUnavailable, line)
        case is OnlineLookupError, is ShowtimesError: return Problem(.badGateway, line)
        case let error as WatchlistError:
            switch error {
            case .invalidRating, .invalidDay: return Problem(.badRequest, line)
            case .filmNotFound, .userNotFound: return Problem(.notFound, line)
            case .userExists: return Problem(.conflict, line)
            default: return Problem(.internalServerError, "the database failed; the server log has the reason")
            }
        case let error as HTTPError:
            return Problem(error.status, error.body ?? error.status.reasonPhrase)
        default:
            return Problem(.internalServerError, "an unexpected error; the server log has the reason")
        }
    }

    private static func from(_ error: NowPlayingError, line: String) -> Problem {
        switch error {
        case .notFound: return Problem(.notFound, line)
        case .invalidPage, .emptyQuery: return Problem(.badRequest, line)
        case .timedOut: return Problem(.gatewayTimeout, line)
        case .rateLimited: return Problem(.serviceUnavailable, line, headers: [.retryAfter: "60"])
        case .offlineCacheMiss(let endpoint):
            // The command line's sentence tells its user to run `planner sync`: a server's client cannot.
            return Problem(
                .serviceUnavailable,
                "the server answers from its cache only (its settings say online never), which holds nothing for "
                    + "\(endpoint) yet")
        case .missingCredentials, .invalidBaseURL, .cacheFailure, .transportUnavailable:
            return Problem(.serviceUnavailable, line)
        default: return Problem(.badGateway, line)
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
