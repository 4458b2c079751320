import Foundation

/// One of Finnkino's theatre areas: a city, a region, or a single theater.
public struct TheatreArea: Sendable, Equatable, Codable {
    /// Finnkino's area id, such as "1002".
    public var id: String
    /// The area's name, such as "Helsinki" or "Helsinki: KINOPALATSI".
    public var name: String

    /// Creates an area.
    public init(id: String, name: String) {
        self.id = id
        self.name = name
    }
}

/// Reads Finnkino's XML documents (`/xml/Schedule/`, `/xml/TheatreAreas/`) into the provider-independent model.
public enum FinnkinoParsing {
    /// The provider's name in messages.
    public static let providerName = "Finnkino"
    /// The zone Finnkino's local times are in.
    public static let timeZoneIdentifier = "Europe/Helsinki"

    /// The shows of a `<Schedule>` document, in document order; an empty `<Shows/>` gives an empty list.
    /// - Throws: ``ShowtimesError/malformedXML(provider:line:reason:)`` or
    ///   ``ShowtimesError/invalidShow(provider:field:value:)``.
    public static func shows(fromSchedule data: Data) throws -> [Show] {
        try schedule(from: data).shows
    }

    /// A `<Schedule>` document's shows, leaving out the ones that cannot be read: one broken `<Show>` must not
    /// cost the user the whole day. Only when every show is unreadable (a changed format, not a slip) is that an
    /// error.
    /// - Throws: ``ShowtimesError/malformedXML(provider:line:reason:)``, or the first show's
    ///   ``ShowtimesError/invalidShow(provider:field:value:)`` when none can be read.
    public static func schedule(from data: Data) throws -> ReadSchedule {
        let records = try RecordXMLParser.records(named: "Show", root: "Schedule", in: data, provider: providerName)
        var shows: [Show] = []
        var problems: [ShowtimesError] = []
        for record in records {
            do {
                shows.append(try show(record))
            } catch let error as ShowtimesError {
                problems.append(error)
            }
        }
        if shows.isEmpty, let first = problems.first { throw first }
        return ReadSchedule(shows: shows, unreadable: problems)
    }

    /// The areas of a `<TheatreAreas>` document.
    public static func areas(from data: Data) throws -> [TheatreArea] {
        try RecordXMLParser.records(named: "TheatreArea", root: "TheatreAreas", in: data, provider: providerName)
            .compactMap { record in
                guard let id = record["ID"], let name = record["Name"] else { return nil }
                return TheatreArea(id: id, name: name)
            }
    }

    /// One `<Show>` record as a ``Show``: the start from `dttmShowStartUTC` when present, else from the local
    /// `dttmShowStart` in Europe/Helsinki; the end from the local `dttmShowEnd`.
    static func show(_ record: [String: String]) throws -> Show {
        let zone = LocalClock.timeZone(identifier: timeZoneIdentifier)!
        func required(_ field: String) throws -> String {
            guard let value = record[field] else {
                throw ShowtimesError.invalidShow(provider: providerName, field: field, value: "")
            }
            return value
        }
        let title = try required("Title")
        let start: Date
        if let utc = record["dttmShowStartUTC"] {
            guard let date = LocalClock.instant(iso8601: utc) else {
                throw ShowtimesError.invalidShow(provider: providerName, field: "dttmShowStartUTC", value: utc)
            }
            start = date
        } else {
            let local = try required("dttmShowStart")
            guard let date = LocalClock.instant(localDateTime: local, in: zone) else {
                throw ShowtimesError.invalidShow(provider: providerName, field: "dttmShowStart", value: local)
            }
            start = date
        }
        var end = record["dttmShowEnd"].flatMap { LocalClock.instant(localDateTime: $0, in: zone) }
        if end == nil || end! <= start, let minutes = record["LengthInMinutes"].flatMap(Int.init), minutes > 0 {
            end = start.addingTimeInterval(Double(minutes) * 60)
        }
        let theaterName = try required("Theatre")
        return Show(
            provider: "finnkino", providerShowID: record["ID"], providerTheaterID: record["TheatreID"] ?? theaterName,
            providerTheaterName: theaterName, title: title, originalTitle: record["OriginalTitle"],
            year: record["ProductionYear"].flatMap(Int.init), start: start, end: end,
            timeZoneIdentifier: timeZoneIdentifier,
            auditorium: record["TheatreAuditorium"], format: record["PresentationMethod"], bookingURL: record["ShowURL"]
        )
    }
}

/// The shows of one schedule document, and the problems of the ones left out.
public struct ReadSchedule: Sendable {
    public var shows: [Show]
    /// One error per `<Show>` that could not be read.
    public var unreadable: [ShowtimesError]
}
