import Basics
import Foundation
import Testing

/// Days counted out by arithmetic, against Foundation's Gregorian calendar in UTC.
@Suite struct CivilDayTests {
    static let calendar: Calendar = {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        return calendar
    }()

    @Test func everyDayFrom1860To2140IsTheCalendarsDay() {
        // 1860-01-01 is 40,177 days before 1970-01-01; 2140-12-31 is 62,456 days after.
        for days in -40_177...62_456 {
            let parts = Self.calendar.dateComponents(
                [.year, .month, .day], from: Date(timeIntervalSince1970: Double(days) * 86_400))
            let (year, month, day) = CivilDay.date(days: days)
            guard year == parts.year, month == parts.month, day == parts.day else {
                Issue.record("day \(days): \(year)-\(month)-\(day), the calendar says \(parts)")
                return
            }
        }
    }

    @Test func aDayCountedFromItsDateIsTheSameDay() {
        // From year 0 to 9999 and a little before the epoch's era, both ways
        for days in stride(from: -719_528, through: 2_932_896, by: 7) {
            let (year, month, day) = CivilDay.date(days: days)
            guard CivilDay.days(year: year, month: month, day: day) == days else {
                let back = CivilDay.days(year: year, month: month, day: day)
                Issue.record("day \(days) is \(year)-\(month)-\(day), counted back as \(back)")
                return
            }
        }
        #expect(CivilDay.days(year: 1970, month: 1, day: 1) == 0)
        #expect(CivilDay.days(year: 2000, month: 3, day: 1) == 11_017)
    }

    @Test(arguments: [
        (1999, 10, 15, "1999-10-15"), (2026, 1, 1, "2026-01-01"), (0, 1, 1, "0000-01-01"), (9999, 12, 31, "9999-12-31"),
        (800, 2, 9, "0800-02-09"),
    ])
    func theTextIsZeroPaddedAsPrintfPadsIt(year: Int, month: Int, day: Int, text: String) {
        #expect(CivilDay.text(year: year, month: month, day: day) == text)
        #expect(CivilDay.text(year: year, month: month, day: day) == String(format: "%04d-%02d-%02d", year, month, day))
    }
}
