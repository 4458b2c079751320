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
}
