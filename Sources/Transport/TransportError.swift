/// What can go wrong in one HTTP exchange, before any service reads the answer. Each case says so in one
/// sentence and names no URL (a URL may hold a key).
///
/// Each service client turns these into its own error type (``TransportError/timedOut`` into a TMDb time-out,
/// say), so that users read about the service, not the transport.
public enum TransportError: Error, Equatable, Sendable, CustomStringConvertible {
    /// No answer came within the request timeout.
    case timedOut
    /// The host could not be reached at all.
    case unreachable(host: String)
    /// The answer was not HTTP at all.
    case malformedResponse(endpoint: String)
    /// The body stopped before the end its `Content-Length` announced.
    case truncatedBody
    /// No HTTP at all on this machine: libcurl could not be loaded (the loader's reason).
    case unavailable(reason: String)

    /// What to do about ``unavailable(reason:)``, in every module's words for it.
    public static func unavailableSentence(_ reason: String) -> String {
        "HTTP is unavailable: libcurl could not be loaded (\(reason)); install it (Debian: apt-get install libcurl4) "
            + "or run with --offline."
    }

    public var description: String {
        switch self {
        case .timedOut: "The request timed out; check the network or try again with --offline."
        case .unreachable(let host): "Could not reach \(host); check the network or try again with --offline."
        case .malformedResponse(let endpoint): "The answer from \(endpoint) was not the HTTP expected."
        case .truncatedBody: "The answer stopped before its end (truncated body); try again."
        case .unavailable(let reason): Self.unavailableSentence(reason)
        }
    }
}
