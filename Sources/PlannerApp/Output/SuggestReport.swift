import Basics
import Foundation
import Geo
import Planner
import Showtimes
import Theaters

/// `planner suggest` rendered for people and programs.
package struct SuggestReport {
    package let found: TheaterSearch
    package let region: String
    package let plan: Planner.Suggestions
    package let routes: [Route<Theater>]
    package let mode: TravelMode
    package let source: String
    package let notes: [String]
    /// The cinemas that show each film in the coming days; nil where no provider covers the region.
    package var showings: SuggestShowings? = nil
    /// Why the showtimes could not be had, when a provider covers the region but failed.
    package var showingsFailure: String? = nil
    /// Each watchlisted film's overview, by TMDb id: in JSON always, in the table under each film with `long`.
    package var overviews: [Int: String] = [:]
    /// Each watchlisted film's poster path, by TMDb id, for the JSON's `poster_url`.
    package var posterPaths: [Int: String] = [:]
    /// Where posters are; a face that writes JSON asks for it (``FilmServices/imageLinks()``).
    package var images: ImageLinks = .none
    /// Whether the table shows each film's overview under its line (`--long`).
    package var long = false
    /// The country showtimes were asked for: the origin's, which may differ from `region` (`--region`).
    package var showtimesCountry: String?
    /// Which providers would cover that country, and how to configure them, where none configured does.
    package var showtimesHints: [String] = []

    /// The notes, with what the report knows of showtimes.
    var allNotes: [String] {
        var all = notes + found.routing.notes
        if let showingsFailure { all.append(showingsFailure) }
        if showings == nil && showingsFailure == nil {
            all.append(
                "showtimes are unknown in \(showtimesCountry ?? "this place")"
                    + (showtimesHints.isEmpty ? "" : " (" + showtimesHints.joined(separator: "; ") + ")")
                    + ": the nearest cinemas are listed, not only those showing each film")
        }
        return all
    }

    package func table() -> String {
        var lines = ["Your watchlist in cinemas in \(region), near \(found.origin.displayName)"]
        lines += allNotes.map { "note: " + $0 }
        if plan.inTheaters.isEmpty {
            lines.append("")
            lines.append("None of your watchlisted films is in cinemas in \(region) now.")
        }
        for (i, entry) in plan.inTheaters.enumerated() {
            lines.append("")
            lines.append("\(i + 1). \(title(entry.film)): \(entry.reason)")
            if long { lines.append("   " + (overviews[entry.film.tmdbID] ?? "(no overview)")) }
            if let showings {
                let filmShowings = showings.byFilm[entry.film.tmdbID] ?? []
                lines += showingLines(filmShowings)
                if long { lines += ticketLines(filmShowings) }
                continue
            }
            if routes.isEmpty {
                lines.append("   no cinemas within \(found.radius) of \(found.origin.label)")
                continue
            }
            var table = TextTable(
                headers: ["", "Cinema", "Distance", mode.rawValue.capitalized, "Address"],
                alignments: [.right, .left, .right, .right, .left])
            for (rank, route) in routes.enumerated() {
                table.rows.append([
                    "   \(rank + 1)", route.theater.name, DistanceFormat.human(meters: route.straightLineMeters),
                    DistanceFormat.minutes(seconds: route.durationSeconds), route.theater.address ?? "",
                ])
            }
            lines.append(table.render())
        }
        if !plan.upcoming.isEmpty {
            lines.append("")
            lines.append("Coming to cinemas in \(region)")
            for entry in plan.upcoming {
                lines.append("   \(entry.release)  \(days(entry.daysUntil))  \(title(entry.film))")
                if long { lines.append("      " + (overviews[entry.film.tmdbID] ?? "(no overview)")) }
            }
        }
        if !plan.leftTheaters.isEmpty {
            lines.append("")
            lines.append("Left cinemas: " + plan.leftTheaters.map(title).joined(separator: ", "))
        }
        if !plan.unknown.isEmpty {
            lines.append("No release date in \(region): " + plan.unknown.map(title).joined(separator: ", "))
        }
        lines.append("")
        lines.append(
            "Now-playing list \(source). Times: "
                + travelTimesSource(routes.map(\.source))
                + ". Films: TMDb (not endorsed or "
                + "certified by TMDb)." + (found.catalog.attribution.map { " Cinemas: \($0)." } ?? ""))
        return lines.joined(separator: "\n")
    }

    /// The report as JSON: what ``FilmFormat/json(_:)`` writes of ``document()``, written directly with
    /// ``PrettyJSON``, as the server answers `/v1/me/suggest`.
    package func json() throws -> String { String(decoding: try jsonUTF8(), as: UTF8.self) }

    /// ``json()`` as UTF-8, which a server sends without making a string of it.
    package func jsonUTF8() throws -> [UInt8] { try document().prettyJSONUTF8() }

    /// The same JSON through `JSONEncoder`: what ``json()`` must write, byte for byte (the tests compare them).
    func jsonByEncoder() throws -> String { try FilmFormat.json(document()) }

    struct FilmEntry: Encodable, PrettyJSONObject {
        let id: Int
        let title: String
        let year: Int?
        let release_date: String?
        let overview: String?
        let poster_url: Nullable<String>

        func write(to json: inout PrettyJSON) {
            json.member("id", integer: id)
            json.member("overview", overview)
            json.key("poster_url")
            if let url = poster_url.value { json.string(url) } else { json.null() }
            json.member("release_date", release_date)
            json.member("title", title)
            json.member("year", integer: year)
        }
    }

    struct TheaterEntry: Encodable, PrettyJSONObject {
        let rank: Int
        let id: String
        let name: String
        let distance_m: Double
        let route_distance_m: Double
        let duration_s: Double
        let source: String
        let address: String?

        func write(to json: inout PrettyJSON) {
            json.member("address", address)
            json.member("distance_m", distance_m)
            json.member("duration_s", duration_s)
            json.member("id", id)
            json.member("name", name)
            json.member("rank", integer: rank)
            json.member("route_distance_m", route_distance_m)
            json.member("source", source)
        }
    }

    struct ShowEntry: Encodable, PrettyJSONObject {
        let start: String
        let time_zone: String
        let auditorium: String?
        let booking_url: String?

        func write(to json: inout PrettyJSON) {
            json.member("auditorium", auditorium)
            json.member("booking_url", booking_url)
            json.member("start", start)
            json.member("time_zone", time_zone)
        }
    }

    struct ShowingEntry: Encodable, PrettyJSONObject {
        let id: String
        let name: String
        let distance_m: Double?
        let duration_s: Double?
        let next_shows: [ShowEntry]

        func write(to json: inout PrettyJSON) {
            json.member("distance_m", distance_m)
            json.member("duration_s", duration_s)
            json.member("id", id)
            json.member("name", name)
            json.member("next_shows", objects: next_shows)
        }
    }

    struct InTheaters: Encodable, PrettyJSONObject {
        let film: FilmEntry
        let reason: String
        let theaters: [TheaterEntry]
        /// Where a provider covers the region: only the cinemas that show the film, with their next shows.
        let showings: [ShowingEntry]?
        /// `theaters` as written once for every film (the same cinemas, at the same depth), when it was.
        var writtenTheaters: PrettyJSON.Members? = nil

        private enum CodingKeys: String, CodingKey { case film, reason, theaters, showings }

        /// The `theaters` member of any film's object, written once.
        static func theatersMember(_ theaters: [TheaterEntry]) -> PrettyJSON.Members {
            // The document's object, its `in_theaters` array, and a film's object.
            PrettyJSON.members(depth: 3) { $0.member("theaters", objects: theaters) }
        }

        func write(to json: inout PrettyJSON) {
            json.member("film", object: film)
            json.member("reason", reason)
            if let showings { json.member("showings", objects: showings) }
            if let writtenTheaters { json.members(writtenTheaters) } else { json.member("theaters", objects: theaters) }
        }
    }

    struct Upcoming: Encodable, PrettyJSONObject {
        let film: FilmEntry
        let release_date: String
        let days_until: Int

        func write(to json: inout PrettyJSON) {
            json.member("days_until", integer: days_until)
            json.member("film", object: film)
            json.member("release_date", release_date)
        }
    }

    /// The JSON document: `Encodable` for the encoder, and written member by member, in the order of the keys'
    /// bytes, as `sortedKeys` orders them.
    struct Document: Encodable, PrettyJSONObject {
        let region: String
        let origin: [String: String]
        let mode: String
        let in_theaters: [InTheaters]
        let upcoming: [Upcoming]
        let left_theaters: [FilmEntry]
        let no_release_date: [FilmEntry]
        let notes: [String]
        let showtimes_source: String?

        func write(to json: inout PrettyJSON) {
            json.member("in_theaters", objects: in_theaters)
            json.member("left_theaters", objects: left_theaters)
            json.member("mode", mode)
            json.member("no_release_date", objects: no_release_date)
            json.member("notes", strings: notes)
            json.member("origin", strings: origin)
            json.member("region", region)
            json.member("showtimes_source", showtimes_source)
            json.member("upcoming", objects: upcoming)
        }
    }

    /// What the JSON holds.
    func document() -> Document {
        func entry(_ film: PlannedFilm) -> FilmEntry {
            FilmEntry(
                id: film.tmdbID, title: film.title, year: film.year, release_date: film.theatricalRelease?.description,
                overview: overviews[film.tmdbID], poster_url: Nullable(images.poster(posterPaths[film.tmdbID])))
        }
        let theaters = routes.enumerated().map { rank, route in
            TheaterEntry(
                rank: rank + 1, id: route.theater.id, name: route.theater.name,
                distance_m: rounded(route.straightLineMeters, 1), route_distance_m: rounded(route.distanceMeters, 1),
                duration_s: route.durationSeconds.rounded(), source: route.source.rawValue, address: route.theater.address)
        }
        let writtenTheaters = plan.inTheaters.count > 1 ? InTheaters.theatersMember(theaters) : nil
        return Document(
            region: region,
            origin: ["label": found.origin.label, "coordinate": found.origin.coordinate.description],
            mode: mode.rawValue,
            in_theaters: plan.inTheaters.map { suggested in
                let showings = showings.map { known in
                    (known.byFilm[suggested.film.tmdbID] ?? []).map { showing in
                        ShowingEntry(
                            id: showing.theater.id, name: showing.theater.name,
                            distance_m: showing.route.map { rounded($0.straightLineMeters, 1) },
                            duration_s: showing.route.map { $0.durationSeconds.rounded() },
                            next_shows: showing.nextShows.map {
                                ShowEntry(
                                    start: Self.utcTime($0.start), time_zone: $0.timeZoneIdentifier,
                                    auditorium: $0.auditorium, booking_url: $0.bookingURL)
                            })
                    }
                }
                return InTheaters(
                    film: entry(suggested.film), reason: suggested.reason.description, theaters: theaters, showings: showings,
                    writtenTheaters: writtenTheaters)
            },
            upcoming: plan.upcoming.map { Upcoming(film: entry($0.film), release_date: $0.release.description, days_until: $0.daysUntil) },
            left_theaters: plan.leftTheaters.map(entry), no_release_date: plan.unknown.map(entry), notes: allNotes,
            showtimes_source: showings?.source)
    }

    package func geoJSON() -> String {
        var collection = RouteCollection.featureCollection(
            origin: found.origin.coordinate, originLabel: found.origin.label, routes: routes)
        let titles = GeoJSON.Value.array(plan.inTheaters.map { .string($0.film.title) })
        for i in collection.features.indices where collection.features[i].properties["role"] == "theater" {
            collection.features[i].properties["films"] = titles
        }
        return collection.encoded()
    }

    /// The cinemas showing one film, nearest first, each with its next shows on its own clock.
    func showingLines(_ showings: [SuggestShowings.Showing]) -> [String] {
        guard !showings.isEmpty else {
            return ["   no show at the cinemas within \(found.radius) in the next \(SuggestShowings.days) days"]
        }
        var table = TextTable(
            headers: ["", "Cinema", "Distance", mode.rawValue.capitalized, "Next shows"],
            alignments: [.right, .left, .right, .right, .left])
        for (rank, showing) in showings.enumerated() {
            table.rows.append([
                "   \(rank + 1)", showing.theater.name,
                showing.route.map { DistanceFormat.human(meters: $0.straightLineMeters) } ?? "",
                showing.route.map { DistanceFormat.minutes(seconds: $0.durationSeconds) } ?? "",
                showing.nextShows.map(Self.shortTime).joined(separator: ", "),
            ])
        }
        return [table.render()]
    }

    /// With `--long`: each next show's ticket link, where the provider gives one.
    func ticketLines(_ showings: [SuggestShowings.Showing]) -> [String] {
        showings.flatMap { showing in
            showing.nextShows.compactMap { show in
                show.bookingURL.map { "   tickets: \(showing.theater.name) \(Self.shortTime(show)): \($0)" }
            }
        }
    }

    /// An instant as `ISO8601DateFormatter()` writes it by default (in GMT: `2026-11-27T16:30:00Z`), without
    /// making a formatter for every show.
    static func utcTime(_ date: Date) -> String { LocalClock.iso8601GMT(date) }

    /// "Thu 19:00", on the show's own clock.
    static func shortTime(_ show: Show) -> String {
        // By arithmetic in the years the calendar reads alike (its first use in a command, and `String(format:)`'s,
        // each scan every protocol conformance in the binary).
        let clock = LocalClock.wallClock(of: show.start, in: show.timeZone)
        if CivilDay.calendarYears.contains(clock.year) {
            let days = CivilDay.days(year: clock.year, month: clock.month, day: clock.day)
            // 1970-01-01 was a Thursday.
            let weekday = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"][((days % 7) + 11) % 7]
            func twoDigits(_ value: Int) -> String { (value < 10 ? "0" : "") + String(value) }
            return weekday + " " + twoDigits(clock.hour) + ":" + twoDigits(clock.minute)
        }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = show.timeZone
        let weekday = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"][calendar.component(.weekday, from: show.start) - 1]
        return String(format: "%@ %02d:%02d", weekday, calendar.component(.hour, from: show.start),
            calendar.component(.minute, from: show.start))
    }

    package func title(_ film: PlannedFilm) -> String {
        film.title + (film.year.map { " (\($0))" } ?? "")
    }

    package func days(_ n: Int) -> String {
        n == 1 ? "tomorrow   " : "in \(n) days".padding(toLength: 11, withPad: " ", startingAt: 0)
    }
    package init(found: TheaterSearch, region: String, plan: Planner.Suggestions, routes: [Route<Theater>], mode: TravelMode, source: String, notes: [String]) {
        self.found = found
        self.region = region
        self.plan = plan
        self.routes = routes
        self.mode = mode
        self.source = source
        self.notes = notes
    }

}
