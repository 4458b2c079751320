import Foundation
import Transport

/// Every error the Showtimes module throws, each able to describe itself in one sentence.
public enum ShowtimesError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The provider did not answer within the timeout.
    case timedOut(provider: String)
    /// The provider's host could not be reached.
    case unreachable(provider: String)
    /// The provider answered with an HTTP status other than 200.
    case httpStatus(provider: String, code: Int)
    /// The provider's XML could not be parsed (line is 1-based, as the parser counts).
    case malformedXML(provider: String, line: Int, reason: String)
    /// A show in the provider's answer lacks a field it must have, or has one that cannot be read.
    case invalidShow(provider: String, field: String, value: String)
    /// The answer is not cached and the policy forbids going online.
    case notCached(provider: String)
    /// An import file could not be read (line is 1-based; 0 means the file as a whole).
    case invalidImport(line: Int, reason: String)
    /// The showtimes tables could not be read or written.
    case database(String)
    /// A day was not written `YYYY-MM-DD`.
    case invalidDay(String)
    /// The provider needs a key and the environment variable that holds it is not set.
    case keyMissing(provider: String, variable: String)
    /// The provider refused the key (Gracenote answers a missing or inactive key with 403 and an HTML page).
    case keyRefused(provider: String, variable: String)
    /// The provider's JSON could not be read.
    case malformedJSON(provider: String, reason: String)
    /// No HTTP on this machine: libcurl could not be loaded.
    case transportUnavailable(reason: String)

    /// A one-line sentence explaining the error.
    public var description: String {
        switch self {
        case .timedOut(let provider):
            "\(provider) did not answer in time; try again, or use --offline for the cached showtimes"
        case .unreachable(let provider):
            "\(provider) cannot be reached; check the network, or use --offline for the cached showtimes"
        case .httpStatus(let provider, let code):
            "\(provider) answered with HTTP status \(code)"
        case .malformedXML(let provider, let line, let reason):
            "\(provider) sent XML that cannot be read (line \(line)): \(reason)"
        case .invalidShow(let provider, let field, let value):
            "\(provider) sent a show whose \(field) cannot be read: '\(value)'"
        case .notCached(let provider):
            "no cached showtimes from \(provider) for this day; run once without --offline"
        case .invalidImport(let line, let reason):
            line == 0 ? "cannot import the showtimes: \(reason)" : "cannot import line \(line): \(reason)"
        case .database(let message):
            "the showtimes tables cannot be used: \(message)"
        case .invalidDay(let text):
            "'\(text)' is not a day written YYYY-MM-DD"
        case .keyMissing(let provider, let variable):
            "\(variable) is not set: \(provider) needs a key for its showtimes; set it, or import shows with "
                + "'planner showtimes import FILE'"
        case .keyRefused(let provider, let variable):
            "\(provider) refused the key (HTTP 403): check \(variable), or that the key is active"
        case .malformedJSON(let provider, let reason):
            "\(provider) sent JSON that cannot be read: \(reason)"
        case .transportUnavailable(let reason):
            String(TransportError.unavailableSentence(reason).dropLast())
        }
    }
}
