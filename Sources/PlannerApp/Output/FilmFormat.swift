import Basics
import Foundation
import NowPlaying

/// Small formatting helpers for films: days, ratings and where an answer came from.
package enum FilmFormat {
    /// "1 film", "2 films".
    package static func films(_ count: Int) -> String { "\(count) film\(count == 1 ? "" : "s")" }

    private static let calendar: Calendar = {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        return calendar
    }()

    /// "1999-10-15", or "" when unknown.
    package static func day(_ date: Date?) -> String {
        guard let date else { return "" }
        // A UTC midnight from 1600 to 9999 (every TMDb date is one) is counted out: there Foundation's Gregorian
        // calendar is the proleptic one. Any other moment asks the calendar.
        let seconds = date.timeIntervalSince1970
        if seconds >= -11_676_096_000, seconds < 253_402_300_800,
            seconds.truncatingRemainder(dividingBy: 86_400) == 0
        {
            let (year, month, day) = CivilDay.date(days: Int(seconds / 86_400))
            return CivilDay.text(year: year, month: month, day: day)
        }
        return dayByCalendar(date)
    }

    /// "1999-10-15" from Foundation's calendar in UTC, for any moment.
    static func dayByCalendar(_ date: Date) -> String {
        let parts = calendar.dateComponents([.year, .month, .day], from: date)
        return String(format: "%04d-%02d-%02d", parts.year ?? 0, parts.month ?? 0, parts.day ?? 0)
    }

    /// "7.2", or "–" with no votes.
    package static func rating(_ movie: Movie) -> String {
        // Half up (7.25 is 7.3), not printf's half to even on the binary value.
        movie.voteCount == 0 ? "–" : cFormat("%.1f", (movie.voteAverage * 10).rounded(.toNearestOrAwayFromZero) / 10)
    }

    /// "4.5": a rating of stars, or any number, with one decimal as `%.1f` writes it.
    package static func oneDecimal(_ value: Double) -> String { cFormat("%.1f", value) }

    /// "3 h", "12 min", "2 days".
    package static func age(seconds: Double) -> String {
        switch seconds {
        case ..<60: return "under a minute"
        case ..<3600: return "\(Int(seconds / 60)) min"
        case ..<(48 * 3600): return "\(Int(seconds / 3600)) h"
        default: return "\(Int(seconds / 86400)) days"
        }
    }

    /// "from TMDb", "from cache, 3 h old", "from cache, 2 days old (stale: TMDb could not be reached)".
    package static func source(_ provenance: Provenance) -> String {
        switch provenance {
        case .network:
            return "from TMDb"
        case .cache(let age, let stale):
            return "from cache, \(FilmFormat.age(seconds: age)) old"
                + (stale ? " (stale: past its time to live, and no fresh answer could be fetched)" : "")
        }
    }

    /// The JSON form of a provenance.
    package static func sourceJSON(_ provenance: Provenance) -> SourceJSON {
        switch provenance {
        case .network: return SourceJSON(origin: "network", ageSeconds: 0, stale: false)
        case .cache(let age, let stale): return SourceJSON(origin: "cache", ageSeconds: Int(age), stale: stale)
        }
    }

    /// Where an answer came from, for JSON output.
    package struct SourceJSON: Encodable {
        let origin: String
        let ageSeconds: Int
        let stale: Bool

        /// Writes the members as the encoder writes them (keys sorted).
        func write(to json: inout PrettyJSON) {
            json.member("age_s", integer: ageSeconds)
            json.member("origin", origin)
            json.member("stale", stale)
        }

        enum CodingKeys: String, CodingKey {
            case origin, stale
            case ageSeconds = "age_s"
        }
    }

    /// Pretty, sorted JSON.
    package static func json(_ value: some Encodable) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(value), as: UTF8.self)
    }
}
