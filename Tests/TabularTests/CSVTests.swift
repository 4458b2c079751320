import Foundation
import Testing

import Tabular

@Suite struct CSVTests {
    @Test func quotedFieldsHoldCommasQuotesAndLineBreaks() throws {
        let text = "\u{FEFF}a,b,c\r\n\"x, y\",\"say \"\"hi\"\"\",\"two\nlines\"\r\nlast,,\n"

        let records = try CSV.parse(text)

        #expect(records.map(\.fields) == [["a", "b", "c"], ["x, y", "say \"hi\"", "two\nlines"], ["last", "", ""]])
        #expect(records.map(\.line) == [1, 2, 4])
    }

    @Test func blankLinesAreSkippedAndAMissingFinalLineBreakIsFine() throws {
        #expect(try CSV.parse("a\n\n\nb").map(\.fields) == [["a"], ["b"]])
        #expect(try CSV.parse("a\rb\r").map(\.fields) == [["a"], ["b"]])
        #expect(try CSV.parse("\"\"").map(\.fields) == [[""]])
        #expect(try CSV.parse("").isEmpty)
    }

    @Test func anUnclosedQuoteIsAnErrorNamingItsLine() {
        #expect(throws: CSVError.unclosedQuote(line: 2)) {
            try CSV.parse("a\n\"open\nstill open")
        }
    }

    @Test func writtenCSVReadsBackTheSame() throws {
        let rows = [
            ["Date", "Name"], ["2024-01-01", "Robert'); DROP TABLE film;--"], ["", "a,b \"c\"\nd"], [" x ", "é"],
        ]
        let text = CSV.write(rows)
        #expect(text.hasPrefix("Date,Name\n2024-01-01,Robert'); DROP TABLE film;--\n,\"a,b \"\"c\"\"\nd\"\n"))
        #expect(try CSV.parse(text).map(\.fields) == rows)
    }

    @Test func fieldsKeepEveryCharacterBetweenSeparatorsAsWritten() throws {
        let text = "Kesäkino Engel;Sofiankatu 4 \"C\";Ålandsgatan 🎬\r\n\"Bio; Rex\"x;é\u{301};\r"

        let records = try CSV.parse(text, separator: ";")

        #expect(records.map(\.fields) == [
            ["Kesäkino Engel", "Sofiankatu 4 \"C\"", "Ålandsgatan 🎬"], ["Bio; Rexx", "é\u{301}", ""],
        ])
        #expect(records.map(\.line) == [1, 2])
    }
}
