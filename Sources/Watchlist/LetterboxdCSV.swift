import Foundation
import Tabular

/// The Letterboxd watchlist CSV: `Date,Name,Year,Letterboxd URI`.
public enum LetterboxdCSV {
    /// The header Letterboxd writes and planner exports.
    public static let header = ["Date", "Name", "Year", "Letterboxd URI"]

    /// One data row of a Letterboxd CSV.
    public struct Row: Equatable, Sendable {
        /// The 1-based line the row starts on.
        public var line: Int
        /// The day it was added (`YYYY-MM-DD`), when the row has a valid one.
        public var date: String?
        /// The title.
        public var name: String
        /// The year text as written (may be empty or invalid).
        public var yearText: String
        /// The Letterboxd URI, when present.
        public var uri: String?
    }

    /// Whether `text` starts like a Letterboxd CSV: a header row with a `Name` column.
    public static func looksLikeLetterboxd(_ text: String) -> Bool {
        let firstLine = text.drop { $0 == "\u{FEFF}" }.prefix { $0 != "\n" && $0 != "\r" }
        return firstLine.split(separator: ",").contains {
            $0.trimmingCharacters(in: CharacterSet(charactersIn: "\" ")).lowercased() == "name"
        }
    }

    /// Parses the rows of a Letterboxd CSV, finding columns by header name (any order, case-insensitive).
    /// - Throws: ``WatchlistError/invalidCSV(line:reason:)`` when the text is not CSV or lacks a `Name` column.
    public static func parse(_ text: String) throws -> [Row] {
        let records: [CSV.Record]
        do {
            records = try CSV.parse(text)
        } catch CSVError.unclosedQuote(let line) {
            throw WatchlistError.invalidCSV(line: line, reason: "a quoted field is never closed")
        }
        guard let headerRecord = records.first else {
            throw WatchlistError.invalidCSV(line: 1, reason: "the file is empty")
        }
        let names = headerRecord.fields.map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
        guard let nameIndex = names.firstIndex(of: "name") else {
            throw WatchlistError.invalidCSV(line: headerRecord.line, reason: "the header has no Name column")
        }
        let dateIndex = names.firstIndex(of: "date")
        let yearIndex = names.firstIndex(of: "year")
        let uriIndex = names.firstIndex(of: "letterboxd uri")
        return try records.dropFirst().map { record in
            for value in record.fields {
                if let reason = InputLimits.violation("a field", value, isName: false) {
                    throw WatchlistError.invalidCSV(line: record.line, reason: reason)
                }
            }
            if nameIndex < record.fields.count,
                let reason = InputLimits.violation("Name", record.fields[nameIndex], isName: true)
            {
                throw WatchlistError.invalidCSV(line: record.line, reason: reason)
            }
            func field(_ index: Int?) -> String? {
                guard let index, index < record.fields.count else { return nil }
                return record.fields[index].trimmingCharacters(in: .whitespacesAndNewlines)
            }
            let date = field(dateIndex).flatMap { Day.isValid($0) ? $0 : nil }
            return Row(
                line: record.line, date: date, name: field(nameIndex) ?? "", yearText: field(yearIndex) ?? "",
                uri: field(uriIndex).flatMap { $0.isEmpty ? nil : $0 })
        }
    }

    /// Writes list items as a Letterboxd CSV, oldest first. planner keeps no Letterboxd URI, so that column is empty.
    public static func write(_ items: [ListItem]) -> String {
        let sorted = items.sorted { ($0.addedAt, $0.film.id) < ($1.addedAt, $1.film.id) }
        let rows = sorted.map { item in
            [Day.string(from: item.addedAt), item.film.title, item.film.year.map(String.init) ?? "", ""]
        }
        return CSV.write([header] + rows)
    }
}
