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
}
