import Basics
import Foundation
import Testing

@testable import Watchlist

/// Days written `YYYY-MM-DD` without `String(format:)`, as it wrote them.
@Suite struct DayTests {
    @Test(arguments: [0, 5, 42, 999, 2026, 12_345, -5, -12_345])
    func numbersArePaddedAsPrintfPadsThem(value: Int) {
        #expect(Day.padded(value, 4) == String(format: "%04d", value))
        #expect(Day.padded(value, 2) == String(format: "%02d", value))
    }

    @Test func todayAndOtherMomentsAreTheirUTCDays() {
        for seconds in [0.0, -1, 86_399.999, 951_782_400, 1_800_000_000.5, -11_676_096_000, 253_402_300_799] {
            let date = Date(timeIntervalSince1970: seconds)
            let parts = Day.utcCalendar.dateComponents([.year, .month, .day], from: date)
            let expected = String(format: "%04d-%02d-%02d", parts.year ?? 0, parts.month ?? 0, parts.day ?? 0)
            #expect(Day.string(from: date) == expected)
        }
        #expect(Day.string(from: Date(timeIntervalSince1970: 951_782_400)) == "2000-02-29")
    }

    /// The days worked out by arithmetic (1583 to 9999) are the Gregorian calendar's, both ways, at the ends of the
    /// range and of each day too; years before and after it are still the calendar's (Julian before October 1582).
    @Test func daysByArithmeticAreTheCalendarsDays() {
        let first = CivilDay.calendarSeconds.lowerBound - 40 * 86_400
        let stride = 86_400.0 * 13 + 3_607.25  // a day in 13 and a bit, so the hour of the day moves along
        var seconds = first
        while seconds < 7_258_118_400 {  // 2200-01-01
            let midnight = (seconds / 86_400).rounded(.down) * 86_400
            for moment in [seconds, midnight, midnight - 0.001] {
                let date = Date(timeIntervalSince1970: moment)
                let parts = Day.utcCalendar.dateComponents([.year, .month, .day], from: date)
                let text = String(format: "%04d-%02d-%02d", parts.year ?? 0, parts.month ?? 0, parts.day ?? 0)
                #expect(Day.string(from: date) == text)
                let start = DateComponents(year: parts.year, month: parts.month, day: parts.day)
                #expect(Day.date(from: text) == Day.utcCalendar.date(from: start))
            }
            seconds += stride
        }
        let arithmetic = CivilDay.calendarSeconds
        for moment in [arithmetic.upperBound - 0.5, arithmetic.upperBound, arithmetic.lowerBound - 0.5] {
            let date = Date(timeIntervalSince1970: moment)
            let parts = Day.utcCalendar.dateComponents([.year, .month, .day], from: date)
            let text = String(format: "%04d-%02d-%02d", parts.year ?? 0, parts.month ?? 0, parts.day ?? 0)
            #expect(Day.string(from: date) == text)
        }
        #expect(Day.string(from: Date(timeIntervalSince1970: CivilDay.calendarSeconds.upperBound - 1)) == "9999-12-31")
        let cutover = DateComponents(year: 1582, month: 10, day: 15)
        #expect(Day.date(from: "1582-10-15") == Day.utcCalendar.date(from: cutover))
    }
}
