import Foundation

/// An iCalendar (RFC 5545, https://www.rfc-editor.org/rfc/rfc5545) writer for release days and shows.
public struct ICalendar: Sendable {
    /// One VEVENT.
    public struct Event: Sendable, Equatable {
        public enum Timing: Sendable, Equatable {
            /// An all-day event on a date (DTSTART;VALUE=DATE, DTEND the next day, §3.6.1).
            case allDay(CalendarDay)
            /// A timed event, written in UTC (FORM #2, §3.3.5).
            case timed(start: Date, end: Date)
        }

        /// A globally unique, stable id: importing the file again updates the event instead of duplicating it.
        public let uid: String
        public let timing: Timing
        public let summary: String
        public var description: String?
        public var location: String?
        public var url: String?
        public var geo: (latitude: Double, longitude: Double)?
        /// A reminder (VALARM, §3.6.6) this many minutes before the start, with its text: "leave now".
        public var alarm: (minutesBeforeStart: Int, text: String)?

        public init(
            uid: String, timing: Timing, summary: String, description: String? = nil, location: String? = nil,
            url: String? = nil, geo: (latitude: Double, longitude: Double)? = nil,
            alarm: (minutesBeforeStart: Int, text: String)? = nil
        ) {
            self.uid = uid
            self.timing = timing
            self.summary = summary
            self.description = description
            self.location = location
            self.url = url
            self.geo = geo
            self.alarm = alarm
        }

        public static func == (a: Event, b: Event) -> Bool {
            a.uid == b.uid && a.timing == b.timing && a.summary == b.summary && a.description == b.description
                && a.location == b.location && a.url == b.url && a.geo?.latitude == b.geo?.latitude
                && a.geo?.longitude == b.geo?.longitude && a.alarm?.minutesBeforeStart == b.alarm?.minutesBeforeStart
                && a.alarm?.text == b.alarm?.text
        }
    }

    public var name: String
    public var events: [Event]

    public init(name: String, events: [Event]) {
        self.name = name
        self.events = events
    }

    /// The calendar as text: CRLF line ends, lines folded at 75 octets (§3.1), text values escaped (§3.3.11).
    /// `stamp` is the DTSTAMP of every event (the time the file is written).
    public func encoded(stamp: Date) -> String {
        var lines = [
            "BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//planner//planner 0.1//EN", "CALSCALE:GREGORIAN",
            "METHOD:PUBLISH", "X-WR-CALNAME:" + Self.escape(name),
        ]
        for event in events {
            lines.append("BEGIN:VEVENT")
            lines.append("UID:" + Self.escape(event.uid))
            lines.append("DTSTAMP:" + Self.utc(stamp))
            switch event.timing {
            case .allDay(let day):
                lines.append("DTSTART;VALUE=DATE:" + day.basicFormat)
                lines.append("DTEND;VALUE=DATE:" + day.adding(days: 1).basicFormat)
                lines.append("TRANSP:TRANSPARENT")
            case .timed(let start, let end):
                lines.append("DTSTART:" + Self.utc(start))
                lines.append("DTEND:" + Self.utc(end))
            }
            lines.append("SUMMARY:" + Self.escape(event.summary))
            if let description = event.description { lines.append("DESCRIPTION:" + Self.escape(description)) }
            if let location = event.location { lines.append("LOCATION:" + Self.escape(location)) }
            if let geo = event.geo { lines.append(String(format: "GEO:%.6f;%.6f", geo.latitude, geo.longitude)) }
            if let url = event.url { lines.append("URL:" + url) }
            if let alarm = event.alarm {
                lines += [
                    "BEGIN:VALARM", "ACTION:DISPLAY", "DESCRIPTION:" + Self.escape(alarm.text),
                    "TRIGGER;RELATED=START:-PT\(max(0, alarm.minutesBeforeStart))M", "END:VALARM",
                ]
            }
            lines.append("END:VEVENT")
        }
        lines.append("END:VCALENDAR")
        return lines.map(Self.fold).joined(separator: "\r\n") + "\r\n"
    }

    /// `20261122T180000Z`
    static func utc(_ date: Date) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        let c = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: date)
        return String(format: "%04d%02d%02dT%02d%02d%02dZ", c.year!, c.month!, c.day!, c.hour!, c.minute!, c.second!)
    }

    /// Escapes backslash, semicolon, comma and newline in a TEXT value (§3.3.11).
    static func escape(_ text: String) -> String {
        text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: ";", with: "\\;")
            .replacingOccurrences(of: ",", with: "\\,").replacingOccurrences(of: "\r\n", with: "\\n")
            .replacingOccurrences(of: "\n", with: "\\n")
    }

    /// Folds a content line into chunks of at most 75 octets, never splitting a UTF-8 character (§3.1).
    static func fold(_ line: String) -> String {
        var chunks: [String] = []
        var current = ""
        var currentBytes = 0
        for character in line {
            let bytes = String(character).utf8.count
            let limit = chunks.isEmpty ? 75 : 74  // continuation lines start with a space
            if currentBytes + bytes > limit {
                chunks.append(current)
                current = ""
                currentBytes = 0
            }
            current.append(character)
            currentBytes += bytes
        }
        chunks.append(current)
        return chunks.joined(separator: "\r\n ")
    }
}

extension ICalendar.Event {
    /// An all-day event for a film's theatrical release in a region, with a UID stable across exports.
    public static func release(of film: PlannedFilm, on day: CalendarDay, region: String) -> ICalendar.Event {
        ICalendar.Event(
            uid: "tmdb-\(film.tmdbID)-release-\(region.uppercased())@planner",
            timing: .allDay(day),
            summary: "In theaters: \(film.title)" + (film.year.map { " (\($0))" } ?? ""),
            description: "Theatrical release in \(region.uppercased()), from TMDb. "
                + "This product uses the TMDB API but is not endorsed or certified by TMDB.",
            url: "https://www.themoviedb.org/movie/\(film.tmdbID)")
    }

    /// A series' next episode, as an all-day event on its air date. The UID names the series and the episode, so a
    /// moved air date updates the event.
    public static func episode(
        _ episode: (season: Int, number: Int, name: String), of seriesID: Int, named seriesName: String, on day: CalendarDay
    ) -> ICalendar.Event {
        let code = String(format: "S%02dE%02d", episode.season, episode.number)
        return ICalendar.Event(
            uid: "tmdb-tv-\(seriesID)-\(code.lowercased())@planner",
            timing: .allDay(day),
            summary: "New episode: \(seriesName) \(code)" + (episode.name.isEmpty ? "" : " “\(episode.name)”"),
            description: "The next episode to air, from TMDb. "
                + "This product uses the TMDB API but is not endorsed or certified by TMDB.",
            url: "https://www.themoviedb.org/tv/\(seriesID)")
    }
}
