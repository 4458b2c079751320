import Foundation
import NowPlaying
import Testing

@testable import PlannerApp

/// A film list's JSON, written directly, against the same report through `JSONEncoder`; and its days, counted out,
/// against Foundation's calendar.
@Suite("Film lists write the JSON the encoder writes")
struct FilmListReportJSONTests {
    static func day(_ text: String) -> Date {
        let parts = text.split(separator: "-").map { Int($0)! }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        return calendar.date(from: DateComponents(year: parts[0], month: parts[1], day: parts[2]))!
    }

    static let films = [
        Movie(
            id: 550, title: "Fight Club", overview: "A ticking-time-bomb insomniac…", releaseDate: day("1999-10-15"),
            posterPath: "/pB8BM7pdSp6B6Ih7QZ4DrQ3PmJK.jpg", voteAverage: 8.433, voteCount: 30_000),
        Movie(id: 7, title: "Quote \" and \\ and /slash\n\ttab", originalTitle: "Élokuva ☃", voteAverage: 7.25),
        Movie(id: 8, title: "Bare", releaseDate: day("1888-02-29"), posterPath: "/a b?.jpg", voteAverage: 10),
        Movie(id: 2_147_483_647, title: "", overview: "\u{1}\u{1F}\u{7F}\u{2028}", releaseDate: day("2100-12-31")),
    ]

    static let images = ImageLinks(
        configuration: ImageConfiguration(
            secureBaseURL: URL(string: "https://image.tmdb.org/t/p/")!, posterSizes: ["w92", "w342", "original"]))

    /// Reports with and without dates, marks, favorites and poster links, from the network and from the cache.
    static func reports() -> [FilmListReport] {
        var reports: [FilmListReport] = []
        for provenance in [Provenance.network, .cache(age: 3_599.9, stale: false), .cache(age: 90_000, stale: true)] {
            for dates in [nil, DateWindow(minimum: day("2026-10-14"), maximum: day("2026-12-01"))] {
                var report = FilmListReport(
                    title: "Films in cinemas now in FI", films: films, totalResults: 1_234, dates: dates,
                    provenance: provenance, marked: [550, 8])
                report.favorites = [7, 8]
                reports.append(report)
                report.images = images
                reports.append(report)
            }
        }
        reports.append(
            FilmListReport(title: "Films matching 'x'", films: [], totalResults: 0, dates: nil, provenance: .network))
        return reports
    }

    @Test func theJSONIsTheEncodersByteForByte() throws {
        for report in Self.reports() {
            let expected = try report.jsonByEncoder()
            #expect(try report.json() == expected)
            #expect(try report.jsonUTF8() == Array(expected.utf8))
        }
    }

    @Test func daysAreTheCalendarsAtMidnightAndAtAnyOtherMoment() {
        // Every UTC midnight from 1860 to 2140, and moments in between
        for days in stride(from: -40_177, through: 62_456, by: 1) {
            let midnight = Date(timeIntervalSince1970: Double(days) * 86_400)
            guard FilmFormat.day(midnight) == FilmFormat.dayByCalendar(midnight) else {
                Issue.record(
                    "\(midnight): \(FilmFormat.day(midnight)), the calendar says \(FilmFormat.dayByCalendar(midnight))")
                return
            }
        }
        for seconds in [-1.0, 0.5, 86_399.999, 1_700_000_000.25, -11_676_096_001, 253_402_300_800] {
            let date = Date(timeIntervalSince1970: seconds)
            #expect(FilmFormat.day(date) == FilmFormat.dayByCalendar(date))
        }
        #expect(FilmFormat.day(Self.day("1999-10-15")) == "1999-10-15")
        #expect(FilmFormat.day(nil) == "")
    }
}
