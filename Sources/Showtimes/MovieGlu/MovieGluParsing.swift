import Foundation
import Geo
import Tabular

/// Reads MovieGlu's API v200 JSON (`cinemasNearby`, `cinemaShowTimes`) into the provider-independent model.
///
/// As developer.movieglu.com documents them:
/// - `cinemasNearby/?n=` is `{"cinemas": [{cinema_id, cinema_name, address, address2?, city, county, postcode, lat,
///   lng, distance (miles), logo_url}], "status": {…}}`, nearest first.
/// - `cinemaShowTimes/?cinema_id=&date=` is `{"cinema": {cinema_id, cinema_name}, "films": [{film_id,
///   imdb_title_id, film_name, release_dates?: [{release_date, notes}], showings: {"Standard": {film_id, film_name,
///   times: [{start_time, end_time}]}, "3D": {…}}}], "status": {…}}`. The `cinemaShowTimes` page documents the
///   arguments but no example answer could be found; the `showings` shape is the one its `filmShowTimes` sibling
///   documents, so everything beyond `film_name`, `showings` and `start_time` is read only when present.
/// - An empty answer is `204 No Content`, with no body at all (also a geolocation outside the key's territory).
///
/// Times are the cinema's own wall clock (`"19:30"`, "not adjusted for timezones or daylight savings"), listed on the
/// cinema day asked for, which runs 03:00–02:59: a `01:00` listed on 1 January starts in the small hours of 2 January.
public enum MovieGluParsing {
    /// The provider's name in messages.
    public static let providerName = "MovieGlu"
    /// The id shows carry in ``Show/provider``.
    public static let providerID = "movieglu"
    /// The end of MovieGlu's cinema day (minutes past midnight): a show listed before 03:00 starts the next
    /// calendar day.
    public static let cinemaDayEndsAtMinutes = 3 * 60

    /// The cinemas of a `cinemasNearby` answer, in its order (nearest first); entries without an id or name are
    /// left out. An empty body (the 204 of no cinemas) is no cinemas.
    /// - Throws: ``ShowtimesError/malformedJSON(provider:reason:)``.
    public static func cinemas(from data: Data) throws -> [MovieGluCinema] {
        guard let answer = try object(data, of: "cinemas") else { return [] }
        guard let list = answer["cinemas"] as? [Any] else {
            throw ShowtimesError.malformedJSON(provider: providerName, reason: "expected a list of cinemas")
        }
        return list.compactMap { $0 as? [String: Any] }.compactMap { entry in
            guard let id = text(entry["cinema_id"]), let name = text(entry["cinema_name"]) else { return nil }
            var coordinate: Coordinate?
            if let latitude = number(entry["lat"]), let longitude = number(entry["lng"]) {
                coordinate = try? Coordinate(latitude: latitude, longitude: longitude)
            }
            let lines = [text(entry["address"]), text(entry["address2"])].compactMap { $0 }
            return MovieGluCinema(
                id: id, name: name, address: lines.isEmpty ? nil : lines.joined(separator: ", "),
                city: text(entry["city"]), postcode: text(entry["postcode"]), coordinate: coordinate,
                distanceMiles: number(entry["distance"]))
        }
    }

    /// The shows of a `cinemaShowTimes` answer for one cinema and cinema day, on the clock of `zone`. A show that
    /// cannot be read is left out and said in `unreadable`; an empty body (the 204 of no shows) is no shows.
    /// - Parameters:
    ///   - cinemaID: The `cinema_id` asked about; the shows' ``Show/providerTheaterID``.
    ///   - cinemaName: Its name; the shows' ``Show/providerTheaterName``.
    ///   - date: The cinema day asked for, `YYYY-MM-DD`.
    ///   - zone: The IANA zone of the cinema, such as `Europe/London`.
    /// - Throws: ``ShowtimesError/malformedJSON(provider:reason:)`` for an answer that is not the expected JSON,
    ///   ``ShowtimesError/invalidShow(provider:field:value:)`` for a zone that does not exist.
    public static func shows(
        fromCinemaShowTimes data: Data, cinemaID: String, cinemaName: String, date: String, zone: String
    ) throws -> ReadSchedule {
        guard let answer = try object(data, of: "films") else { return ReadSchedule(shows: [], unreadable: []) }
        let films: [Any]
        switch answer["films"] {
        case let list as [Any]: films = list
        case is NSNull: films = []
        default: throw ShowtimesError.malformedJSON(provider: providerName, reason: "expected a list of films")
        }
        guard let timeZone = TimeZone(identifier: zone) else {
            throw ShowtimesError.invalidShow(provider: providerName, field: "time zone", value: zone)
        }
        let listing = Listing(cinemaID: cinemaID, cinemaName: cinemaName, date: date, zone: zone, timeZone: timeZone)
        var shows: [Show] = []
        var problems: [ShowtimesError] = []
        for case let film as [String: Any] in films {
            guard let title = text(film["film_name"]) else {
                problems.append(.invalidShow(provider: providerName, field: "film_name", value: ""))
                continue
            }
            let about = Film(
                id: text(film["film_id"]), title: title, year: earliestYear(film["release_dates"]),
                imdbID: imdbTitleID(film))
            let showings = film["showings"] as? [String: Any] ?? [:]
            // Sorted, so that the order of the answer's keys (a dictionary's) does not change the order of shows.
            for key in showings.keys.sorted() {
                let times = (showings[key] as? [String: Any])?["times"] as? [Any] ?? []
                for time in times {
                    do {
                        shows.append(try show(time as? [String: Any] ?? [:], of: about, format: key, in: listing))
                    } catch let error as ShowtimesError {
                        problems.append(error)
                    }
                }
            }
        }
        return ReadSchedule(shows: shows, unreadable: problems)
    }

    /// What one answer is about: the cinema, the day asked for and the cinema's zone.
    struct Listing {
        var cinemaID: String
        var cinemaName: String
        var date: String
        var zone: String
        var timeZone: TimeZone
    }

    /// What the shows of one film share.
    struct Film {
        var id: String?
        var title: String
        var year: Int?
        var imdbID: String?
    }

    /// One `{start_time, end_time}` as a ``Show``: a start before 03:00 is the next calendar day's small hours, and
    /// an end before the start is past midnight.
    static func show(_ time: [String: Any], of film: Film, format key: String, in listing: Listing) throws -> Show {
        let startText = text(time["start_time"]) ?? ""
        guard let startMinutes = clockMinutes(startText),
            let startDay = startMinutes < cinemaDayEndsAtMinutes ? nextDay(listing.date) : listing.date,
            CalendarDayText.isValid(startDay),
            let start = LocalClock.instant(localDateTime: "\(startDay)T\(clock(startMinutes))", in: listing.timeZone)
        else {
            throw ShowtimesError.invalidShow(provider: providerName, field: "start_time", value: startText)
        }
        var end: Date?
        if let endText = text(time["end_time"]), let endMinutes = clockMinutes(endText),
            let endDay = endMinutes < startMinutes ? nextDay(startDay) : startDay,
            let instant = LocalClock.instant(localDateTime: "\(endDay)T\(clock(endMinutes))", in: listing.timeZone),
            instant > start
        {
            end = instant
        }
        // "Standard" is the plain presentation; any other key ("3D", "IMAX") is the format.
        let trimmedKey = key.trimmingCharacters(in: .whitespaces)
        let format = trimmedKey.isEmpty || trimmedKey.lowercased() == "standard" ? nil : trimmedKey
        // The same film may start at the same time in two formats (two screens): the format keeps the ids apart.
        let showID = film.id.map {
            "\($0)-\(listing.cinemaID)-\(listing.date)T\(clock(startMinutes))" + (format.map { "-\($0)" } ?? "")
        }
        return Show(
            provider: providerID, providerShowID: showID, providerTheaterID: listing.cinemaID,
            providerTheaterName: listing.cinemaName, title: film.title, year: film.year, start: start, end: end,
            timeZoneIdentifier: listing.zone, format: format, imdbID: film.imdbID)
    }

    /// Minutes past midnight of `HH:MM` (or `HH:MM:SS`, `H:MM`), or nil.
    static func clockMinutes(_ text: String) -> Int? {
        let parts = text.trimmingCharacters(in: .whitespaces).split(separator: ":", omittingEmptySubsequences: false)
        guard (2...3).contains(parts.count), (1...2).contains(parts[0].count), parts[1].count == 2,
            parts.allSatisfy({ !$0.isEmpty && $0.allSatisfy { $0.isASCII && $0.isNumber } }),
            let hour = Int(parts[0]), let minute = Int(parts[1]), (0...23).contains(hour), (0...59).contains(minute)
        else { return nil }
        return hour * 60 + minute
    }

    /// `HH:MM` of minutes past midnight.
    static func clock(_ minutes: Int) -> String {
        let hours = minutes / 60
        let rest = minutes % 60
        return (hours < 10 ? "0" : "") + "\(hours):" + (rest < 10 ? "0" : "") + "\(rest)"
    }

    /// The calendar day after `day` (`YYYY-MM-DD`), or nil when `day` is not one.
    static func nextDay(_ day: String) -> String? {
        guard CalendarDayText.isValid(day) else { return nil }
        let parts = day.split(separator: "-").compactMap { Int($0) }
        guard parts.count == 3, (1...12).contains(parts[1]), (1...31).contains(parts[2]) else { return nil }
        let utc = TimeZone(secondsFromGMT: 0)!
        let calendar = LocalClock.calendar(utc)
        var components = DateComponents()
        components.year = parts[0]
        components.month = parts[1]
        components.day = parts[2]
        components.hour = 12
        guard let noon = calendar.date(from: components),
            let next = calendar.date(byAdding: .day, value: 1, to: noon)
        else { return nil }
        return LocalClock.day(of: next, in: utc)
    }

    /// `imdb_title_id` (`tt0076759`); else the deprecated numeric `imdb_id`, written the same way; or nil.
    static func imdbTitleID(_ film: [String: Any]) -> String? {
        if let id = text(film["imdb_title_id"]), id.hasPrefix("tt"), id.count > 2,
            id.dropFirst(2).allSatisfy({ $0.isASCII && $0.isNumber })
        {
            return id
        }
        if let numeric = number(film["imdb_id"]), numeric >= 1, numeric < 1e12, numeric == numeric.rounded() {
            let digits = String(Int(numeric))
            return "tt" + String(repeating: "0", count: max(0, 7 - digits.count)) + digits
        }
        return nil
    }

    /// The year of the earliest `release_dates[].release_date` (`YYYY-MM-DD`), or nil.
    static func earliestYear(_ value: Any?) -> Int? {
        guard let list = value as? [Any] else { return nil }
        return list.compactMap { entry -> Int? in
            guard let date = text((entry as? [String: Any])?["release_date"]), date.count >= 4,
                let year = Int(date.prefix(4)), (1870...2300).contains(year)
            else { return nil }
            return year
        }.min()
    }

    /// The top-level JSON object, nil for an empty body (204), or why it is not one.
    private static func object(_ data: Data, of what: String) throws -> [String: Any]? {
        if data.allSatisfy({ $0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D }) { return nil }
        // Refused before the parser recurses into it: a document nested past the limit could overflow the stack.
        guard JSONDepth.isWithinLimit(data) else {
            throw ShowtimesError.malformedJSON(
                provider: providerName, reason: "it nests arrays or objects more than \(JSONDepth.limit) deep")
        }
        guard let parsed = try? JSONSerialization.jsonObject(with: data) else {
            let looksLikeHTML = String(decoding: data.prefix(200), as: UTF8.self).contains("<")
            throw ShowtimesError.malformedJSON(
                provider: providerName, reason: looksLikeHTML ? "an HTML page came instead of the \(what)" : "not JSON")
        }
        guard let object = parsed as? [String: Any] else {
            throw ShowtimesError.malformedJSON(provider: providerName, reason: "expected an object with the \(what)")
        }
        return object
    }

    /// A string or number as trimmed text; nil when absent or empty.
    private static func text(_ value: Any?) -> String? {
        var raw: String?
        switch value {
        case let string as String: raw = string
        case let numeric as NSNumber: raw = numeric.stringValue
        default: raw = nil
        }
        guard let trimmed = raw?.trimmingCharacters(in: .whitespacesAndNewlines), !trimmed.isEmpty else { return nil }
        return trimmed
    }

    private static func number(_ value: Any?) -> Double? {
        switch value {
        case let numeric as NSNumber: numeric.doubleValue
        case let string as String: Double(string.trimmingCharacters(in: .whitespaces))
        default: nil
        }
    }
}
