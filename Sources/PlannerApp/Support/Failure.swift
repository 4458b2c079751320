import Foundation
import Geo
import NowPlaying
import OnlineLookup
import Places
import Showtimes
import Watchlist

/// What went wrong in a use case, in words no face owns: bad input, not found, a conflict, an upstream service
/// that failed or timed out, something unavailable here, or an internal failure. Each face words it: the command
/// line prints the sentence and exits; HTTP picks a status and a problem document.
package struct Failure: Sendable, Equatable {
    package enum Kind: Sendable, Equatable {
        /// The request itself is wrong (a field's value, a missing field).
        case badInput
        case notFound
        /// It exists already.
        case conflict
        /// A service the answer needed failed; `service` names it.
        case upstreamFailed(service: String)
        case upstreamTimedOut(service: String)
        /// Not available here now: a key not configured, no libcurl, a service asking to wait.
        case unavailable(retryAfterSeconds: Int?)
        /// This program's own fault; the sentence names no internals.
        case internalFailure
    }

    package let kind: Kind
    /// One sentence: the error's own, or a replacement where the error's names the command line's remedy.
    package let sentence: String

    package init(_ kind: Kind, _ sentence: String) {
        self.kind = kind
        self.sentence = sentence
    }

    /// The failure an error stands for; `sentence` is the error's line as shown (one line, shortened).
    package static func of(_ error: any Error, sentence: String) -> Failure {
        switch error {
        case let error as PlannerAppError:
            switch error {
            case .notFound, .outsideCoverage: return Failure(.notFound, sentence)
            case .upstreamFailed: return Failure(.upstreamFailed(service: "OpenStreetMap"), sentence)
            default: return Failure(.badInput, sentence)
            }
        // A place the gazetteer does not know is not found, as a place outside the data is.
        case PlacesError.unknownPlace: return Failure(.notFound, sentence)
        case is GeoError, is PlacesError, is DecodingError: return Failure(.badInput, sentence)
        case let error as FilmServicesError:
            if case .missingOMDbKey = error { return Failure(.unavailable(retryAfterSeconds: nil), sentence) }
            return Failure(.badInput, sentence)
        case let error as NowPlayingError: return of(error, sentence: sentence)
        // No libcurl on this machine is its own state, not an upstream's answer.
        case OnlineLookupError.transportUnavailable, ShowtimesError.transportUnavailable:
            return Failure(.unavailable(retryAfterSeconds: nil), sentence)
        case is OnlineLookupError: return Failure(.upstreamFailed(service: "OpenStreetMap"), sentence)
        case is ShowtimesError: return Failure(.upstreamFailed(service: "the showtimes provider"), sentence)
        case let error as WatchlistError:
            switch error {
            case .invalidRating, .invalidDay: return Failure(.badInput, sentence)
            case .filmNotFound, .seriesNotFound, .userNotFound: return Failure(.notFound, sentence)
            case .userExists: return Failure(.conflict, sentence)
            default: return Failure(.internalFailure, "the database failed; the server log has the reason")
            }
        default:
            return Failure(.internalFailure, "an unexpected error; the server log has the reason")
        }
    }

    private static func of(_ error: NowPlayingError, sentence: String) -> Failure {
        switch error {
        case .notFound: return Failure(.notFound, sentence)
        case .invalidPage, .emptyQuery: return Failure(.badInput, sentence)
        case .timedOut: return Failure(.upstreamTimedOut(service: "TMDb"), sentence)
        case .rateLimited: return Failure(.unavailable(retryAfterSeconds: 60), sentence)
        case .offlineCacheMiss(let endpoint):
            // The command line's sentence tells its user to run `planner sync`: a service's client cannot.
            return Failure(
                .unavailable(retryAfterSeconds: nil),
                "the server answers from its cache only (its settings say online never), which holds nothing for "
                    + "\(endpoint) yet")
        case .missingCredentials, .invalidBaseURL, .cacheFailure, .transportUnavailable:
            return Failure(.unavailable(retryAfterSeconds: nil), sentence)
        default: return Failure(.upstreamFailed(service: "TMDb"), sentence)
        }
    }
}
