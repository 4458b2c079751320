import Foundation
import Theaters
import Tabular

/// Reads shows from a file in the generic import format, CSV or JSON, with the columns
/// `theater,title,year,start,end,auditorium,url` (and optionally `time_zone`, an IANA zone).
///
/// `start` and `end` are ISO 8601 with an offset (`2026-11-22T18:30:00+02:00`). Without `time_zone`, times are
/// shown at the offset `start` was written with. Every row is checked before anything is returned, so that a bad
/// row means nothing is imported.
///
/// ```swift
/// let shows = try ShowImport.shows(from: data, fileName: "shows.csv")
/// try await store.saveImported(shows)
/// ```
public enum ShowImport {
    /// The columns a file must have.
    public static let requiredColumns = ["theater", "title", "start"]

    /// The shows in `data`: JSON when the file name ends `.json` or the text starts with `[`, else CSV.
    /// - Throws: ``ShowtimesError/invalidImport(line:reason:)``, naming the first bad row.
    public static func shows(from data: Data, fileName: String) throws -> [Show] {
        guard let text = String(data: data, encoding: .utf8) else {
            throw ShowtimesError.invalidImport(line: 0, reason: "the file is not UTF-8 text")
        }
        let trimmed = text.drop(while: { $0.isWhitespace || $0 == "\u{FEFF}" })
        if fileName.lowercased().hasSuffix(".json") || trimmed.first == "[" {
            return try fromJSON(Data(trimmed.utf8))
        }
        return try fromCSV(String(trimmed))
    }

    static func fromCSV(_ text: String) throws -> [Show] {
        let table: CSVTable
        do {
            table = try CSVTable(text: text)
        } catch CSVError.unclosedQuote(let line) {
            throw ShowtimesError.invalidImport(line: line, reason: "a quoted field is never closed")
        }
        let header = table.header.map { $0.lowercased() }
        for name in requiredColumns where !header.contains(name) {
            throw ShowtimesError.invalidImport(line: 1, reason: "the header has no '\(name)' column")
        }
        return try table.rows.enumerated().compactMap { index, fields in
            if fields.allSatisfy({ $0.trimmingCharacters(in: .whitespaces).isEmpty }) { return nil }
            var row: [String: String] = [:]
            for (i, name) in header.enumerated() where i < fields.count {
                let value = fields[i].trimmingCharacters(in: .whitespaces)
                if !value.isEmpty { row[name] = value }
            }
            return try show(row, line: index + 2)
        }
    }

    static func fromJSON(_ data: Data) throws -> [Show] {
        guard let array = try? JSONSerialization.jsonObject(with: data) as? [[String: Any]] else {
            throw ShowtimesError.invalidImport(line: 0, reason: "the JSON is not an array of objects")
        }
        return try array.enumerated().map { index, object in
            var row: [String: String] = [:]
            for (key, value) in object {
                switch value {
                case let text as String where !text.trimmingCharacters(in: .whitespaces).isEmpty:
                    row[key.lowercased()] = text.trimmingCharacters(in: .whitespaces)
                case let number as NSNumber: row[key.lowercased()] = number.stringValue
                default: break
                }
            }
            return try show(row, line: index + 1)
        }
    }

    /// One row as a show; `line` is the CSV line, or the JSON element counted from 1.
    static func show(_ row: [String: String], line: Int) throws -> Show {
        func fail(_ reason: String) -> ShowtimesError { .invalidImport(line: line, reason: reason) }
        guard let theater = row["theater"] else { throw fail("no theater") }
        guard let title = row["title"] else { throw fail("no title") }
        guard let startText = row["start"] else { throw fail("no start") }
        for (field, value) in row.sorted(by: { $0.key < $1.key }) {
            let isName = field == "theater" || field == "title"
            if let reason = InputLimits.violation(field, value, isName: isName) { throw fail(reason) }
        }
        guard let start = LocalClock.instant(iso8601: startText) else {
            throw fail("start '\(startText)' is not ISO 8601 with an offset, such as 2026-11-22T18:30:00+02:00")
        }
        var end: Date?
        if let endText = row["end"] {
            guard let parsed = LocalClock.instant(iso8601: endText) else {
                throw fail("end '\(endText)' is not ISO 8601 with an offset")
            }
            guard parsed > start else { throw fail("end \(endText) is not after start \(startText)") }
            end = parsed
        }
        var year: Int?
        if let yearText = row["year"] {
            guard let value = Int(yearText), (1870...2200).contains(value) else {
                throw fail("year '\(yearText)' is not a year")
            }
            year = value
        }
        let zone: String
        if let name = row["time_zone"] {
            guard TimeZone(identifier: name) != nil else { throw fail("time_zone '\(name)' is not an IANA time zone") }
            zone = name
        } else {
            zone = fixedOffsetZone(of: startText)
        }
        return Show(
            provider: "import", providerTheaterID: theater, providerTheaterName: theater, title: title, year: year,
            start: start, end: end, timeZoneIdentifier: zone, auditorium: row["auditorium"], bookingURL: row["url"])
    }

    /// The zone `GMT+0200` for a timestamp written with `+02:00` (`UTC` for `Z`).
    static func fixedOffsetZone(of text: String) -> String {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        if trimmed.hasSuffix("Z") || trimmed.hasSuffix("z") { return "UTC" }
        let suffix = trimmed.suffix(6)
        guard suffix.count == 6, let sign = suffix.first, sign == "+" || sign == "-",
            let hours = Int(suffix.dropFirst().prefix(2)), let minutes = Int(suffix.suffix(2))
        else { return "UTC" }
        let seconds = (hours * 3600 + minutes * 60) * (sign == "-" ? -1 : 1)
        return TimeZone(secondsFromGMT: seconds)?.identifier ?? "UTC"
    }
}
