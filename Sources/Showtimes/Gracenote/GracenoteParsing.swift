import Foundation
import Geo
import Tabular

/// Reads Gracenote's OnConnect v1.1 JSON (`/movies/showings`, `/theatres`) into the provider-independent model.
///
/// `/movies/showings` is an array of movies, each `{tmsId, rootId, title, releaseYear, runTime, showtimes: [{theatre:
/// {id, name}, dateTime, ticketURI?, barg?, quals?}]}`. `dateTime` is the theatre's wall clock without an offset
/// (`2026-11-25T19:00`), so the zone comes from where the theatre is. `/theatres` is an array of
/// `{theatreId, name, location: {distance, telephone?, geoCode: {latitude, longitude}, address: {street, city, state,
/// postalCode, country}}}`, the coordinates written as strings.
public enum GracenoteParsing {
    /// The provider's name in messages.
    public static let providerName = "Gracenote"

    /// The shows of a `/movies/showings` answer, leaving out the showtimes that cannot be read. Only when every
    /// showtime is unreadable (a changed format, not a slip) is that an error; an empty array is an empty day.
    /// - Parameter zoneOfTheatre: The IANA zone of a theatre, by Gracenote's theatre id.
    /// - Throws: ``ShowtimesError/malformedJSON(provider:reason:)``, or the first
    ///   ``ShowtimesError/invalidShow(provider:field:value:)`` when none can be read.
    public static func schedule(fromShowings data: Data, zoneOfTheatre: (String) -> String) throws -> ReadSchedule {
        let movies = try array(data, of: "movies")
        var shows: [Show] = []
        var problems: [ShowtimesError] = []
        for movie in movies {
            guard let title = string(movie["title"]), !title.isEmpty else {
                problems.append(.invalidShow(provider: providerName, field: "title", value: ""))
                continue
            }
            let year = integer(movie["releaseYear"])
            let runMinutes = string(movie["runTime"]).flatMap(minutes(ofDuration:))
            let movieID = string(movie["tmsId"]) ?? string(movie["rootId"])
            for showtime in movie["showtimes"] as? [[String: Any]] ?? [] {
                do {
                    shows.append(
                        try show(
                            showtime, title: title, year: year, runMinutes: runMinutes, movieID: movieID,
                            zoneOfTheatre: zoneOfTheatre))
                } catch let error as ShowtimesError {
                    problems.append(error)
                }
            }
        }
        if shows.isEmpty, let first = problems.first { throw first }
        return ReadSchedule(shows: shows, unreadable: problems)
    }

    /// The theatres of a `/theatres` answer, in its order (nearest first); entries without an id are left out.
    /// - Throws: ``ShowtimesError/malformedJSON(provider:reason:)``.
    public static func theatres(from data: Data) throws -> [GracenoteTheatre] {
        try array(data, of: "theatres").compactMap { entry in
            guard let id = string(entry["theatreId"]), let name = string(entry["name"]) else { return nil }
            let location = entry["location"] as? [String: Any] ?? [:]
            let geo = location["geoCode"] as? [String: Any] ?? [:]
            let address = location["address"] as? [String: Any] ?? [:]
            var coordinate: Coordinate?
            if let latitude = number(geo["latitude"]), let longitude = number(geo["longitude"]) {
                coordinate = try? Coordinate(latitude: latitude, longitude: longitude)
            }
            let street = [string(address["street"]), string(address["street2"])].compactMap { $0 }
                .filter { !$0.isEmpty }
            return GracenoteTheatre(
                id: id, name: name, coordinate: coordinate,
                street: street.isEmpty ? nil : street.joined(separator: ", "), city: string(address["city"]),
                state: string(address["state"]), postalCode: string(address["postalCode"]),
                country: string(address["country"]), telephone: string(location["telephone"]),
                distanceKilometers: number(location["distance"]))
        }
    }

    /// One showtime as a ``Show``, on the clock of its theatre's zone.
    static func show(
        _ showtime: [String: Any], title: String, year: Int?, runMinutes: Int?, movieID: String?,
        zoneOfTheatre: (String) -> String
    ) throws -> Show {
        let theatre = showtime["theatre"] as? [String: Any] ?? [:]
        guard let theatreID = string(theatre["id"]), !theatreID.isEmpty else {
            throw ShowtimesError.invalidShow(provider: providerName, field: "theatre.id", value: "")
        }
        let local = string(showtime["dateTime"]) ?? ""
        let zoneIdentifier = zoneOfTheatre(theatreID)
        guard let zone = LocalClock.timeZone(identifier: zoneIdentifier),
            let start = LocalClock.instant(localDateTime: local, in: zone)
        else {
            throw ShowtimesError.invalidShow(provider: providerName, field: "dateTime", value: local)
        }
        let quals = string(showtime["quals"])
        return Show(
            provider: ShowtimesProvider.gracenote.id,
            providerShowID: movieID.map { "\($0)-\(theatreID)-\(local)" }, providerTheaterID: theatreID,
            providerTheaterName: string(theatre["name"]) ?? theatreID, title: title, year: year, start: start,
            end: runMinutes.map { start.addingTimeInterval(Double($0) * 60) }, timeZoneIdentifier: zoneIdentifier,
            format: quals.flatMap(format(ofQualifiers:)), bookingURL: string(showtime["ticketURI"]))
    }

    /// "3D", "IMAX" or "IMAX 3D" from Gracenote's `quals` ("Closed Captioned|Recliner Seats|3D"), or nil.
    static func format(ofQualifiers quals: String) -> String? {
        let parts = quals.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces).uppercased() }
        let found = ["IMAX", "3D"].filter { parts.contains($0) }
        return found.isEmpty ? nil : found.joined(separator: " ")
    }

    /// The longest run time read: a day. A showing is listed in one day's schedule, so a longer one is damage; the
    /// bound also keeps the sum far from overflowing.
    static let longestRunMinutes = 24 * 60

    /// Minutes of an ISO 8601 duration such as `PT01H46M`, or nil (nil too beyond ``longestRunMinutes``).
    static func minutes(ofDuration text: String) -> Int? {
        guard text.hasPrefix("PT") else { return nil }
        var total = 0
        var digits = ""
        for character in text.dropFirst(2) {
            if character.isNumber {
                digits.append(character)
            } else if character == "H", let value = Int(digits), value <= longestRunMinutes / 60 {
                total += value * 60
                digits = ""
            } else if character == "M", let value = Int(digits), value <= longestRunMinutes {
                total += value
                digits = ""
            } else {
                return nil
            }
        }
        return total > 0 && total <= longestRunMinutes ? total : nil
    }

    /// The top-level JSON array of objects, or why it is not one.
    private static func array(_ data: Data, of what: String) throws -> [[String: Any]] {
        // Refused before the parser recurses into it: a document nested past the limit could overflow the stack.
        guard JSONDepth.isWithinLimit(data) else {
            throw ShowtimesError.malformedJSON(
                provider: providerName, reason: "it nests arrays or objects more than \(JSONDepth.limit) deep")
        }
        guard let object = try? JSONSerialization.jsonObject(with: data) else {
            let looksLikeHTML = String(decoding: data.prefix(200), as: UTF8.self).contains("<")
            throw ShowtimesError.malformedJSON(
                provider: providerName, reason: looksLikeHTML ? "an HTML page came instead of the \(what)" : "not JSON")
        }
        guard let array = object as? [Any] else {
            throw ShowtimesError.malformedJSON(provider: providerName, reason: "expected a list of \(what)")
        }
        return array.compactMap { $0 as? [String: Any] }
    }

    private static func string(_ value: Any?) -> String? {
        switch value {
        case let text as String: text
        case let number as NSNumber: number.stringValue
        default: nil
        }
    }

    private static func number(_ value: Any?) -> Double? {
        switch value {
        case let number as NSNumber: number.doubleValue
        case let text as String: Double(text.trimmingCharacters(in: .whitespaces))
        default: nil
        }
    }

    private static func integer(_ value: Any?) -> Int? {
        switch value {
        case let number as NSNumber: number.intValue
        case let text as String: Int(text)
        default: nil
        }
    }
}
