import Foundation

/// Removes secrets from URLs before they are used as cache keys or shown anywhere.
public enum URLRedaction {
    /// Query parameters that hold secrets: TMDb's `api_key`, OMDb's `apikey`, and a few common spellings.
    public static let secretParameterNames: Set<String> = ["api_key", "apikey", "access_token", "token", "key"]

    /// `url` without its secret query parameters (and without any user or password part).
    public static func redacted(_ url: URL) -> URL {
        guard var components = URLComponents(url: url, resolvingAgainstBaseURL: false) else { return url }
        components.user = nil
        components.password = nil
        if let items = components.queryItems {
            let kept = items.filter { !secretParameterNames.contains($0.name.lowercased()) }
            components.queryItems = kept.isEmpty ? nil : kept
        }
        return components.url ?? url
    }

    /// `text` as a redacted URL string when it parses as a URL; otherwise `text` itself.
    public static func redacted(_ text: String) -> String {
        guard let url = URL(string: text) else { return redactedByHand(text) }
        return redacted(url).absoluteString
    }

    /// Text that does not parse as a URL, without what could be a secret: anything between `//` and an `@`
    /// (user and password), and the values of secret-looking query parameters.
    static func redactedByHand(_ text: String) -> String {
        var out = text
        if let scheme = out.range(of: "://"), let at = out[scheme.upperBound...].firstIndex(of: "@") {
            out.replaceSubrange(scheme.upperBound...at, with: "…@")
        }
        for name in secretParameterNames {
            var searchStart = out.startIndex
            while let found = out.range(of: name + "=", options: .caseInsensitive, range: searchStart..<out.endIndex) {
                let valueEnd = out[found.upperBound...].firstIndex { $0 == "&" || $0 == "#" } ?? out.endIndex
                out.replaceSubrange(found.upperBound..<valueEnd, with: "…")
                searchStart = out.index(found.upperBound, offsetBy: 1, limitedBy: out.endIndex) ?? out.endIndex
            }
        }
        return out
    }
}
