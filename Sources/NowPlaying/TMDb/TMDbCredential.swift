/// How the client proves itself to TMDb. Printing or dumping it never shows its value.
public enum TMDbCredential: Sendable, Equatable, CustomStringConvertible, CustomDebugStringConvertible,
    CustomReflectable
{
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

    /// The same as ``description``: the kind, never the value.
    public var debugDescription: String { description }

    /// A mirror with the kind only, so `dump` reveals no secret.
    public var customMirror: Mirror {
        Mirror(self, children: ["kind": description])
    }
}
