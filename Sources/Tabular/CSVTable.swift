import Basics
import Foundation

/// A CSV text read as a header row and data rows, for files whose first row names the columns.
public struct CSVTable: Sendable {
    /// The header row, each name trimmed.
    public let header: [String]
    /// The data rows, with the line each starts on.
    public let records: [CSV.Record]

    /// The data rows' fields.
    public var rows: [[String]] { records.map(\.fields) }

    /// Parses `text`; `;` is the separator when the header line has more of them than commas.
    /// - Throws: ``CSVError`` when a quoted field is never closed.
    public init(text: String) throws {
        var body = Substring(text)
        if body.hasPrefix("\u{FEFF}") { body = body.dropFirst() }
        let firstLine = body.prefix { $0 != "\n" && $0 != "\r\n" && $0 != "\r" }
        let separator: Unicode.Scalar =
            firstLine.filter { $0 == ";" }.count > firstLine.filter { $0 == "," }.count ? ";" : ","
        let all = try CSV.parse(String(body), separator: separator)
        header = all.first?.fields.map { $0.trimmingSpaces() } ?? []
        records = Array(all.dropFirst())
    }

    /// The position of the first column whose lower-cased name is one of `names`.
    public func column(_ names: String...) -> Int? {
        let lowered = header.map { $0.lowercased() }
        for name in names { if let i = lowered.firstIndex(of: name) { return i } }
        return nil
    }

    /// One CSV line from fields (no line ending).
    public static func line(_ fields: [String]) -> String { CSV.line(fields) }
}
