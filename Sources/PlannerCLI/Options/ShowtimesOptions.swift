import ArgumentParser
import Foundation
import Planner
import Showtimes

/// `--date`, `--area`, `--offline`, `--refresh`, `--verbose` and `--db`, shared by `showtimes` and `plan`.
struct ShowtimesOptions: ParsableArguments {
    @Option(
        name: .long,
        help: ArgumentHelp(
            "The day: YYYY-MM-DD, today or tomorrow (in the theaters' zone, Europe/Helsinki for Finnkino).",
            valueName: "day"))
    var date: String = "today"

    @Option(
        name: .long,
        help: ArgumentHelp(
            "Finnkino's area id (1002 is Helsinki; 1031 is Kinopalatsi alone).",
            discussion: "Default: the area named after the city of the nearest cinemas, else every area.",
            valueName: "id"))
    var area: String?

    @OptionGroup var cache: CacheOptions

    var offline: Bool { cache.offline }
    var refresh: Bool { cache.refresh }
    var db: String? { cache.db }
    var verbose: Bool { cache.verbose }

    /// The day asked for, `YYYY-MM-DD`, with today and tomorrow read on the clock of `zone` (calendar days: in the
    /// small hours, the evening that is ending is `--date` with yesterday's date).
    func localDay(now: Date = Date(), zone: TimeZone) throws -> String {
        let today = LocalClock.day(of: now, in: zone)
        switch date.lowercased() {
        case "today": return today
        case "tomorrow": return CalendarDay(today)?.adding(days: 1).description ?? today
        default:
            guard LocalClock.instant(localDateTime: date + "T12:00", in: zone) != nil, date.count == 10,
                LocalClock.day(of: LocalClock.instant(localDateTime: date + "T12:00", in: zone)!, in: zone) == date
            else { throw ValidationError("--date must be YYYY-MM-DD, today or tomorrow, not '\(date)'") }
            return date
        }
    }

    var policy: ShowtimesCachePolicy { offline ? .offline : refresh ? .refresh : .normal }

    func validate() throws {
        _ = try localDay(zone: TimeZone(identifier: FinnkinoParsing.timeZoneIdentifier)!)
        if let area, area.isEmpty || !area.allSatisfy(\.isNumber) {
            throw ValidationError("--area must be a Finnkino area id such as 1002, not '\(area)'")
        }
    }
}

/// A wall-clock time, `HH:MM`, as minutes past midnight.
struct ClockTime: ExpressibleByArgument, CustomStringConvertible {
    let minutes: Int

    init?(argument: String) {
        let parts = argument.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 2, parts[1].count == 2, let h = Int(parts[0]), let m = Int(parts[1]), (0...23).contains(h),
            (0...59).contains(m)
        else { return nil }
        minutes = h * 60 + m
    }

    var description: String { String(format: "%02d:%02d", minutes / 60, minutes % 60) }
}

/// A margin of time: `10m`, `10min`, `1h`, `1h30m`, or a bare number of minutes.
struct BufferDuration: ExpressibleByArgument, CustomStringConvertible {
    let minutes: Int

    init?(argument: String) {
        let text = argument.lowercased().replacingOccurrences(of: " ", with: "")
        if let bare = Int(text) {
            guard (0...720).contains(bare) else { return nil }
            minutes = bare
            return
        }
        var total = 0
        var number = ""
        var rest = Substring(text)
        while let c = rest.first {
            if c.isNumber {
                number.append(c)
                rest = rest.dropFirst()
                continue
            }
            guard let n = Int(number) else { return nil }
            if rest.hasPrefix("min") {
                total += n
                rest = rest.dropFirst(3)
            } else if rest.hasPrefix("m") {
                total += n
                rest = rest.dropFirst()
            } else if rest.hasPrefix("h") {
                total += n * 60
                rest = rest.dropFirst()
            } else {
                return nil
            }
            number = ""
        }
        guard number.isEmpty, !text.isEmpty, (0...720).contains(total) else { return nil }
        minutes = total
    }

    var description: String { "\(minutes) min" }
}
