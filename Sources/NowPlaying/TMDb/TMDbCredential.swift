/// How the client proves itself to TMDb.
public enum TMDbCredential: Sendable, Equatable, CustomStringConvertible {
    /// A v4 read access token, sent as `Authorization: Bearer …` (preferred).
    case bearer(String)
    /// A v3 API key, sent as the `api_key` query parameter.
    case apiKey(String)

    /// The kind of credential, never its value.
    public var description: String {
        switch self {
        case .bearer: return "bearer token (redacted)"
        case .apiKey: return "API key (redacted)"
        }
    }
}
