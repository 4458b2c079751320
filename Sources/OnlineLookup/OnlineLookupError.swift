import Transport

/// Why an online lookup (Overpass or Nominatim) failed, in one sentence.
public enum OnlineLookupError: Error, Equatable, Sendable, CustomStringConvertible {
    /// Overpass answered 200 with a `remark`: the query ran out of time or memory, or failed.
    case overpassRemark(String)
    /// The service kept answering 429 or 504 after every retry.
    case overloaded(service: String, status: Int)
    /// The service answered with another HTTP error.
    case http(service: String, status: Int)
    /// The body was not the JSON the service documents.
    case malformedResponse(service: String)
    /// No answer in time.
    case timedOut(service: String)
    /// The service could not be reached.
    case unreachable(service: String)
    /// Offline, and nothing cached for this question.
    case notCached(service: String)
    /// Nominatim knows no place of that name.
    case placeNotFound(String)
    /// The base URL from the environment is not a URL.
    case invalidBaseURL(String)
    /// No HTTP on this machine: libcurl could not be loaded.
    case transportUnavailable(reason: String)

    public var description: String {
        switch self {
        case .overpassRemark(let remark): "Overpass could not answer: \(remark)"
        case .overloaded(let service, let status): "\(service) is overloaded (HTTP \(status)) even after retrying; try again later"
        case .http(let service, let status): "\(service) answered with HTTP status \(status)"
        case .malformedResponse(let service): "\(service)'s answer was not the JSON it documents"
        case .timedOut(let service): "\(service) did not answer in time"
        case .unreachable(let service): "\(service) could not be reached"
        case .notCached(let service): "offline, and \(service) has not answered this question before"
        case .placeNotFound(let name): "Nominatim knows no place called '\(name)'"
        case .invalidBaseURL(let text): "'\(text)' is not a usable base URL"
        case .transportUnavailable(let reason): String(TransportError.unavailableSentence(reason).dropLast())
        }
    }
}
