import Foundation
import Showtimes

/// JSON pieces shared by `showtimes` and `plan`. Each is `Encodable` for `FilmFormat.json(_:)` (the reference the
/// tests compare with) and writes the same members, in its keys' byte order, with `PrettyJSON`.
package enum ShowJSON {
    /// A time as ISO 8601 with the offset of `zone`: `2026-11-22T18:30:00+02:00`, as `ISO8601DateFormatter` writes
    /// it with `.withInternetDateTime` (`LocalClock.iso8601` writes it without making one for every time).
    package static func time(_ date: Date, in zone: TimeZone) -> String { LocalClock.iso8601(date, in: zone) }

    package struct Match: Encodable, PrettyJSONObject {
        let confidence: String
        let score: Double
        let reason: String

        package func write(to json: inout PrettyJSON) {
            json.member("confidence", confidence)
            json.member("reason", reason)
            json.member("score", score)
        }
    }

    package struct ShowEntry: Encodable, PrettyJSONObject {
        let provider: String
        let provider_show_id: String?
        let title: String
        let original_title: String?
        let year: Int?
        let start: String
        let end: String?
        let start_local: String
        let time_zone: String
        let auditorium: String?
        let format: String?
        let url: String?

        package func write(to json: inout PrettyJSON) {
            json.member("auditorium", auditorium)
            json.member("end", end)
            json.member("format", format)
            json.member("original_title", original_title)
            json.member("provider", provider)
            json.member("provider_show_id", provider_show_id)
            json.member("start", start)
            json.member("start_local", start_local)
            json.member("time_zone", time_zone)
            json.member("title", title)
            json.member("url", url)
            json.member("year", integer: year)
        }
    }

    package struct TheaterEntry: Encodable, PrettyJSONObject {
        let provider_id: String
        let provider_name: String
        let id: String?
        let name: String?
        let address: String?
        /// Where the theater comes from: `catalog` (OSM or `--catalog`), or `gracenote` for a Gracenote theatre
        /// with no catalog match, placed at Gracenote's coordinates; nil when unmatched.
        let source: String?
        let match: Match?

        package func write(to json: inout PrettyJSON) {
            json.member("address", address)
            json.member("id", id)
            json.member("match", object: match)
            json.member("name", name)
            json.member("provider_id", provider_id)
            json.member("provider_name", provider_name)
            json.member("source", source)
        }
    }

    package static func show(_ show: Show) -> ShowEntry {
        ShowEntry(
            provider: show.provider, provider_show_id: show.providerShowID, title: show.title,
            original_title: show.originalTitle, year: show.year, start: time(show.start, in: show.timeZone),
            end: show.end.map { time($0, in: show.timeZone) }, start_local: show.localTime(of: show.start),
            time_zone: show.timeZoneIdentifier, auditorium: show.auditorium, format: show.format, url: show.bookingURL)
    }

    package static func theater(_ provider: ProviderTheater, _ match: TheaterMatch?) -> TheaterEntry {
        TheaterEntry(
            provider_id: provider.id, provider_name: provider.name, id: match?.theater.id, name: match?.theater.name,
            address: match?.theater.address,
            source: match.map { $0.theater.tags[NearbyShows.sourceTag] ?? "catalog" },
            match: match.map {
                Match(confidence: $0.confidence.rawValue, score: $0.confidence.score, reason: $0.reason)
            })
    }

    package static func match(_ film: FilmMatch) -> Match {
        Match(confidence: film.confidence.rawValue, score: film.confidence.score, reason: film.reason)
    }

    /// "Northern Lights (2026)".
    package static func title(_ title: String, year: Int?) -> String { title + (year.map { " (\($0))" } ?? "") }
}
