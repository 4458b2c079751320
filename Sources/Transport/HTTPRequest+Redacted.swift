import Foundation

extension HTTPRequest: CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    /// "GET https://…/movie/550?language=en": the URL without secrets, and no header values.
    public var description: String {
        "\(method) \(URLRedaction.redacted(url).absoluteString)"
    }

    /// The same as ``description``: no secrets.
    public var debugDescription: String { description }

    /// A mirror that shows the redacted URL and the header names only, so `dump` reveals no secret.
    public var customMirror: Mirror {
        Mirror(
            self,
            children: [
                "method": method, "url": URLRedaction.redacted(url).absoluteString,
                "headerNames": headers.keys.sorted(), "timeoutSeconds": timeoutSeconds,
            ])
    }
}
