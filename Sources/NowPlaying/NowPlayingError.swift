import Transport
/// Everything that can go wrong in the NowPlaying module, each case able to say so in one sentence.
///
/// No case ever carries an API key, a token or a URL holding one.
public enum NowPlayingError: Error, Equatable, Sendable, CustomStringConvertible {
    /// Neither `TMDB_READ_ACCESS_TOKEN` nor `TMDB_API_KEY` was given.
    case missingCredentials
    /// TMDb refused the key or token (HTTP 401, TMDb status code 7).
    case invalidCredentials
    /// The service knows nothing at this address (HTTP 404, TMDb status code 34; OMDb "Movie not found!").
    case notFound(String)
    /// The service kept answering 429 after every retry.
    case rateLimited
    /// No answer came within the request timeout.
    case timedOut
    /// The host could not be reached at all.
    case unreachable(host: String)
    /// The body was not the JSON this endpoint answers with.
    case malformedResponse(endpoint: String)
    /// The body stopped before the end its `Content-Length` announced.
    case truncatedBody
    /// Any other HTTP status that is not a success.
    case http(status: Int)
    /// A list page outside 1…500, the range TMDb serves.
    case invalidPage(Int)
    /// A search with an empty query.
    case emptyQuery
    /// Offline mode, and the cache holds no answer for this endpoint.
    case offlineCacheMiss(endpoint: String)
    /// A base URL that is not an absolute http(s) URL.
    case invalidBaseURL(String)
    /// The response cache failed to read or write.
    case cacheFailure(String)
    /// OMDb answered with an error of its own.
    case omdb(message: String)
    /// OMDb refused the key (HTTP 401, "Invalid API key!").
    case invalidOMDbKey
    /// No HTTP on this machine: libcurl could not be loaded.
    case transportUnavailable(reason: String)

    /// Where to get a key, said in the credential errors.
    static let keyHowTo =
        "set TMDB_READ_ACCESS_TOKEN (preferred) or TMDB_API_KEY; "
        + "a free key is at https://www.themoviedb.org/settings/api"

    /// A one-line sentence for the user.
    public var description: String {
        switch self {
        case .missingCredentials:
            return "No TMDb credentials: \(Self.keyHowTo)."
        case .invalidCredentials:
            return "TMDb rejected the credentials (invalid API key): \(Self.keyHowTo)."
        case .notFound(let what):
            return "Not found: \(what)."
        case .rateLimited:
            return "TMDb is rate limiting these requests; try again in a minute."
        case .timedOut:
            return "The request timed out; check the network or try again with --offline."
        case .unreachable(let host):
            return "Could not reach \(host); check the network or try again with --offline."
        case .malformedResponse(let endpoint):
            return "The answer from \(endpoint) was not the JSON expected."
        case .truncatedBody:
            return "The answer stopped before its end (truncated body); try again."
        case .http(let status):
            return "The server answered with HTTP status \(status)."
        case .invalidPage(let page):
            return "Page \(page) is out of range: pages run from 1 to 500."
        case .emptyQuery:
            return "The search query is empty."
        case .offlineCacheMiss(let endpoint):
            return "Offline, and the cache holds nothing for \(endpoint) yet: run the command once online, "
                + "or `planner sync` for now playing and upcoming."
        case .invalidBaseURL(let url):
            return "The base URL \(url) is not an absolute http(s) URL."
        case .cacheFailure(let reason):
            return "The response cache failed: \(reason)."
        case .omdb(let message):
            return "OMDb answered: \(message)."
        case .invalidOMDbKey:
            return "OMDb rejected the API key: set OMDB_API_KEY to a key from https://www.omdbapi.com/apikey.aspx."
        case .transportUnavailable(let reason):
            return TransportError.unavailableSentence(reason)
        }
    }
}

extension NowPlayingError {
    /// The same failure in this module's words: a time-out of the transport is a TMDb (or OMDb) time-out.
    init(_ error: TransportError) {
        switch error {
        case .timedOut: self = .timedOut
        case .unreachable(let host): self = .unreachable(host: host)
        case .malformedResponse(let endpoint): self = .malformedResponse(endpoint: endpoint)
        case .truncatedBody: self = .truncatedBody
        case .unavailable(let reason): self = .transportUnavailable(reason: reason)
        }
    }

    /// Runs one exchange, turning a ``TransportError`` into a ``NowPlayingError``.
    static func translatingTransport<T>(_ body: () async throws -> T) async throws -> T {
        do {
            return try await body()
        } catch let error as TransportError {
            throw NowPlayingError(error)
        }
    }
}
