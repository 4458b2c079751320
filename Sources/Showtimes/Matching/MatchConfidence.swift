import Basics
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
        plainKey(text) ?? foldedKey(text)
    }

    /// What ``foldedKey(_:)`` answers, for a text of ASCII and the accented Latin-1 letters that fold to one ASCII
    /// letter (the names and titles of most cinemas), worked out byte by byte; nil for any other text. Tests hold
    /// the two equal over that alphabet.
    static func plainKey(_ text: String) -> String? {
        var key: [UInt8] = []
        key.reserveCapacity(text.utf8.count)
        var depth = 0
        var wordEnded = false
        func append(_ byte: UInt8) {
            if wordEnded && !key.isEmpty { key.append(0x20) }
            wordEnded = false
            key.append(byte)
        }
        for scalar in text.unicodeScalars {
            guard scalar.value < 0x100 else { return nil }
            let folded = plainFolding[Int(scalar.value)]
            switch folded {
            case Plain.unsupported: return nil
            case Plain.open: depth += 1
            case Plain.close: depth = max(0, depth - 1)
            case _ where depth > 0: continue
            case Plain.separator: wordEnded = true
            case Plain.ampersand:
                wordEnded = true
                for byte in "and".utf8 { append(byte) }
                wordEnded = true
            default: append(folded)
            }
        }
        return String(decoding: key, as: UTF8.self)
    }

    /// The codes of ``plainFolding`` that are not a folded letter or digit.
    private enum Plain {
        static let unsupported: UInt8 = 0
        static let separator: UInt8 = 1
        static let ampersand: UInt8 = 2
        static let open: UInt8 = 3
        static let close: UInt8 = 4
    }

    /// For each scalar below U+0100: the ASCII letter or digit it folds to, or a ``Plain`` code. Letters with a
    /// diacritic fold to their base letter (Unicode's canonical decompositions); æ, ð, ø, þ, ß and the symbols,
    /// signs and spaces above ASCII are left to Foundation.
    private static let plainFolding: [UInt8] = {
        var table = [UInt8](repeating: Plain.unsupported, count: 0x100)
        for value in 0..<0x80 { table[value] = Plain.separator }
        for value in UInt8(ascii: "a")...UInt8(ascii: "z") { table[Int(value)] = value }
        for value in UInt8(ascii: "A")...UInt8(ascii: "Z") { table[Int(value)] = value + 0x20 }
        for value in UInt8(ascii: "0")...UInt8(ascii: "9") { table[Int(value)] = value }
        table[Int(UInt8(ascii: "&"))] = Plain.ampersand
        for byte in "([".utf8 { table[Int(byte)] = Plain.open }
        for byte in ")]".utf8 { table[Int(byte)] = Plain.close }
        let accented: [(String, String)] = [
            ("ÀÁÂÃÄÅàáâãäå", "a"), ("Çç", "c"), ("ÈÉÊËèéêë", "e"), ("ÌÍÎÏìíîï", "i"), ("Ññ", "n"),
            ("ÒÓÔÕÖòóôõö", "o"), ("ÙÚÛÜùúûü", "u"), ("Ýýÿ", "y"),
        ]
        for (letters, base) in accented {
            for scalar in letters.unicodeScalars { table[Int(scalar.value)] = base.utf8.first! }
        }
        return table
    }()

    /// ``of(_:)`` through Foundation's folding, for any text.
    static func foldedKey(_ text: String) -> String {
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
