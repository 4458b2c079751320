/// How the tool names itself to the services it calls.
public enum ClientIdentity {
    /// The tool's version, as sent in the `User-Agent`.
    public static let version = "0.1.0"
    /// The `User-Agent` header value for every request.
    public static let userAgent = "planner/\(version)"
}
