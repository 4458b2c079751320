import Foundation
import Testing

@testable import PlannerApp

/// A table's lines lose their trailing white space by a look at their last characters, no longer by a regular
/// expression compiled for every line: what is removed must be what `\s+$` removed.
@Suite struct TextTableTests {
    /// The former way.
    static func trimmedByRegularExpression(_ text: String) -> String {
        text.replacingOccurrences(of: "\\s+$", with: "", options: .regularExpression)
    }

    @Test func trailingSpaceGoesAsTheRegularExpressionTookIt() {
        // Given pieces of text: ASCII and Unicode spaces, separators, controls that are not \s, combining marks
        let pieces = [
            "", " ", "  ", "\t", "\n", "\r\n", "\u{0C}", "\u{0B}", "\u{1F}", "\u{85}", "\u{A0}", "\u{3000}", "\u{2028}",
            "\u{2029}", "\u{200B}", "\u{FEFF}", "\u{0301}", "a", "Kinopalatsi", "Kesäkino", "映画館", "🎬", "9 min",
        ]
        // When every pair and triple of them is trimmed both ways, then the results are the same
        for first in pieces {
            for second in pieces {
                for third in ["", " ", "\u{3000}", "x", "\u{0301}"] {
                    let text = first + second + third
                    #expect(
                        TextTable.trimmingTrailingSpace(text) == Self.trimmedByRegularExpression(text),
                        "\(text.unicodeScalars.map { String($0.value, radix: 16) })")
                }
            }
        }
    }

    @Test func aTableWithAnEmptyLastCellEndsItsLineAtTheLastCharacter() {
        // Given a table whose last column is empty on one row
        var table = TextTable(headers: ["#", "Name", "Address"], alignments: [.left, .left, .left])
        table.rows = [["1", "Bio Rex", ""], ["2", "Kinopalatsi", "Kaisaniemenkatu 2"]]
        // When it is rendered, then no line ends in a space
        let lines = table.render().split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines == ["#  Name         Address", "1  Bio Rex", "2  Kinopalatsi  Kaisaniemenkatu 2"])
    }
}
