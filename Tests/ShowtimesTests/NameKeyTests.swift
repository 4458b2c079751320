import Basics
import Foundation
import Testing

@testable import Showtimes

@Suite("Name keys worked out byte by byte")
struct NameKeyTests {
    /// Every scalar the plain path reads, and a few it leaves to Foundation.
    static let plainAlphabet: [Unicode.Scalar] =
        (0..<0x80).compactMap(Unicode.Scalar.init)
        + "ÀÁÂÃÄÅàáâãäåÇçÈÉÊËèéêëÌÍÎÏìíîïÑñÒÓÔÕÖòóôõöÙÚÛÜùúûüÝýÿ".unicodeScalars

    @Test func eachPlainScalarAloneAndBetweenLettersKeysAsFoundationFoldsIt() throws {
        for scalar in Self.plainAlphabet {
            for text in ["\(scalar)", "Kino\(scalar)Rex", "(\(scalar))x", "\(scalar)\(scalar) & \(scalar)"] {
                let plain = try #require(NameKey.plainKey(text), "\(text.debugDescription) is plain")
                #expect(plain == NameKey.foldedKey(text), "\(text.debugDescription)")
            }
        }
    }

    @Test func randomPlainTextsKeyAsFoundationFoldsThem() throws {
        var generator = SplitMix64(seed: 20_261_206)
        let weighted = Self.plainAlphabet + Array("  ()[]&aeiouKk12".unicodeScalars)
        for _ in 0..<4_000 {
            let length = Int.random(in: 0...16, using: &generator)
            var text = ""
            for _ in 0..<length { text.unicodeScalars.append(weighted.randomElement(using: &generator)!) }
            let plain = try #require(NameKey.plainKey(text))
            #expect(plain == NameKey.foldedKey(text), "\(text.debugDescription)")
        }
    }

    @Test func realNamesKeyAsBefore() {
        let names: [String: String] = [
            "Kinopalatsi ": "kinopalatsi", "Amélie (2D)": "amelie", "Kesäkino Engel": "kesakino engel",
            "Tennispalatsi, Helsinki": "tennispalatsi helsinki", "Bio Rex & Friends [3D]": "bio rex and friends",
            "Åland's Bio": "aland s bio", "FINNKINO OMENA": "finnkino omena",
        ]
        for (name, key) in names {
            #expect(NameKey.computed(name) == key)
            #expect(NameKey.foldedKey(name) == key)
        }
    }

    @Test func textsBeyondThePlainAlphabetAreLeftToFoundation() {
        for text in ["Smørrebrød", "Straße", "Ærø", "Ｆｕｌｌ", "e\u{301}", "(\u{301}x)", "Кино", "µ", "½", "a\u{A0}b"] {
            #expect(NameKey.plainKey(text) == nil, "\(text.debugDescription)")
            #expect(NameKey.computed(text) == NameKey.foldedKey(text))
        }
    }
}
