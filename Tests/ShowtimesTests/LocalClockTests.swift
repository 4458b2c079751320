import Foundation
import Testing

import Basics
@testable import Showtimes

/// The zones the hand-written times are checked in: UTC and GMT ("Z"), zones with summer time on either side of
/// the equator, half- and quarter-hour offsets, the farthest offset (+14), and Monrovia, whose offset had seconds
/// until 1972 (which Foundation writes itself).
private let zones = [
    "UTC", "GMT", "Europe/Helsinki", "Europe/London", "America/New_York", "America/St_Johns", "America/Sao_Paulo",
    "Australia/Lord_Howe", "Asia/Kolkata", "Asia/Kathmandu", "Pacific/Chatham", "Pacific/Kiritimati",
    "Africa/Monrovia",
]

/// Instants around the 2026 clock changes (Europe: 29 March and 25 October at 01:00 UTC; New York: 8 March and
/// 1 November), and others far apart: the epoch, Monrovia's odd offset, a leap day, 1600's, 2038's and 9999's
/// ends, and a fraction of a second.
private let instants: [Date] = [
    "2026-03-29T00:59:59Z", "2026-03-29T01:00:00Z", "2026-10-25T00:59:59Z", "2026-10-25T01:00:00Z",
    "2026-03-08T06:59:59Z", "2026-03-08T07:00:00Z", "2026-11-01T05:59:59Z", "2026-11-01T06:00:00Z",
    "2026-11-22T16:30:00Z", "2026-11-22T22:15:00Z", "1970-01-01T00:00:00Z", "1971-06-01T12:00:00Z",
    "2000-02-29T23:59:59Z", "1600-03-01T00:00:00Z", "2038-01-19T03:14:08Z", "9999-12-31T23:59:59Z",
].map { reference($0)! } + [Date(timeIntervalSince1970: 1_795_338_000.5)]

/// ISO 8601 read as `LocalClock.instant(iso8601:)` read it before it read the common form itself.
private func reference(_ text: String) -> Date? {
    let trimmed = text.trimmingCharacters(in: .whitespaces)
    let plain = ISO8601DateFormatter()
    plain.formatOptions = [.withInternetDateTime]
    if let date = plain.date(from: trimmed) { return date }
    let fractional = ISO8601DateFormatter()
    fractional.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
    return fractional.date(from: trimmed)
}

@Suite("Wall-clock times written and read by hand, exactly as Foundation does")
struct LocalClockTests {
    @Test(arguments: zones)
    func iso8601TextIsTheFormattersInEveryZone(_ identifier: String) throws {
        let zone = try #require(TimeZone(identifier: identifier))
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime]
        formatter.timeZone = zone
        for instant in instants {
            #expect(LocalClock.iso8601(instant, in: zone) == formatter.string(from: instant), "\(instant)")
        }
    }

    @Test func iso8601InGMTIsTheDefaultFormattersText() throws {
        let gmt = try #require(LocalClock.timeZone(identifier: "GMT"))
        for instant in instants {
            #expect(LocalClock.iso8601(instant, in: gmt) == ISO8601DateFormatter().string(from: instant))
            #expect(LocalClock.iso8601GMT(instant) == ISO8601DateFormatter().string(from: instant))
        }
        #expect(LocalClock.iso8601(instants[8], in: gmt) == "2026-11-22T16:30:00Z")
        #expect(LocalClock.iso8601GMT(instants[8]) == "2026-11-22T16:30:00Z")
    }

    @Test func theOffsetIsWrittenWithAColonAndZeroIsZ() throws {
        let helsinki = try #require(TimeZone(identifier: "Europe/Helsinki"))
        let show = try #require(reference("2026-11-22T16:30:00Z"))
        #expect(LocalClock.iso8601(show, in: helsinki) == "2026-11-22T18:30:00+02:00")
        let summer = try #require(reference("2026-07-01T15:00:00Z"))
        #expect(LocalClock.iso8601(summer, in: helsinki) == "2026-07-01T18:00:00+03:00")
        let utc = try #require(TimeZone(identifier: "UTC"))
        #expect(LocalClock.iso8601(show, in: utc) == "2026-11-22T16:30:00Z")
    }

    @Test(arguments: [
        "2026-11-22T16:30:00Z", "2026-11-22T18:30:00+02:00", "2026-03-29T03:00:00+03:00", "2026-11-22T12:00:00-05:30",
        "2024-02-29T12:00:00Z", "2026-02-29T12:00:00Z", "2026-04-31T12:00:00Z", "2026-11-22T16:30:00.250Z",
        " 2026-11-22T16:30:00Z ", "2026-11-22T16:30Z", "2026-11-22 16:30:00Z", "2026-11-22T24:00:00Z",
        "2026-11-22T16:30:60Z", "2026-11-22T16:30:00+14:00", "2026-11-22T16:30:00+0200", "1600-03-01T00:00:00Z",
        "0999-03-01T00:00:00Z", "2026-11-22t16:30:00z", "2026-11-22T16:30:00+00:00", "2026-11-22T16:30:00-00:00",
        "garbage", "",
    ])
    func readingISO8601GivesWhatTheFormattersGave(_ text: String) {
        #expect(LocalClock.instant(iso8601: text) == reference(text))
    }

    @Test func theCommonFormIsReadWithoutAFormatter() {
        #expect(LocalClock.plainInstant("2026-11-22T18:30:00+02:00") == reference("2026-11-22T16:30:00Z"))
        #expect(LocalClock.plainInstant("2026-11-22T16:30:00.250Z") == nil)
        #expect(LocalClock.plainInstant("2026-02-29T12:00:00Z") == nil)
        #expect(LocalClock.plainInstant("2026-11-22T16:30:00-00:00") == nil)
    }

    @Test func dayTextIsWhatStringFormatWrites() {
        for (year, month, day) in [(2026, 11, 22), (5, 1, 2), (999, 12, 31), (9999, 1, 1), (10_000, 1, 1), (-1, 3, 4)] {
            #expect(
                LocalClock.dayText(year: year, month: month, day: day)
                    == String(format: "%04d-%02d-%02d", year, month, day))
        }
    }

    @Test(arguments: zones)
    func theWallClockIsTheCalendarsDayAndMinutes(_ identifier: String) throws {
        let zone = try #require(TimeZone(identifier: identifier))
        for instant in instants {
            let clock = LocalClock.wallClock(of: instant, in: zone)
            #expect(clock.dayText == LocalClock.day(of: instant, in: zone))
            #expect(clock.minutesPastMidnight == LocalClock.minutesPastMidnight(of: instant, in: zone))
            #expect(LocalClock.time(of: instant, in: zone).count == 5)
        }
    }

    @Test(arguments: zones)
    func theWallClockIsFoundationsGregorianCalendarsReading(_ identifier: String) throws {
        let zone = try #require(TimeZone(identifier: identifier))
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        // The instants above, and 2,000 more from 1500 to 2100 (before 1583 the calendar reads Julian days, and
        // the clock leaves them to it), half of them at a fraction of a second.
        var random = SplitMix64(seed: 30)
        let spread = (0..<2_000).map { index in
            let seconds = Double(random.next() % 18_934_560_000) - 14_831_769_600
            return Date(timeIntervalSince1970: index.isMultiple(of: 2) ? seconds : seconds + 0.75)
        }
        for instant in instants + spread {
            let c = calendar.dateComponents([.year, .month, .day, .hour, .minute], from: instant)
            let clock = LocalClock.wallClock(of: instant, in: zone)
            let read = [clock.year, clock.month, clock.day, clock.hour, clock.minute]
            #expect(read == [c.year, c.month, c.day, c.hour, c.minute], "\(instant)")
            #expect(LocalClock.day(of: instant, in: zone) == clock.dayText)
            #expect(LocalClock.minutesPastMidnight(of: instant, in: zone) == c.hour! * 60 + c.minute!)
        }
    }

    @Test(arguments: zones)
    func aWallClocksInstantIsFoundationsGregorianCalendars(_ identifier: String) throws {
        let zone = try #require(TimeZone(identifier: identifier))
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        // Every quarter hour of the days around 2026's clock changes (the skipped hour, the repeated one), and
        // 2,000 times from 1500 to 2100 (before 1583 and past a month's end, the calendar decides)
        var texts: [String] = []
        for day in ["2026-03-08", "2026-03-29", "2026-04-05", "2026-09-27", "2026-10-04", "2026-10-25", "2026-11-01"] {
            for quarter in 0..<96 { texts.append(day + "T" + clockText(quarter * 15 * 60)) }
        }
        var random = SplitMix64(seed: 31)
        for _ in 0..<2_000 {
            let year = 1500 + Int(random.next() % 600)
            let month = 1 + Int(random.next() % 12)
            let day = 1 + Int(random.next() % 31)
            let dayText = LocalClock.dayText(year: year, month: month, day: day)
            texts.append(dayText + "T" + clockText(Int(random.next() % 86_400)))
        }
        texts += ["2026-02-30T12:00", "2026-11-22T18:30:60", "2026-11-22T23:59:59"]
        for text in texts {
            let parts = text.split(separator: "T").map { $0.split(separator: ":").compactMap { Int($0) } }
            let date = text.prefix(10).split(separator: "-").compactMap { Int($0) }
            var components = DateComponents()
            (components.year, components.month, components.day) = (date[0], date[1], date[2])
            (components.hour, components.minute) = (parts[1][0], parts[1][1])
            components.second = parts[1].count == 3 ? parts[1][2] : 0
            #expect(LocalClock.instant(localDateTime: text, in: zone) == calendar.date(from: components), "\(text)")
        }
    }

    private func clockText(_ seconds: Int) -> String {
        [seconds / 3600, seconds % 3600 / 60, seconds % 60].map { $0 < 10 ? "0\($0)" : "\($0)" }
            .joined(separator: ":")
    }

    @Test func anUnknownZoneIsNilEveryTime() {
        #expect(LocalClock.timeZone(identifier: "Mars/Olympus_Mons") == nil)
        #expect(LocalClock.timeZone(identifier: "Mars/Olympus_Mons") == nil)
        #expect(LocalClock.timeZone(identifier: "Europe/Helsinki") == TimeZone(identifier: "Europe/Helsinki"))
    }
}
