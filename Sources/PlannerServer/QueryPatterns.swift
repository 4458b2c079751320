import Basics
import Foundation
import Synchronization

/// The patterns the OpenAPI schema gives `after`, `before`, `buffer`, `date` and `keyword`, which the routes check
/// before the use case reads the value: what the schema promises is what the server takes, no more and no less
/// (the command line reads more: `--before 007:30`, `--buffer 1H`). A test holds the document to these.
enum QueryPatterns {
    static let clock = #"^(?:[01]?[0-9]|2[0-3]):[0-5][0-9]$"#
    /// At most 12 hours: 0–720 minutes, 0–12 h, or 0–11 h and 0–59 min.
    static let buffer =
        #"^(?:(?:[0-9]|[1-9][0-9]|[1-6][0-9]{2}|7[01][0-9]|720)(?:m|min)?|(?:[0-9]|1[0-2])h|(?:[0-9]|1[01])h[0-5]?[0-9](?:m|min))$"#
    /// A calendar date (February up to the 28th), today or tomorrow.
    static let date =
        #"^(?:[12][0-9]{3}-(?:(?:0[13578]|1[02])-(?:0[1-9]|[12][0-9]|3[01])|(?:0[469]|11)-(?:0[1-9]|[12][0-9]|30)|02-(?:0[1-9]|1[0-9]|2[0-8]))|[Tt][Oo][Dd][Aa][Yy]|[Tt][Oo][Mm][Oo][Rr][Rr][Oo][Ww])$"#
    /// Something besides spaces: the search's own check (`trimmingSpaces`) is this language, so routes need not
    /// check it again.
    static let keyword = #"^[\s\S]*[^ \t\u00a0\u1680\u2000-\u200b\u202f\u205f\u3000][\s\S]*$"#

    static let byParameter: [String: String] = [
        "after": clock, "before": clock, "buffer": buffer, "date": date, "keyword": keyword,
    ]

    private static let compiled: [String: NSRegularExpression] = byParameter.mapValues {
        try! NSRegularExpression(pattern: $0)  // The patterns above, checked by the tests.
    }

    /// Throws a 400 for the first of `names` present in `query` whose value the pattern refuses.
    static func check(_ query: Query, _ names: [String]) throws {
        for name in names {
            guard let value = query.string(name), let regex = compiled[name] else { continue }
            let asked = Asked(name: name, value: value)
            if accepted.withLock({ $0.contains(asked) }) { continue }
            if regex.firstMatch(in: value, range: NSRange(value.startIndex..., in: value)) == nil {
                throw Problem(.badRequest, "the query parameter '\(name)' " + wants(name) + ", not '\(value.prefix(80))'")
            }
            accepted.withLock { kept in
                if kept.count >= 1024 { kept.removeAll(keepingCapacity: true) }
                kept.insert(asked)
            }
        }
    }

    /// A parameter's value, by its bytes (a value equal only under Unicode's canonical equivalence is another).
    private struct Asked: Hashable {
        let name: String
        let value: ExactText

        init(name: String, value: String) {
            self.name = name
            self.value = ExactText(value)
        }
    }

    /// Values the patterns accepted: a server is asked for the same dates and times all day, and a pattern's
    /// answer is a function of the value alone.
    private static let accepted = Mutex<Set<Asked>>([])

    private static func wants(_ name: String) -> String {
        switch name {
        case "after", "before": "must be a time HH:MM such as 18:30"
        case "buffer": "must be a margin such as 10m, 1h or 1h15m (at most 12 h)"
        case "date": "must be YYYY-MM-DD, today or tomorrow"
        default: "must not be empty"
        }
    }
}
