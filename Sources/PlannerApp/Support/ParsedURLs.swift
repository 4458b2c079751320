import Foundation
import Synchronization

/// URLs parsed from the environment's texts, kept: a server builds each request's clients from the same few
/// variables (`FINNKINO_BASE_URL`, `NOMINATIM_BASE_URL`, …), and parsing is a function of the text alone.
enum ParsedURLs {
    private static let parsed = Mutex<[String: URL?]>([:])

    /// `URL(string: text)`, parsed once per text.
    static func url(_ text: String) -> URL? {
        if let known = parsed.withLock({ $0[text] }) { return known }
        let url = URL(string: text)
        parsed.withLock { kept in
            // A handful of variables; the bound only stops a stream of odd texts from growing it for ever.
            if kept.count >= 64 { kept.removeAll() }
            kept[text] = url
        }
        return url
    }
}
