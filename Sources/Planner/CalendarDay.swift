import Foundation
import Showtimes

/// A date without a time: a release day, as TMDb gives it ("2026-12-04").
public struct CalendarDay: Hashable, Comparable, Sendable, Codable, CustomStringConvertible {
    public let year: Int
    public let month: Int
    public let day: Int

    /// Reads "YYYY-MM-DD" (a TMDb `release_date`, or the date part of an ISO 8601 timestamp).
    public init?(_ text: String) {
        let parts = text.prefix(10).split(separator: "-")
        guard parts.count == 3, let y = Int(parts[0]), let m = Int(parts[1]), let d = Int(parts[2]),
            (1...12).contains(m), (1...31).contains(d)
        else { return nil }
        self.init(year: y, month: m, day: d)
    }

    public init(year: Int, month: Int, day: Int) {
        self.year = year
        self.month = month
        self.day = day
    }

    /// The day `date` falls on in `timeZone`.
    /// (Read as ``LocalClock`` reads a wall clock: by arithmetic where the Gregorian calendar agrees, whose first
    /// use in a command scans every protocol conformance in the binary.)
    public init(_ date: Date, in timeZone: TimeZone) {
        let clock = LocalClock.wallClock(of: date, in: timeZone)
        self.init(year: clock.year, month: clock.month, day: clock.day)
    }

    /// Whole days from `self` to `other` (positive when `other` is later).
    public func days(until other: CalendarDay) -> Int {
        other.julianDayNumber - julianDayNumber
    }

    /// The day `n` days later (or earlier, for negative `n`).
    public func adding(days n: Int) -> CalendarDay {
        CalendarDay(julianDayNumber: julianDayNumber + n)
    }

    /// "2026-12-04" (written without `String(format:)`: a day's shows write it for each late show).
    public var description: String { LocalClock.dayText(year: year, month: month, day: day) }

    /// "20261204", the iCalendar DATE form (RFC 5545 §3.3.4).
    public var basicFormat: String { String(format: "%04d%02d%02d", year, month, day) }

    public static func < (a: CalendarDay, b: CalendarDay) -> Bool { a.julianDayNumber < b.julianDayNumber }

    /// The Julian Day Number of the proleptic Gregorian date (Fliegel & Van Flandern, 1968).
    var julianDayNumber: Int {
        let a = (14 - month) / 12
        let y = year + 4800 - a
        let m = month + 12 * a - 3
        return day + (153 * m + 2) / 5 + 365 * y + y / 4 - y / 100 + y / 400 - 32045
    }

    init(julianDayNumber jdn: Int) {
        let a = jdn + 32044
        let b = (4 * a + 3) / 146097
        let c = a - 146097 * b / 4
        let d = (4 * c + 3) / 1461
        let e = c - 1461 * d / 4
        let m = (5 * e + 2) / 153
        self.init(year: 100 * b + d - 4800 + m / 10, month: m + 3 - 12 * (m / 10), day: e - (153 * m + 2) / 5 + 1)
    }
}
