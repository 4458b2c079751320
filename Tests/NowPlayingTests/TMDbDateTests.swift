import Foundation
import Testing

@testable import NowPlaying

/// TMDb's days read by arithmetic are the Gregorian calendar's, a day past a month's end included.
@Suite struct TMDbDateTests {
    let calendar: Calendar = {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        return calendar
    }()

    @Test(arguments: [1500, 1582, 1583, 1600, 1899, 1900, 1970, 1999, 2000, 2024, 2026, 2100, 9999])
    func everyDayOfAYearIsTheCalendarsDay(year: Int) {
        for month in 1...12 {
            for day in 1...31 {
                let text = String(format: "%04d-%02d-%02d", year, month, day)
                let expected = calendar.date(from: DateComponents(year: year, month: month, day: day))
                #expect(TMDbDate.parse(text) == expected, "\(text)")
                if let expected {
                    #expect(TMDbDate.year(of: expected) == calendar.component(.year, from: expected), "\(text)")
                    let lastSecond = expected.addingTimeInterval(86_399.5)
                    #expect(TMDbDate.year(of: lastSecond) == calendar.component(.year, from: lastSecond), "\(text)")
                }
            }
        }
    }

    @Test func theYearsAtTheEndsOfTheArithmeticAreTheCalendars() {
        for seconds in [-12_212_553_600.5, -12_212_553_600, 253_402_300_799.5, 253_402_300_800, 0, -0.5] {
            let date = Date(timeIntervalSince1970: seconds)
            #expect(TMDbDate.year(of: date) == calendar.component(.year, from: date), "\(seconds)")
        }
    }
}
