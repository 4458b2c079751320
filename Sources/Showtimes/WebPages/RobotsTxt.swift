import Foundation

/// The rules a site's `robots.txt` sets for one crawler, read as RFC 9309 says.
///
/// - Groups start with one or more `user-agent` lines; a `user-agent` line after a rule starts a new group. The
///   groups whose product token is the crawler's (case-insensitively) are merged; when none is, the `*` groups are
///   used; when there are none of those either, everything is allowed.
/// - The rule with the longest pattern that matches the path (query included) decides; when an `allow` and a
///   `disallow` match equally long, `allow` wins. `*` matches any run of characters and a final `$` the end of the
///   path. Paths and patterns are compared with percent-encoding made uniform (`%7E` is `~`, `ツ` is `%E3%83%84`).
/// - `/robots.txt` itself is always allowed; an empty `disallow` value disallows nothing.
/// - `crawl-delay`, which RFC 9309 does not define, is kept when a selected group has one.
///
/// ```swift
/// let robots = RobotsTxt("User-agent: *\nDisallow: /admin\n", productToken: "planner")
/// robots.isAllowed(path: "/programme")   // true
/// robots.isAllowed(path: "/admin/x")     // false
/// ```
public struct RobotsTxt: Sendable, Equatable {
    /// One `allow` or `disallow` line, its pattern with percent-encoding made uniform.
    public struct Rule: Sendable, Equatable {
        public var allows: Bool
        public var pattern: String

        public init(allows: Bool, pattern: String) {
            self.allows = allows
            self.pattern = pattern
        }
    }

    /// The rules of the groups that apply to the crawler, in file order.
    public private(set) var rules: [Rule]
    /// The seconds to wait between requests, when the applicable group says.
    public private(set) var crawlDelay: Double?

    /// The most of a `robots.txt` read (RFC 9309 asks crawlers to read at least 500 KiB).
    public static let maxBytes = 512 * 1024

    /// No rules: everything is allowed (a `robots.txt` answered with 4xx, or none at all).
    public static let allowAll = RobotsTxt(rules: [], crawlDelay: nil)
    /// Nothing is allowed (a `robots.txt` that could not be fetched: 5xx, or the site unreachable).
    public static let disallowAll = RobotsTxt(rules: [Rule(allows: false, pattern: "/")], crawlDelay: nil)

    /// Rules as given.
    public init(rules: [Rule], crawlDelay: Double?) {
        self.rules = rules
        self.crawlDelay = crawlDelay
    }

    /// Reads a `robots.txt` body for the crawler whose product token is `productToken` (such as "planner").
    public init(_ body: String, productToken: String = "planner") {
        let token = productToken.lowercased()
        var groups: [Group] = []
        var current: Group?
        // True while the current group is still gathering user-agent lines.
        var inAgents = false
        var text = Substring(body)
        if text.hasPrefix("\u{FEFF}") { text = text.dropFirst() }
        if text.utf8.count > Self.maxBytes {
            text = Substring(String(decoding: Array(text.utf8.prefix(Self.maxBytes)), as: UTF8.self))
        }
        for rawLine in text.split(omittingEmptySubsequences: true, whereSeparator: \.isNewline) {
            var line = rawLine
            if let hash = line.firstIndex(of: "#") { line = line[..<hash] }
            guard let colon = line.firstIndex(of: ":") else { continue }
            let key = line[..<colon].trimmingCharacters(in: .whitespaces).lowercased()
            let value = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
            switch key {
            case "user-agent", "useragent", "user agent":
                if !inAgents {
                    if let current { groups.append(current) }
                    current = Group()
                    inAgents = true
                }
                current?.agents.append(Self.productToken(of: value))
            case "allow", "disallow", "dissallow", "disalow", "disallaw":
                inAgents = false
                // Rules before any user-agent line belong to no group; an empty value is no rule.
                guard current != nil, !value.isEmpty else { continue }
                current?.rules.append(Rule(allows: key == "allow", pattern: Self.normalizedPattern(value)))
            case "crawl-delay", "crawldelay":
                inAgents = false
                guard current != nil, let seconds = Double(value), seconds.isFinite, seconds >= 0 else { continue }
                if current?.crawlDelay == nil { current?.crawlDelay = seconds }
            default:
                // Sitemap and other lines belong to no group and change none.
                continue
            }
        }
        if let current { groups.append(current) }
        var selected = groups.filter { $0.agents.contains(token) }
        if selected.isEmpty { selected = groups.filter { $0.agents.contains("*") } }
        rules = selected.flatMap(\.rules)
        crawlDelay = selected.lazy.compactMap(\.crawlDelay).first
    }

    /// True when the crawler may fetch `path` (the URL's path with its query, such as `/programme?week=2`).
    public func isAllowed(path: String) -> Bool {
        var target = path.isEmpty ? "/" : path
        if !target.hasPrefix("/") { target = "/" + target }
        let normalized = Self.normalized(target, keepingWildcards: false)
        if normalized == "/robots.txt" { return true }
        let bytes = Array(normalized.utf8)
        var best: (length: Int, allows: Bool)?
        for rule in rules {
            let pattern = Array(rule.pattern.utf8)
            guard Self.matches(pattern, bytes) else { continue }
            let length = pattern.count
            if let current = best {
                if length > current.length || (length == current.length && rule.allows && !current.allows) {
                    best = (length, rule.allows)
                }
            } else {
                best = (length, rule.allows)
            }
        }
        return best?.allows ?? true
    }

    /// True when `url`'s path and query may be fetched.
    public func isAllowed(_ url: URL) -> Bool {
        isAllowed(path: Self.pathAndQuery(of: url))
    }

    /// `url`'s path with its query, as sent: `/` for an empty path.
    public static func pathAndQuery(of url: URL) -> String {
        let components = URLComponents(url: url, resolvingAgainstBaseURL: true)
        var path = components?.percentEncodedPath ?? url.path
        if path.isEmpty { path = "/" }
        if let query = components?.percentEncodedQuery { path += "?" + query }
        return path
    }

    // MARK: - Parsing

    private struct Group {
        var agents: [String] = []
        var rules: [Rule] = []
        var crawlDelay: Double?
    }

    /// The product token of a user-agent line's value, lower-cased: "planner" from "Planner/1.0 (+https://…)".
    static func productToken(of value: String) -> String {
        let trimmed = value.trimmingCharacters(in: .whitespaces)
        if trimmed.hasPrefix("*") { return "*" }
        let token = trimmed.prefix { $0.isASCII && ($0.isLetter || $0 == "-" || $0 == "_") }
        return token.lowercased()
    }

    /// A rule's pattern, starting with `/` (or `*`), its percent-encoding made uniform.
    static func normalizedPattern(_ value: String) -> String {
        var pattern = value
        if !pattern.hasPrefix("/"), !pattern.hasPrefix("*") { pattern = "/" + pattern }
        // Only a final `$` anchors; one elsewhere is the character itself, spelt as a path spells it.
        let anchored = pattern.hasSuffix("$")
        if anchored { pattern.removeLast() }
        pattern = pattern.replacingOccurrences(of: "$", with: "%24")
        return normalized(pattern, keepingWildcards: true) + (anchored ? "$" : "")
    }

    /// `text` with one spelling per character: unreserved characters (letters, digits, `-._~`) written plainly,
    /// every other escape in upper-case hex, and bytes outside printable ASCII (a UTF-8 path) escaped. An escaped
    /// `/`, `?`, `*` or `$` stays escaped, so it never reads as a separator or a wildcard.
    static func normalized(_ text: String, keepingWildcards: Bool) -> String {
        let bytes = Array(text.utf8)
        var result: [UInt8] = []
        result.reserveCapacity(bytes.count)
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "%"), index + 2 < bytes.count, let high = hexValue(bytes[index + 1]),
                let low = hexValue(bytes[index + 2])
            {
                let decoded = high << 4 | low
                if isUnreserved(decoded) {
                    result.append(decoded)
                } else {
                    result.append(contentsOf: escaped(decoded))
                }
                index += 3
                continue
            }
            if byte <= 0x20 || byte >= 0x7F {
                result.append(contentsOf: escaped(byte))
            } else if !keepingWildcards, byte == UInt8(ascii: "*") || byte == UInt8(ascii: "$") {
                // In a path these are plain characters; escaped, they cannot meet a pattern's wildcard.
                result.append(contentsOf: escaped(byte))
            } else {
                result.append(byte)
            }
            index += 1
        }
        return String(decoding: result, as: UTF8.self)
    }

    private static func isUnreserved(_ byte: UInt8) -> Bool {
        (0x30...0x39).contains(byte) || (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte)
            || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "_")
            || byte == UInt8(ascii: "~")
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case 0x30...0x39: byte - 0x30
        case 0x41...0x46: byte - 0x41 + 10
        case 0x61...0x66: byte - 0x61 + 10
        default: nil
        }
    }

    private static func escaped(_ byte: UInt8) -> [UInt8] {
        let digits = Array("0123456789ABCDEF".utf8)
        return [UInt8(ascii: "%"), digits[Int(byte >> 4)], digits[Int(byte & 0x0F)]]
    }

    // MARK: - Matching

    /// True when `pattern` matches `path` from its start: `*` matches any run of bytes, and a `$` ending the
    /// pattern matches only the end of the path (a `$` elsewhere is a plain character). Tracks every position the
    /// pattern can have reached, so a pattern full of `*` costs at most pattern × path steps.
    static func matches(_ pattern: [UInt8], _ path: [UInt8]) -> Bool {
        let star = UInt8(ascii: "*")
        let dollar = UInt8(ascii: "$")
        // reached[i]: the pattern so far can end just before path[i].
        var reached = [Bool](repeating: false, count: path.count + 1)
        reached[0] = true
        for (index, symbol) in pattern.enumerated() {
            if symbol == dollar, index == pattern.count - 1 {
                return reached[path.count]
            }
            var next = [Bool](repeating: false, count: path.count + 1)
            var any = false
            if symbol == star {
                guard let first = reached.firstIndex(of: true) else { return false }
                for position in first...path.count { next[position] = true }
                any = true
            } else {
                for position in 0..<path.count where reached[position] && path[position] == symbol {
                    next[position + 1] = true
                    any = true
                }
            }
            guard any else { return false }
            reached = next
        }
        return true
    }
}
