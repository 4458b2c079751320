import Basics
import Foundation

/// Reading instants on a wall clock in a given zone.
///
/// A day's listing reads every show's clock several times (its cinema day, its start and end, the JSON's ISO
/// times), so the zones, their calendars and the text are made without Foundation's heavier machinery: a zone is
/// looked up once per identifier, a calendar made once per zone, and the fixed-width texts are written by hand
/// rather than by `String(format:)` or a new `ISO8601DateFormatter` each time. Where a hand-written text could
/// differ from Foundation's (a year outside 1583–9999, an offset with seconds, a fraction of a second), Foundation
/// writes it, as before.
public enum LocalClock {
    /// A Gregorian calendar in `zone`, made once per zone (a copy of the kept one).
    static func calendar(_ zone: TimeZone) -> Calendar { ClockTables.shared.calendar(zone) }

    /// The zone named `identifier` (`TimeZone(identifier:)`), looked up once per identifier; nil when unknown.
    public static func timeZone(identifier: String) -> TimeZone? { ClockTables.shared.timeZone(identifier) }

    /// `YYYY-MM-DD` of `date` in `zone`.
    public static func day(of date: Date, in zone: TimeZone) -> String {
        if let clock = arithmeticClock(of: date, in: zone) { return clock.dayText }
        let c = calendar(zone).dateComponents([.year, .month, .day], from: date)
        return dayText(year: c.year!, month: c.month!, day: c.day!)
    }

    /// `HH:MM` of `date` in `zone`.
    public static func time(of date: Date, in zone: TimeZone) -> String {
        let minutes = minutesPastMidnight(of: date, in: zone)
        return padded(minutes / 60, width: 2) + ":" + padded(minutes % 60, width: 2)
    }

    /// Minutes past local midnight of `date` in `zone`, as a wall clock reads it (0–1439).
    public static func minutesPastMidnight(of date: Date, in zone: TimeZone) -> Int {
        if let clock = arithmeticClock(of: date, in: zone) { return clock.minutesPastMidnight }
        let c = calendar(zone).dateComponents([.hour, .minute], from: date)
        return c.hour! * 60 + c.minute!
    }

    /// What a wall clock in one zone reads at one instant.
    public struct WallClock: Sendable, Equatable {
        public var year: Int
        public var month: Int
        public var day: Int
        public var hour: Int
        public var minute: Int

        /// Minutes past local midnight (0–1439).
        public var minutesPastMidnight: Int { hour * 60 + minute }
        /// `YYYY-MM-DD`, as ``LocalClock/day(of:in:)`` writes it.
        public var dayText: String { LocalClock.dayText(year: year, month: month, day: day) }
    }

    /// The date and time of `date` in `zone`, from one reading of the calendar: what ``day(of:in:)`` and
    /// ``minutesPastMidnight(of:in:)`` give, together.
    public static func wallClock(of date: Date, in zone: TimeZone) -> WallClock {
        if let clock = arithmeticClock(of: date, in: zone) { return clock }
        let c = calendar(zone).dateComponents([.year, .month, .day, .hour, .minute], from: date)
        return WallClock(year: c.year!, month: c.month!, day: c.day!, hour: c.hour!, minute: c.minute!)
    }

    /// The wall clock of `date` in `zone` from the zone's offset at that instant and the proleptic calendar's
    /// arithmetic, which is what Foundation's Gregorian calendar reads in the years 1583–9999 (before 1583 it
    /// counts Julian days); nil outside them, for the calendar to read. Far cheaper than `dateComponents`, which
    /// a day's listing calls for every show.
    static func arithmeticClock(of date: Date, in zone: TimeZone) -> WallClock? {
        let seconds = date.timeIntervalSince1970
        guard seconds.isFinite, abs(seconds) < 1e12 else { return nil }
        let local = Int(seconds.rounded(.down)) + zone.secondsFromGMT(for: date)
        let days = local >= 0 ? local / 86_400 : -((-local + 86_399) / 86_400)
        let secondOfDay = local - days * 86_400
        let (year, month, day) = civilDate(daysSince1970: days)
        guard (1583...9999).contains(year) else { return nil }
        return WallClock(year: year, month: month, day: day, hour: secondOfDay / 3600, minute: secondOfDay % 3600 / 60)
    }

    /// `date` as ISO 8601 with the offset of `zone`, as `ISO8601DateFormatter` writes it with
    /// `.withInternetDateTime`: `2026-11-22T18:30:00+02:00`, and `…Z` where the offset is zero.
    public static func iso8601(_ date: Date, in zone: TimeZone) -> String {
        iso8601(date, offsetSeconds: zone.secondsFromGMT(for: date), zone: zone)
    }

    /// `date` as ``iso8601(_:in:)`` writes it in GMT (`2026-11-22T16:30:00Z`), without asking the zone its offset.
    public static func iso8601GMT(_ date: Date) -> String { iso8601(date, offsetSeconds: 0, zone: nil) }

    private static let gmt = timeZone(identifier: "GMT")!

    /// The text for `date` at `offsetSeconds`, the offset of `zone` (nil: GMT) at that instant.
    private static func iso8601(_ date: Date, offsetSeconds: Int, zone: TimeZone?) -> String {
        let seconds = date.timeIntervalSince1970
        // The formatter's own work where the text written here could differ from its (see the type's comment).
        guard seconds.rounded(.down) == seconds, abs(seconds) < 1e12, offsetSeconds % 60 == 0 else {
            return ClockTables.shared.formatted(date, in: zone ?? gmt)
        }
        let local = Int(seconds) + offsetSeconds
        let days = local >= 0 ? local / 86_400 : -((-local + 86_399) / 86_400)
        let secondOfDay = local - days * 86_400
        let (year, month, day) = civilDate(daysSince1970: days)
        guard (1583...9999).contains(year) else { return ClockTables.shared.formatted(date, in: zone ?? gmt) }
        // Byte by byte into one buffer: a page of shows writes a time for each.
        var text: [UInt8] = []
        text.reserveCapacity(25)
        appendDay(year: year, month: month, day: day, to: &text)
        text.append(UInt8(ascii: "T"))
        appendDigits(secondOfDay / 3600, width: 2, to: &text)
        text.append(UInt8(ascii: ":"))
        appendDigits(secondOfDay % 3600 / 60, width: 2, to: &text)
        text.append(UInt8(ascii: ":"))
        appendDigits(secondOfDay % 60, width: 2, to: &text)
        if offsetSeconds == 0 {
            text.append(UInt8(ascii: "Z"))
        } else {
            let offsetMinutes = abs(offsetSeconds) / 60
            text.append(offsetSeconds < 0 ? UInt8(ascii: "-") : UInt8(ascii: "+"))
            appendDigits(offsetMinutes / 60, width: 2, to: &text)
            text.append(UInt8(ascii: ":"))
            appendDigits(offsetMinutes % 60, width: 2, to: &text)
        }
        return String(decoding: text, as: UTF8.self)
    }

    /// The instant a wall clock in `zone` reads `text` (`YYYY-MM-DDTHH:MM[:SS]`, no offset), or nil.
    ///
    /// In the repeated hour when clocks go back, the earlier instant is taken.
    public static func instant(localDateTime text: String, in zone: TimeZone) -> Date? {
        let parts = text.split(separator: "T", maxSplits: 1)
        guard parts.count == 2 else { return nil }
        let date = parts[0].split(separator: "-").compactMap { Int($0) }
        let time = parts[1].split(separator: ":").compactMap { Int($0) }
        guard date.count == 3, (2...3).contains(time.count), (1...12).contains(date[1]), (1...31).contains(date[2]),
            (0...23).contains(time[0]), (0...59).contains(time[1])
        else { return nil }
        if let instant = arithmeticInstant(
            year: date[0], month: date[1], day: date[2], hour: time[0], minute: time[1],
            second: time.count == 3 ? time[2] : 0, in: zone)
        {
            return instant
        }
        var components = DateComponents()
        components.year = date[0]
        components.month = date[1]
        components.day = date[2]
        components.hour = time[0]
        components.minute = time[1]
        components.second = time.count == 3 ? time[2] : 0
        return calendar(zone).date(from: components)
    }

    /// Whether `text` is a `YYYY-MM-DD` whose noon a wall clock in `zone` reads on that very day (a real date,
    /// not one the zone skipped). Worked out once per zone and text: a server validates the same dates all day.
    public static func isDay(_ text: String, in zone: TimeZone) -> Bool {
        ClockTables.shared.isDay(text, in: zone) {
            guard text.count == 10, let noon = instant(localDateTime: text + "T12:00", in: zone) else { return false }
            return day(of: noon, in: zone) == text
        }
    }

    /// The instant a wall clock in `zone` reads these fields at, from the zone's offsets a day either side and at
    /// the time itself, where that is what Foundation's Gregorian calendar gives: a real date in 1583–9999 and
    /// seconds 0–59 (the calendar carries anything else over), and a wall-clock time that exists (in the hour
    /// clocks go back, the earlier instant, as the calendar takes). Nil otherwise, for the calendar to work out.
    static func arithmeticInstant(
        year: Int, month: Int, day: Int, hour: Int, minute: Int, second: Int, in zone: TimeZone
    ) -> Date? {
        guard (1583...9999).contains(year), day <= daysInMonth(year: year, month: month), (0...59).contains(second)
        else { return nil }
        let local = daysSince1970(year: year, month: month, day: day) * 86_400 + hour * 3600 + minute * 60 + second
        func offset(_ seconds: Int) -> Int { zone.secondsFromGMT(for: Date(timeIntervalSince1970: Double(seconds))) }
        var earliest: Int?
        for candidate in [offset(local - 86_400), offset(local), offset(local + 86_400)] {
            let instant = local - candidate
            if offset(instant) == candidate, instant < earliest ?? .max { earliest = instant }
        }
        return earliest.map { Date(timeIntervalSince1970: Double($0)) }
    }

    /// Reads ISO 8601 with an offset or `Z` (`2026-11-22T18:30:00+02:00`, fractional seconds allowed), or nil.
    ///
    /// The common form (`YYYY-MM-DDTHH:MM:SS` and `Z` or `±HH:MM`, every field in range) is read here; anything
    /// else goes to `ISO8601DateFormatter`, plain and then with fractional seconds, as before.
    public static func instant(iso8601 text: String) -> Date? {
        let trimmed = text.trimmingSpaces()
        if let date = plainInstant(trimmed) { return date }
        return ClockTables.shared.parsed(trimmed)
    }

    /// `YYYY-MM-DDTHH:MM:SSZ` or `…±HH:MM` with every field in range (a year 1583–9999, a real day of its month,
    /// an offset other than zero and under 19 hours), or nil for the formatter to judge.
    static func plainInstant(_ text: String) -> Date? {
        let bytes = Array(text.utf8)
        guard bytes.count == 20 || bytes.count == 25 else { return nil }
        func number(_ from: Int, _ count: Int) -> Int? {
            var value = 0
            for index in from..<from + count {
                let byte = bytes[index]
                guard byte >= 0x30, byte <= 0x39 else { return nil }
                value = value * 10 + Int(byte - 0x30)
            }
            return value
        }
        let dash = UInt8(ascii: "-")
        let colon = UInt8(ascii: ":")
        guard bytes[4] == dash, bytes[7] == dash, bytes[10] == UInt8(ascii: "T"), bytes[13] == colon,
            bytes[16] == colon, let year = number(0, 4), let month = number(5, 2), let day = number(8, 2),
            let hour = number(11, 2), let minute = number(14, 2), let second = number(17, 2),
            (1583...9999).contains(year), (1...12).contains(month), day >= 1,
            day <= daysInMonth(year: year, month: month), hour <= 23, minute <= 59, second <= 59
        else { return nil }
        var offsetSeconds = 0
        if bytes.count == 20 {
            guard bytes[19] == UInt8(ascii: "Z") else { return nil }
        } else {
            let sign = bytes[19]
            guard sign == UInt8(ascii: "+") || sign == dash, bytes[22] == colon, let offsetHours = number(20, 2),
                let offsetMinutes = number(23, 2), offsetHours <= 18, offsetMinutes <= 59,
                // A signed zero offset (RFC 3339: "-00:00", offset unknown) is left to the formatter.
                offsetHours + offsetMinutes > 0
            else { return nil }
            offsetSeconds = (offsetHours * 3600 + offsetMinutes * 60) * (sign == dash ? -1 : 1)
        }
        let days = daysSince1970(year: year, month: month, day: day)
        let seconds = days * 86_400 + hour * 3600 + minute * 60 + second - offsetSeconds
        return Date(timeIntervalSince1970: Double(seconds))
    }

    // MARK: - Calendar arithmetic (proleptic Gregorian, which Foundation's calendar is from 1583)

    /// Days from 1970-01-01 to the date (``CivilDay/days(year:month:day:)``).
    static func daysSince1970(year: Int, month: Int, day: Int) -> Int {
        CivilDay.days(year: year, month: month, day: day)
    }

    /// The date `days` after 1970-01-01 (``CivilDay/date(days:)``).
    static func civilDate(daysSince1970 days: Int) -> (year: Int, month: Int, day: Int) { CivilDay.date(days: days) }

    static func daysInMonth(year: Int, month: Int) -> Int {
        switch month {
        case 2: (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    // MARK: - Text

    /// `YYYY-MM-DD` as `String(format: "%04d-%02d-%02d", …)` writes it, by hand where the fields are in range.
    public static func dayText(year: Int, month: Int, day: Int) -> String {
        guard (0...9999).contains(year), (0...99).contains(month), (0...99).contains(day) else {
            return String(format: "%04d-%02d-%02d", year, month, day)
        }
        var text: [UInt8] = []
        text.reserveCapacity(10)
        appendDay(year: year, month: month, day: day, to: &text)
        return String(decoding: text, as: UTF8.self)
    }

    /// `YYYY-MM-DD` for a year of 0–9999 and a month and day of 0–99.
    private static func appendDay(year: Int, month: Int, day: Int, to text: inout [UInt8]) {
        appendDigits(year, width: 4, to: &text)
        text.append(UInt8(ascii: "-"))
        appendDigits(month, width: 2, to: &text)
        text.append(UInt8(ascii: "-"))
        appendDigits(day, width: 2, to: &text)
    }

    /// `value` (not negative) in decimal, zero-padded to `width` digits: C's `%0<width>d`.
    private static func appendDigits(_ value: Int, width: Int, to text: inout [UInt8]) {
        var digits = 1
        var rest = value / 10
        while rest > 0 {
            digits += 1
            rest /= 10
        }
        for _ in digits..<max(digits, width) { text.append(UInt8(ascii: "0")) }
        var divisor = 1
        for _ in 1..<digits { divisor *= 10 }
        var remaining = value
        while divisor > 0 {
            text.append(UInt8(ascii: "0") + UInt8(remaining / divisor))
            remaining %= divisor
            divisor /= 10
        }
    }

    /// `value` (not negative) in decimal, zero-padded to `width` digits: C's `%0<width>d`.
    static func padded(_ value: Int, width: Int) -> String {
        var text: [UInt8] = []
        appendDigits(value, width: width, to: &text)
        return String(decoding: text, as: UTF8.self)
    }
}

/// The zones, calendars and formatters ``LocalClock`` keeps, under one lock: the server's handlers share them.
///
/// Each table holds at most ``limit`` entries and is emptied when full (the zones in use are a few dozen; the
/// limit only stops a stream of odd identifiers from growing it for ever).
private final class ClockTables: @unchecked Sendable {
    static let shared = ClockTables()
    static let limit = 1024

    private let lock = NSLock()
    private var zones: [String: TimeZone?] = [:]
    private var calendars: [TimeZone: Calendar] = [:]
    /// `.withInternetDateTime` formatters by zone: a formatter is not safe to share unguarded, so each is used
    /// under the lock.
    private var formatters: [TimeZone: ISO8601DateFormatter] = [:]
    private var plainParser: ISO8601DateFormatter?
    private var fractionalParser: ISO8601DateFormatter?

    func timeZone(_ identifier: String) -> TimeZone? {
        if let known = lock.withLock({ zones[identifier] }) { return known }
        let zone = TimeZone(identifier: identifier)
        lock.withLock {
            if zones.count >= Self.limit { zones.removeAll() }
            zones[identifier] = .some(zone)
        }
        return zone
    }

    private var days: [DayKey: Bool] = [:]
    private struct DayKey: Hashable {
        let zone: TimeZone
        /// By its bytes: a text equal only under Unicode's canonical equivalence is another text.
        let text: [UInt8]
    }

    func isDay(_ text: String, in zone: TimeZone, workOut: () -> Bool) -> Bool {
        let key = DayKey(zone: zone, text: Array(text.utf8))
        if let known = lock.withLock({ days[key] }) { return known }
        let answer = workOut()
        lock.withLock {
            if days.count >= Self.limit { days.removeAll() }
            days[key] = answer
        }
        return answer
    }

    func calendar(_ zone: TimeZone) -> Calendar {
        if let known = lock.withLock({ calendars[zone] }) { return known }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        lock.withLock {
            if calendars.count >= Self.limit { calendars.removeAll() }
            calendars[zone] = calendar
        }
        return calendar
    }

    func formatted(_ date: Date, in zone: TimeZone) -> String {
        lock.withLock {
            let formatter: ISO8601DateFormatter
            if let known = formatters[zone] {
                formatter = known
            } else {
                formatter = ISO8601DateFormatter()
                formatter.formatOptions = [.withInternetDateTime]
                formatter.timeZone = zone
                if formatters.count >= Self.limit { formatters.removeAll() }
                formatters[zone] = formatter
            }
            return formatter.string(from: date)
        }
    }

    func parsed(_ text: String) -> Date? {
        lock.withLock {
            if plainParser == nil {
                let plain = ISO8601DateFormatter()
                plain.formatOptions = [.withInternetDateTime]
                plainParser = plain
                let fractional = ISO8601DateFormatter()
                fractional.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
                fractionalParser = fractional
            }
            if let date = plainParser!.date(from: text) { return date }
            return fractionalParser!.date(from: text)
        }
    }
}
