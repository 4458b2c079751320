/// Days of the proleptic Gregorian calendar counted from 1970-01-01, and their `YYYY-MM-DD`, by arithmetic
/// (Howard Hinnant's `civil_from_days`, http://howardhinnant.github.io/date_algorithms.html): a film list writes a
/// day per film, and Foundation's calendar with `String(format:)` cost more than the rest of the row.
public enum CivilDay {
    /// The days from 1970-01-01 to `year`-`month`-`day` (negative before it): the inverse of ``date(days:)``
    /// (Hinnant's `days_from_civil`), for a month 1–12 and a day of it.
    public static func days(year: Int, month: Int, day: Int) -> Int {
        let marchYear = month <= 2 ? year - 1 : year
        let era = (marchYear >= 0 ? marchYear : marchYear - 399) / 400
        let yearOfEra = marchYear - era * 400
        let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    /// The year, month (1–12) and day (1–31) `days` after 1970-01-01 (before it when negative).
    public static func date(days: Int) -> (year: Int, month: Int, day: Int) {
        let shifted = days + 719_468
        let era = (shifted >= 0 ? shifted : shifted - 146_096) / 146_097
        let dayOfEra = shifted - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1_460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let marchMonth = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * marchMonth + 2) / 5 + 1
        let month = marchMonth < 10 ? marchMonth + 3 : marchMonth - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }

    /// The years whose days Foundation's Gregorian calendar has as this arithmetic has them: from 1583, after its
    /// change from the Julian calendar in October 1582, to 9999, the last that ``text(year:month:day:)`` writes.
    public static let calendarYears = 1583...9999

    /// The moments of ``calendarYears``, in seconds since 1970-01-01 00:00 UTC.
    public static let calendarSeconds = seconds(year: 1583, month: 1, day: 1)..<seconds(year: 10_000, month: 1, day: 1)

    /// Midnight UTC at the start of `year`-`month`-`day`, in seconds since 1970-01-01 00:00 UTC.
    public static func seconds(year: Int, month: Int, day: Int) -> Double {
        Double(days(year: year, month: month, day: day)) * 86_400
    }

    /// The year, month and day, in UTC, of a moment in seconds since 1970-01-01 00:00 UTC.
    public static func date(seconds: Double) -> (year: Int, month: Int, day: Int) {
        date(days: Int((seconds / 86_400).rounded(.down)))
    }

    /// `YYYY-MM-DD`, as `%04d-%02d-%02d` writes it, for a year from 0 to 9999.
    public static func text(year: Int, month: Int, day: Int) -> String {
        precondition((0...9999).contains(year) && (1...12).contains(month) && (1...31).contains(day))
        return String(unsafeUninitializedCapacity: 10) { buffer in
            func put(_ value: Int, digits: Int, at start: Int) {
                var rest = value
                for index in (start..<(start + digits)).reversed() {
                    buffer[index] = UInt8(ascii: "0") + UInt8(rest % 10)
                    rest /= 10
                }
            }
            put(year, digits: 4, at: 0)
            buffer[4] = UInt8(ascii: "-")
            put(month, digits: 2, at: 5)
            buffer[7] = UInt8(ascii: "-")
            put(day, digits: 2, at: 8)
            return 10
        }
    }
}
