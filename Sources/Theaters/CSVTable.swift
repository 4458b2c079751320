import Foundation

/// A small RFC 4180 reader: quoted fields, doubled quotes, commas and newlines inside quotes, a byte-order
/// mark, and `;` as the separator when the header line uses it (as French open-data files do).
public struct CSVTable: Sendable {
    /// The header row.
    public let header: [String]
    /// The data rows; each has as many fields as it had in the file.
    public let rows: [[String]]

    /// Parses `text`; the first row is the header.
    public init(text: String) {
        var body = Substring(text)
        if body.hasPrefix("\u{FEFF}") { body = body.dropFirst() }
        let firstLine = body.prefix { $0 != "\n" && $0 != "\r\n" }
        let separator: Character =
            firstLine.filter { $0 == ";" }.count > firstLine.filter { $0 == "," }.count ? ";" : ","
        var records = CSVTable.parse(body, separator: separator)
        while let last = records.last, last.count == 1, last[0].isEmpty { records.removeLast() }
        header = records.first?.map { $0.trimmingCharacters(in: .whitespaces) } ?? []
        rows = Array(records.dropFirst())
    }

    /// The position of the first header column whose lowercased name is one of `names`.
    public func column(_ names: String...) -> Int? {
        let lowered = header.map { $0.lowercased() }
        for name in names { if let i = lowered.firstIndex(of: name) { return i } }
        return nil
    }

    static func parse(_ text: Substring, separator: Character) -> [[String]] {
        var records: [[String]] = []
        var record: [String] = []
        var field = ""
        var inQuotes = false
        var iterator = text.makeIterator()
        var pending: Character? = nil
        func next() -> Character? {
            if let p = pending { pending = nil; return p }
            return iterator.next()
        }
        while let c = next() {
            if inQuotes {
                if c == "\"" {
                    if let following = next() {
                        if following == "\"" { field.append("\"") } else { inQuotes = false; pending = following }
                    } else {
                        inQuotes = false
                    }
                } else {
                    field.append(c)
                }
            } else if c == "\"" && field.isEmpty {
                inQuotes = true
            } else if c == separator {
                record.append(field)
                field = ""
            } else if c == "\n" || c == "\r\n" || c == "\r" {
                record.append(field)
                records.append(record)
                record = []
                field = ""
            } else {
                field.append(c)
            }
        }
        if !field.isEmpty || !record.isEmpty {
            record.append(field)
            records.append(record)
        }
        return records
    }

    /// Quotes a field for writing when it holds a comma, a quote or a line break.
    public static func escape(_ field: String) -> String {
        guard field.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" || $0 == "\r\n" }) else {
            return field
        }
        return "\"" + field.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }

    /// One CSV line (no terminator) from fields.
    public static func line(_ fields: [String]) -> String {
        fields.map(escape).joined(separator: ",")
    }
}
