import Foundation
import Geo
import Planner
import Showtimes
import Theaters

/// `planner showtimes` rendered for people and programs.
package struct ShowtimesReport {
    package let nearby: NearbyShows
    package let shows: [Show]
    package let watchlist: [FilmCandidate]
    package let mode: TravelMode
    package let film: FilmReference?
    /// Whether the table has a Tickets column with each show's booking link (`--long`).
    package var long = false
    /// The watchlist's title keys, worked out once for matching every show.
    private let watchlistKeys: [FilmKeys]

    /// Travel time to each nearby matched theater (a provider's own theater too), by theater id. Without the
    /// routes' lines: the table and the JSON write only the times.
    package var routes: [String: Route<Theater>] {
        var seen = Set<String>()
        let theaters = nearby.matching.matches.values.map(\.theater).sorted { $0.id < $1.id }
            .filter { seen.insert($0.id).inserted }
        let router: any Router = nearby.found.routing.router
        return Dictionary(
            router.routesWithoutLines(from: nearby.found.origin.coordinate, to: theaters, mode: mode).map {
                ($0.theater.id, $0)
            },
            uniquingKeysWith: { first, _ in first })
    }

    package func table() -> String {
        var zones = Set(shows.map(\.timeZoneIdentifier))
        if zones.isEmpty { zones = [nearby.timeZoneIdentifier] }
        var lines = [
            "Showtimes on \(nearby.localDay) within \(nearby.found.radius) of \(nearby.found.origin.displayName)"
                + (film.map { ", for '\($0)'" } ?? "") + (zones.count == 1 ? " (times in \(zones.first!))" : "")
        ]
        lines += nearby.notes.map { "note: " + $0 }
        lines += nearby.theaterNotes.map { "note: " + $0 }
        lines.append("")
        if shows.isEmpty {
            lines.append("no shows at nearby theaters on \(nearby.localDay)")
        } else {
            let routes = self.routes
            var table = TextTable(
                headers: [
                    "Start", "End", "Film", "Cinema", mode.rawValue.capitalized, "Screen", "Format", "Watchlist",
                ] + (long ? ["Tickets"] : []),
                alignments: [.left, .left, .left, .left, .right, .left, .left, .left] + (long ? [.left] : []))
            for show in shows {
                let theater = nearby.matching.matches[show.providerTheaterID]?.theater
                let route = theater.flatMap { routes[$0.id] }
                let match = FilmMatcher.match(show, films: watchlistKeys)
                table.rows.append([
                    show.localTime(of: show.start), show.end.map(show.localTime) ?? "",
                    ShowJSON.title(show.title, year: show.year),
                    theater?.name ?? show.providerTheaterName,
                    route.map { DistanceFormat.minutes(seconds: $0.durationSeconds) } ?? "",
                    show.auditorium ?? "", show.format ?? "", match.map { "\($0.film.title) (\($0.confidence.rawValue))" } ?? "",
                ] + (long ? [show.bookingURL ?? ""] : []))
            }
            lines.append(table.render())
        }
        lines.append("")
        lines.append(
            "\(shows.count) show\(shows.count == 1 ? "" : "s"). Showtimes: \(nearby.source). "
                + (nearby.found.routing.areaName == nil ? "Travel times are estimates." : "Travel times by road.") + (nearby.found.catalog.attribution.map { " Cinemas: \($0)." } ?? ""))
        return lines.joined(separator: "\n")
    }

    /// The report as JSON: what ``FilmFormat/json(_:)`` writes of ``document()``, written directly with
    /// ``PrettyJSON``, as the server answers `/v1/showtimes` on every request.
    package func json() throws -> String { String(decoding: try jsonUTF8(), as: UTF8.self) }

    /// ``json()`` as UTF-8, which a server sends without making a string of it.
    package func jsonUTF8() throws -> [UInt8] { try document().prettyJSONUTF8() }

    /// The same JSON through `JSONEncoder`: what ``json()`` must write, byte for byte (the tests compare them).
    func jsonByEncoder() throws -> String { try FilmFormat.json(document()) }

    /// One show in the JSON, with its theater, the travel time to it and the watchlisted film it is of.
    struct Entry: Encodable, PrettyJSONObject {
        let show: ShowJSON.ShowEntry
        let theater: ShowJSON.TheaterEntry
        let travel_s: Double?
        let watchlist_film: Int?
        let film_match: ShowJSON.Match?

        func write(to json: inout PrettyJSON) {
            json.member("film_match", object: film_match)
            json.member("show", object: show)
            json.member("theater", object: theater)
            json.member("travel_s", travel_s)
            json.member("watchlist_film", integer: watchlist_film)
        }
    }

    /// The JSON document: `Encodable` for the encoder, and written member by member, in the order of the keys'
    /// bytes, as `sortedKeys` orders them.
    struct Document: Encodable, PrettyJSONObject {
        let date: String
        let origin: [String: String]
        let mode: String
        let source: String
        let shows: [Entry]
        let unmatched_theaters: [ShowJSON.TheaterEntry]
        let notes: [String]

        func write(to json: inout PrettyJSON) {
            json.member("date", date)
            json.member("mode", mode)
            json.member("notes", strings: notes)
            json.member("origin", strings: origin)
            json.member("shows", objects: shows)
            json.member("source", source)
            json.member("unmatched_theaters", objects: unmatched_theaters)
        }
    }

    /// What the JSON holds.
    func document() -> Document {
        let routes = self.routes
        let entries = shows.map { show -> Entry in
            let match = nearby.matching.matches[show.providerTheaterID]
            let film = FilmMatcher.match(show, films: watchlistKeys)
            return Entry(
                show: ShowJSON.show(show),
                theater: ShowJSON.theater(
                    ProviderTheater(id: show.providerTheaterID, name: show.providerTheaterName), match),
                travel_s: match.flatMap { routes[$0.theater.id] }.map { $0.durationSeconds.rounded() },
                watchlist_film: film?.film.id, film_match: film.map(ShowJSON.match))
        }
        return Document(
            date: nearby.localDay,
            origin: ["label": nearby.found.origin.label, "coordinate": nearby.found.origin.coordinate.description],
            mode: mode.rawValue, source: nearby.source, shows: entries,
            unmatched_theaters: nearby.matching.unmatched.map { ShowJSON.theater($0, nil) },
            notes: nearby.notes + nearby.theaterNotes + nearby.found.routing.notes)
    }

    package init(nearby: NearbyShows, shows: [Show], watchlist: [FilmCandidate], mode: TravelMode, film: FilmReference?) {
        self.nearby = nearby
        self.shows = shows
        self.watchlist = watchlist
        watchlistKeys = watchlist.map(FilmKeys.init)
        self.mode = mode
        self.film = film
    }

}
