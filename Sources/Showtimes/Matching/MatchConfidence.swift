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
///
/// The normalization goes through Foundation's folding, costly next to the comparisons it serves; matching a
/// day's shows to films and theaters asks for the same few hundred names over and over, so keys are remembered
/// (``NameKeyMemo``).
public enum NameKey {
    /// Lower case, no accents, parenthesized parts dropped, `&` read as "and", only letters and digits kept,
    /// single spaces: "Kinopalatsi " → "kinopalatsi", "Amélie (2D)" → "amelie".
    public static func of(_ text: String) -> String { NameKeyMemo.shared.key(of: text) }

    /// ``of(_:)`` worked out (it depends on `text` alone).
    static func computed(_ text: String) -> String {
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

/// The name keys worked out lately, process-wide: ``NameKey/of(_:)`` depends on its text alone, so a key never
/// goes stale.
///
/// Two generations of at most ``generationLimit`` texts each: a full generation becomes the old one and the one
/// before it is dropped, and a text found in the old one moves to the new, so the names in use stay. Texts longer
/// than ``longestText`` bytes are not kept. Guarded by an `NSLock`: the server's handlers share it.
final class NameKeyMemo: @unchecked Sendable {
    static let shared = NameKeyMemo()
    /// A catalog's theater names, a region's film titles and a week's show titles fit in two generations.
    static let generationLimit = 8192
    /// The longest text kept, in UTF-8 bytes: titles and names are far shorter.
    static let longestText = 256

    private let lock = NSLock()
    private var current: [ExactText: String] = [:]
    private var previous: [ExactText: String] = [:]

    func key(of text: String) -> String {
        guard text.utf8.count <= Self.longestText else { return NameKey.computed(text) }
        let exact = ExactText(text)
        let kept = lock.withLock { () -> String? in
            if let key = current[exact] { return key }
            guard let key = previous[exact] else { return nil }
            keep(key, for: exact)
            return key
        }
        if let kept { return kept }
        let key = NameKey.computed(text)
        lock.withLock { keep(key, for: exact) }
        return key
    }

    /// Called with the lock held.
    private func keep(_ key: String, for text: ExactText) {
        if current.count >= Self.generationLimit {
            previous = current
            current = [:]
        }
        current[text] = key
    }
}

/// A text as a dictionary key by its exact UTF-8 bytes. Strings compare by canonical equivalence ("é" precomposed
/// equals "e" and a combining accent), which would hand a text the key, or the match, worked out for another
/// spelling of it; a memo must answer each exact text what working it out would.
struct ExactText: Hashable {
    let text: String

    init(_ text: String) { self.text = text }

    static func == (a: ExactText, b: ExactText) -> Bool { a.text.utf8.elementsEqual(b.text.utf8) }

    func hash(into hasher: inout Hasher) {
        hasher.combine(text.utf8.count)
        for byte in text.utf8 { hasher.combine(byte) }
    }
}
