import Foundation

/// Why a text is not CSV.
public enum CSVError: Error, Equatable, Sendable, CustomStringConvertible {
    /// A quoted field opened on this line is never closed.
    case unclosedQuote(line: Int)

    public var description: String {
        switch self {
        case .unclosedQuote(let line): "line \(line): a quoted field is never closed"
        }
    }
}

/// A small RFC 4180 CSV reader and writer: quoted fields, doubled quotes, separators and line breaks inside
/// quotes, CRLF, LF or CR line endings, and a leading byte order mark. The one CSV code of the package: catalogs,
/// the gazetteer, Letterboxd files, show imports and every `--format csv` go through it.
public enum CSV {
    /// One record of a CSV text.
    public struct Record: Equatable, Sendable {
        /// The 1-based line the record starts on.
        public var line: Int
        /// The fields, unquoted.
        public var fields: [String]

        public init(line: Int, fields: [String]) {
            self.line = line
            self.fields = fields
        }
    }

    /// Parses CSV text into records. Blank lines are skipped.
    ///
    /// Lenient where RFC 4180 is silent: a quote inside an unquoted field is kept as a character, and text right
    /// after a closing quote is appended to the field.
    /// - Parameter separator: `,` by default; `;` for files that use it (French open data, for one). ASCII.
    /// - Throws: ``CSVError/unclosedQuote(line:)`` for a quote left open at the end.
    public static func parse(_ text: String, separator: Unicode.Scalar = ",") throws -> [Record] {
        precondition(separator.isASCII, "a CSV separator is an ASCII character")
        var text = text
        // Every character CSV gives a meaning to is ASCII, so the UTF-8 bytes are read one by one: a field is cut
        // only beside an ASCII byte, never inside a character.
        return try text.withUTF8 { try parse(bytes: $0, separator: UInt8(separator.value)) }
    }

    private static func parse(bytes: UnsafeBufferPointer<UInt8>, separator: UInt8) throws -> [Record] {
        let quote = UInt8(ascii: "\""), cr = UInt8(ascii: "\r"), lf = UInt8(ascii: "\n")
        var records: [Record] = []
        var fields: [String] = []
        var field: [UInt8] = []
        var line = 1
        var recordLine = 1
        var quoteLine = 1
        var inQuotes = false
        var fieldWasQuoted = false
        // A byte order mark (U+FEFF, EF BB BF in UTF-8) at the start is not part of the first field.
        var index = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0

        func endField() {
            fields.append(String(decoding: field, as: UTF8.self))
            field.removeAll(keepingCapacity: true)
            fieldWasQuoted = false
        }
        func endRecord() {
            let isBlankLine = fields.isEmpty && field.isEmpty && !fieldWasQuoted
            endField()
            if !isBlankLine {
                records.append(Record(line: recordLine, fields: fields))
            }
            fields = []
        }

        while index < bytes.count {
            let byte = bytes[index]
            index += 1
            if inQuotes {
                if byte == quote {
                    if index < bytes.count && bytes[index] == quote {
                        field.append(quote)
                        index += 1
                    } else {
                        inQuotes = false
                    }
                } else {
                    if byte == lf || (byte == cr && (index == bytes.count || bytes[index] != lf)) {
                        line += 1
                    }
                    field.append(byte)
                }
                continue
            }
            switch byte {
            case quote where field.isEmpty && !fieldWasQuoted:
                inQuotes = true
                fieldWasQuoted = true
                quoteLine = line
            case separator:
                endField()
            case cr, lf:
                if byte == cr && index < bytes.count && bytes[index] == lf {
                    index += 1
                }
                endRecord()
                line += 1
                recordLine = line
            default:
                field.append(byte)
            }
        }
        if inQuotes {
            throw CSVError.unclosedQuote(line: quoteLine)
        }
        if !field.isEmpty || !fields.isEmpty || fieldWasQuoted { endRecord() }
        return records
    }

    /// Writes records as CSV, quoting only the fields that need it, each record ended by `lineEnding`.
    public static func write(_ rows: [[String]], lineEnding: String = "\n") -> String {
        rows.map { $0.map(quoted).joined(separator: ",") + lineEnding }.joined()
    }

    /// One line of fields, quoted where needed, without a line ending.
    public static func line(_ fields: [String]) -> String {
        fields.map(quoted).joined(separator: ",")
    }

    /// A field quoted when it holds a comma, a quote, a line break or leading/trailing spaces.
    public static func quoted(_ field: String) -> String {
        let needsQuotes =
            field.unicodeScalars.contains { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" }
            || field.hasPrefix(" ") || field.hasSuffix(" ")
        guard needsQuotes else { return field }
        return "\"" + field.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }
}
