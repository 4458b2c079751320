import Foundation
import Testing

@testable import PlannerApp

@Suite("Wall-clock times as --after and --before take them and as reports write them")
struct ClockTimeTests {
    @Test func everyMinuteOfTheDayIsWrittenAsPrintfsTwoDigitsWriteIt() throws {
        for minutes in 0..<(24 * 60) {
            let text = String(format: "%02d:%02d", minutes / 60, minutes % 60)
            let time = try #require(ClockTime(text: text))
            #expect(time.minutes == minutes)
            #expect(time.description == text)
        }
    }

    @Test func aTimeOutsideTheDayOrWithoutTwoMinuteDigitsIsRefused() {
        for text in ["24:00", "7:5", "12:60", "-1:00", "12", ""] { #expect(ClockTime(text: text) == nil, "\(text)") }
    }
}
