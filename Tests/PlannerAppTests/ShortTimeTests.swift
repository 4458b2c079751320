import Foundation
import Testing

@testable import PlannerApp
import Planner
import Showtimes

/// Suggest's "Sun 20:00" and the day a moment falls on, counted out as Foundation's calendar reads them.
@Suite struct ShortTimeTests {
    static let zones = ["UTC", "Europe/Helsinki", "America/New_York", "Asia/Kathmandu", "Pacific/Kiritimati"]

    static func byCalendar(_ date: Date, _ zone: TimeZone) -> (String, CalendarDay) {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        let weekday = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"][calendar.component(.weekday, from: date) - 1]
        let (hour, minute) = (calendar.component(.hour, from: date), calendar.component(.minute, from: date))
        let text = String(format: "%@ %02d:%02d", weekday, hour, minute)
        let c = calendar.dateComponents([.year, .month, .day], from: date)
        return (text, CalendarDay(year: c.year!, month: c.month!, day: c.day!))
    }

    @Test(arguments: zones)
    func aShowsWeekdayAndTimeAreTheCalendars(zoneName: String) {
        let zone = TimeZone(identifier: zoneName)!
        // Every 22 h 26 min 27.5 s over three years from before 1970, and from around now.
        for start in [-100_000_000.0, 1_790_000_000] {
            var seconds = start
            while seconds < start + 95_000_000 {
                let date = Date(timeIntervalSince1970: seconds)
                let show = Show(
                    provider: "test", providerTheaterID: "1", providerTheaterName: "Kino", title: "Film", start: date,
                    timeZoneIdentifier: zoneName)
                let (text, day) = Self.byCalendar(date, zone)
                #expect(SuggestReport.shortTime(show) == text, "\(seconds) in \(zoneName)")
                #expect(CalendarDay(date, in: zone) == day, "\(seconds) in \(zoneName)")
                seconds += 80_787.5
            }
        }
    }
}
