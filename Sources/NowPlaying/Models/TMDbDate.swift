import Basics
import Foundation

/// Parses TMDb's dates: `1999-10-15` in lists, `1999-10-15T00:00:00.000Z` in release dates.
enum TMDbDate {
    private static let calendar: Calendar = {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        return calendar
    }()

    /// The day at UTC midnight, or nil for an empty or unreadable string.
    static func parse(_ text: String?) -> Date? {
        guard let text, text.count >= 10 else { return nil }
        let parts = text.prefix(10).split(separator: "-")
        guard parts.count == 3, let year = Int(parts[0]), let month = Int(parts[1]), let day = Int(parts[2]),
            (1...12).contains(month), (1...31).contains(day)
        else { return nil }
        // By arithmetic where it agrees with the calendar (a day past a month's end rolls over as the calendar's
        // does): a command's first Gregorian calendar builds Foundation's calendar cache, a run-time check of a
        // generic requirement that scans every protocol conformance in the binary.
        if CivilDay.calendarYears.contains(year) {
            return Date(timeIntervalSince1970: CivilDay.seconds(year: year, month: month, day: day))
        }
        return calendar.date(from: DateComponents(year: year, month: month, day: day))
    }

    /// The year of a date, in UTC.
    static func year(of date: Date) -> Int {
        if CivilDay.calendarSeconds.contains(date.timeIntervalSince1970) {
            return CivilDay.date(seconds: date.timeIntervalSince1970).year
        }
        return calendar.component(.year, from: date)
    }
}

extension KeyedDecodingContainer {
    /// A TMDb date that may be missing, null, empty or odd: all of those give nil.
    func decodeTMDbDate(forKey key: Key) throws -> Date? {
        TMDbDate.parse(try decodeIfPresent(String.self, forKey: key))
    }
}
