import Foundation

/// A plain-text table with aligned columns, for people.
package struct TextTable {
    package enum Alignment { case left, right }

    package var headers: [String]
    package var alignments: [Alignment]
    package var rows: [[String]] = []
    /// A line printed under a row (by row index), indented past the first column: an overview, a review.
    package var details: [Int: String] = [:]

    package func render() -> String {
        var widths = headers.map(Self.displayWidth)
        for row in rows {
            for (i, cell) in row.enumerated() where i < widths.count { widths[i] = max(widths[i], Self.displayWidth(cell)) }
        }
        func line(_ cells: [String]) -> String {
            let joined = cells.enumerated().map { i, cell in
                let pad = String(repeating: " ", count: max(0, widths[i] - Self.displayWidth(cell)))
                return alignments[i] == .right ? pad + cell : (i == cells.count - 1 ? cell : cell + pad)
            }.joined(separator: "  ")
            // An empty last cell leaves no trailing spaces.
            return Self.trimmingTrailingSpace(joined)
        }
        let indent = String(repeating: " ", count: (widths.first ?? 0) + 2)
        let body = rows.enumerated().flatMap { index, row in [line(row)] + (details[index].map { [indent + $0] } ?? []) }
        return ([line(headers)] + body).joined(separator: "\n")
    }

    /// `text` without the white space at its end, as the regular expression `\s+$` finds it (ICU's `\s` is the
    /// Unicode White_Space property), but without compiling one for every line of every table.
    package static func trimmingTrailingSpace(_ text: String) -> String {
        let scalars = text.unicodeScalars
        var end = scalars.endIndex
        while end > scalars.startIndex, scalars[scalars.index(before: end)].properties.isWhitespace {
            end = scalars.index(before: end)
        }
        return end == scalars.endIndex ? text : String(scalars[..<end])
    }

    /// How many terminal columns `text` takes: East Asian wide and fullwidth characters take two
    /// (Unicode Standard Annex #11), combining marks none, everything else one.
    package static func displayWidth(_ text: String) -> Int {
        var width = 0
        for scalar in text.unicodeScalars {
            let v = scalar.value
            switch scalar.properties.generalCategory {
            case .nonspacingMark, .enclosingMark, .format: continue
            default: break
            }
            let wide =
                (0x1100...0x115F).contains(v) || (0x2E80...0x303E).contains(v) || (0x3041...0x33FF).contains(v)
                || (0x3400...0x4DBF).contains(v) || (0x4E00...0x9FFF).contains(v) || (0xA000...0xA4CF).contains(v)
                || (0xAC00...0xD7A3).contains(v) || (0xF900...0xFAFF).contains(v) || (0xFE30...0xFE4F).contains(v)
                || (0xFF00...0xFF60).contains(v) || (0xFFE0...0xFFE6).contains(v) || (0x1F300...0x1F64F).contains(v)
                || (0x1F900...0x1F9FF).contains(v) || (0x20000...0x3FFFD).contains(v)
            width += wide ? 2 : 1
        }
        return width
    }
    package init(headers: [String], alignments: [Alignment], rows: [[String]] = []) {
        self.headers = headers
        self.alignments = alignments
        self.rows = rows
    }

}
