import Basics
import Foundation

/// Helpers for calendar days written `YYYY-MM-DD`, the form the store keeps release and watched dates in.
public enum Day {
    /// Returns whether `text` is a valid calendar day written `YYYY-MM-DD` (Gregorian, leap years included).
    public static func isValid(_ text: String) -> Bool {
        parts(text) != nil
    }

    /// Returns `text` if it is a valid day, or throws ``WatchlistError/invalidDay(_:)``.
    public static func validated(_ text: String) throws -> String {
        guard isValid(text) else { throw WatchlistError.invalidDay(text) }
        return text
    }

    /// The day of `date` in UTC, written `YYYY-MM-DD`.
    ///
    /// From 1583 to 9999 by arithmetic (``CivilDay/calendarYears``): a command's first Gregorian `Calendar`
    /// builds Foundation's calendar and time zone caches, each a run-time check of a generic requirement, a scan of
    /// every protocol conformance in the binary. Other years keep the calendar, which is Julian before October 1582.
    public static func string(from date: Date) -> String {
        if CivilDay.calendarSeconds.contains(date.timeIntervalSince1970) {
            let (year, month, day) = CivilDay.date(seconds: date.timeIntervalSince1970)
            return CivilDay.text(year: year, month: month, day: day)
        }
        let components = utcCalendar.dateComponents([.year, .month, .day], from: date)
        return padded(components.year ?? 0, 4) + "-" + padded(components.month ?? 0, 2) + "-"
            + padded(components.day ?? 0, 2)
    }

    /// `value` as `%0<width>d` writes it: zeros before a shorter number, a longer one whole. Every list reads
    /// today's day, and a first `String(format:)` costs a command its NSString and locale set-up.
    static func padded(_ value: Int, _ width: Int) -> String {
        let digits = String(value.magnitude)
        let sign = value < 0 ? "-" : ""
        let zeros = max(0, width - sign.count - digits.count)
        return sign + String(repeating: "0", count: zeros) + digits
    }

    /// Midnight UTC at the start of the day `text`, or nil when `text` is not a valid day.
    public static func date(from text: String) -> Date? {
        guard let (year, month, day) = parts(text) else { return nil }
        if CivilDay.calendarYears.contains(year) {
            return Date(timeIntervalSince1970: CivilDay.seconds(year: year, month: month, day: day))
        }
        return utcCalendar.date(from: DateComponents(year: year, month: month, day: day))
    }

    static let utcCalendar: Calendar = {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        return calendar
    }()

    private static func parts(_ text: String) -> (Int, Int, Int)? {
        let utf8 = Array(text.utf8)
        guard utf8.count == 10, utf8[4] == UInt8(ascii: "-"), utf8[7] == UInt8(ascii: "-") else { return nil }
        func number(_ range: Range<Int>) -> Int? {
            var value = 0
            for byte in utf8[range] {
                guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
                value = value * 10 + Int(byte - UInt8(ascii: "0"))
            }
            return value
        }
        guard let year = number(0..<4), let month = number(5..<7), let day = number(8..<10),
            (1...12).contains(month), day >= 1
        else { return nil }
        let isLeap = (year % 4 == 0 && year % 100 != 0) || year % 400 == 0
        let lengths = [31, isLeap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]
        guard day <= lengths[month - 1] else { return nil }
        return (year, month, day)
    }
}
