import Basics
import Foundation
import Testing

@Suite("Trimming spaces")
struct TrimmingSpacesTests {
    @Test func trimsExactlyWhatFoundationTrimsAsWhitespace() {
        let pieces = ["", " ", "\t", "\n", "\u{A0}", "\u{2003}", "\u{3000}", "\u{200B}", "\u{2028}", "a", "é", "Kino", " x y "]
        var checked = 0
        for a in pieces { for b in pieces { for c in pieces {
            let value = a + b + c
            #expect(value.trimmingSpaces() == value.trimmingCharacters(in: .whitespaces), "\(Array(value.unicodeScalars))")
            checked += 1
        } } }
        #expect(checked == 2_197)
    }

    /// Every scalar of the Basic Multilingual Plane, at both ends and inside, and the pieces above combined.
    @Test func trimsExactlyWhatFoundationTrimsAsWhitespaceAndNewlines() {
        var differing: [UInt32] = []
        for value in UInt32(0)...0xFFFF {
            guard let scalar = Unicode.Scalar(value) else { continue }
            let text = "\(Character(scalar))a\(Character(scalar))b\(Character(scalar))"
            if text.trimmingWhitespaceAndNewlines() != text.trimmingCharacters(in: .whitespacesAndNewlines) {
                differing.append(value)
            }
        }
        #expect(differing.isEmpty, "differ from Foundation: \(differing.map { String($0, radix: 16) })")
        let pieces = ["", " ", "\r\n", "\n", "\u{85}", "\u{A0}", "\u{2029}", "\u{200B}", "\u{2028}", "a", " x\ny "]
        for a in pieces { for b in pieces { for c in pieces {
            let value = a + b + c
            #expect(value.trimmingWhitespaceAndNewlines() == value.trimmingCharacters(in: .whitespacesAndNewlines))
        } } }
    }
}
