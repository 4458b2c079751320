import Foundation

/// How sure a match is, best first.
public enum MatchConfidence: String, Sendable, Codable, Comparable, CaseIterable, CustomStringConvertible {
    /// Every compared field agrees exactly (after normalization).
    case exact
    /// The names agree, but something that would confirm it is missing or off by a little.
    case likely
    /// Only part of a name agrees.
    case weak

    /// A score from 0 to 1 for programs: 1.0, 0.8, 0.5.
    public var score: Double {
        switch self {
        case .exact: 1.0
        case .likely: 0.8
        case .weak: 0.5
        }
    }

    /// "exact", "likely" or "weak".
    public var description: String { rawValue }

    /// Better confidences sort first.
    public static func < (a: MatchConfidence, b: MatchConfidence) -> Bool { a.score > b.score }
}

/// Normalizes names and titles for comparison.
public enum NameKey {
    /// Lower case, no accents, parenthesized parts dropped, `&` read as "and", only letters and digits kept,
    /// single spaces: "Kinopalatsi " → "kinopalatsi", "Amélie (2D)" → "amelie".
    public static func of(_ text: String) -> String {
        var plain = ""
        var depth = 0
        for character in text {
            if character == "(" || character == "[" {
                depth += 1
                continue
            }
            if character == ")" || character == "]" {
                depth = max(0, depth - 1)
                continue
            }
            if depth == 0 { plain.append(character) }
        }
        let folded = plain.replacingOccurrences(of: "&", with: " and ")
            .folding(options: [.caseInsensitive, .diacriticInsensitive, .widthInsensitive], locale: nil)
        let words = folded.unicodeScalars.map { CharacterSet.alphanumerics.contains($0) ? Character($0) : " " }
        return String(words).split(separator: " ").joined(separator: " ")
    }
}
