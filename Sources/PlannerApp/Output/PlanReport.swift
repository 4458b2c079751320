import Foundation
import Geo
import Planner
import Showtimes

/// `planner plan` rendered for people and programs, and its first show as an iCalendar event.
package struct PlanReport {
    package let nearby: NearbyShows
    package let plan: EveningPlan
    package let mode: TravelMode
    package let after: ClockTime?
    package let before: ClockTime?
    package let buffer: BufferDuration
    package let watchlistCount: Int
    /// Whether the table has a Tickets column with each show's booking link (`--long`).
    package var long = false

    package var windowText: String {
        switch (after, before) {
        case (let a?, let b?): "shows from \(a) to \(b)"
        case (let a?, nil): "shows from \(a)"
        case (nil, let b?): "shows before \(b)"
        case (nil, nil): "all shows"
        }
    }

    package func table() -> String {
        // The shows' zone; with none planned, the zone the day was read in (the provider's, or the origin's).
        var zones = Set(plan.shows.map(\.show.timeZoneIdentifier))
        if zones.isEmpty { zones = [nearby.timeZoneIdentifier] }
        var lines = [
            "Evening plan for \(nearby.localDay) from \(nearby.found.origin.displayName): \(mode.rawValue), "
                + "\(windowText), \(buffer) buffer" + (zones.count == 1 ? " (times in \(zones.first!))" : "")
        ]
        lines += (nearby.notes + nearby.found.routing.notes).map { "note: " + $0 }
        lines += nearby.theaterNotes.map { "note: " + $0 }
        lines.append("")
        if watchlistCount == 0 {
            lines.append("Your watchlist is empty: add films with 'planner watchlist add ID|TITLE'.")
        } else if nearby.shows.isEmpty {
            lines.append("No shows at all on \(nearby.localDay) from \(nearby.source).")
        } else if plan.shows.isEmpty {
            lines.append("No reachable show of a watchlisted film at a nearby theater in the window.")
        } else {
            var table = TextTable(
                headers: ["#", "Leave by", "Start", "Film", "Cinema", mode.rawValue.capitalized, "Screen", "Format"]
                    + (long ? ["Tickets"] : []),
                alignments: [.right, .left, .left, .left, .left, .right, .left, .left] + (long ? [.left] : []))
            for (rank, entry) in plan.shows.enumerated() {
                let show = entry.show
                table.rows.append([
                    "\(rank + 1)", show.localTime(of: entry.leaveBy), show.localTime(of: show.start),
                    ShowJSON.title(entry.film.film.title, year: entry.film.film.year), entry.theater.theater.name,
                    "\(entry.travelMinutes) min", show.auditorium ?? "", show.format ?? "",
                ] + (long ? [show.bookingURL ?? ""] : []))
            }
            lines.append(table.render())
        }
        if !plan.missed.isEmpty {
            lines.append("")
            lines.append(
                "Too late to reach: "
                    + plan.missed.map { "\($0.film.film.title) at \($0.show.localTime(of: $0.show.start))" }.joined(
                        separator: ", "))
        }
        if watchlistCount > 0, !nearby.shows.isEmpty, !plan.filmsWithoutShows.isEmpty {
            lines.append(
                "No reachable show in the window: "
                    + plan.filmsWithoutShows.map { ShowJSON.title($0.title, year: $0.year) }.joined(separator: ", "))
        }
        if plan.otherShowCount > 0 {
            lines.append(
                "\(plan.otherShowCount) other show\(plan.otherShowCount == 1 ? " is" : "s are") "
                    + "of films not on your watchlist.")
        }
        lines.append("")
        let travel =
            plan.shows.isEmpty
            ? "" : "Travel times: "
                + travelTimesSource(plan.shows.map(\.route.source)) + ". "
        lines.append(
            "Leave by = start − travel − buffer. " + travel
                + "Showtimes: \(nearby.source)." + (nearby.found.catalog.attribution.map { " Cinemas: \($0)." } ?? ""))
        return lines.joined(separator: "\n")
    }

    /// The report as JSON: what ``FilmFormat/json(_:)`` writes of ``document()``, written directly with
    /// ``PrettyJSON``, as the server answers `/v1/plan` on every request.
    package func json() throws -> String { String(decoding: try jsonUTF8(), as: UTF8.self) }

    /// ``json()`` as UTF-8, which a server sends without making a string of it.
    package func jsonUTF8() throws -> [UInt8] { try document().prettyJSONUTF8() }

    /// The same JSON through `JSONEncoder`: what ``json()`` must write, byte for byte (the tests compare them).
    func jsonByEncoder() throws -> String { try FilmFormat.json(document()) }

    /// One planned (or missed) show in the JSON.
    struct Entry: Encodable, PrettyJSONObject {
        let rank: Int
        let leave_by: String
        let leave_by_local: String
        let travel_min: Int
        let travel_s: Double
        let buffer_min: Int
        let route_source: String
        let film: FilmEntry
        let film_match: ShowJSON.Match
        let show: ShowJSON.ShowEntry
        let theater: ShowJSON.TheaterEntry

        func write(to json: inout PrettyJSON) {
            json.member("buffer_min", integer: buffer_min)
            json.member("film", object: film)
            json.member("film_match", object: film_match)
            json.member("leave_by", leave_by)
            json.member("leave_by_local", leave_by_local)
            json.member("rank", integer: rank)
            json.member("route_source", route_source)
            json.member("show", object: show)
            json.member("theater", object: theater)
            json.member("travel_min", integer: travel_min)
            json.member("travel_s", travel_s)
        }
    }

    /// A watchlisted film in the JSON.
    struct FilmEntry: Encodable, PrettyJSONObject {
        let id: Int
        let title: String
        let original_title: String?
        let year: Int?

        func write(to json: inout PrettyJSON) {
            json.member("id", integer: id)
            json.member("original_title", original_title)
            json.member("title", title)
            json.member("year", integer: year)
        }
    }

    /// The JSON document: `Encodable` for the encoder, and written member by member, in the order of the keys'
    /// bytes, as `sortedKeys` orders them.
    struct Document: Encodable, PrettyJSONObject {
        let date: String
        let origin: [String: String]
        let mode: String
        let after: String?
        let before: String?
        let buffer_min: Int
        let source: String
        let shows: [Entry]
        let missed: [Entry]
        let films_without_shows: [FilmEntry]
        let unmatched_theaters: [ShowJSON.TheaterEntry]
        let other_show_count: Int
        let notes: [String]

        func write(to json: inout PrettyJSON) {
            json.member("after", after)
            json.member("before", before)
            json.member("buffer_min", integer: buffer_min)
            json.member("date", date)
            json.member("films_without_shows", objects: films_without_shows)
            json.member("missed", objects: missed)
            json.member("mode", mode)
            json.member("notes", strings: notes)
            json.member("origin", strings: origin)
            json.member("other_show_count", integer: other_show_count)
            json.member("shows", objects: shows)
            json.member("source", source)
            json.member("unmatched_theaters", objects: unmatched_theaters)
        }
    }

    /// What the JSON holds.
    func document() -> Document {
        func film(_ film: FilmCandidate) -> FilmEntry {
            FilmEntry(id: film.id, title: film.title, original_title: film.originalTitle, year: film.year)
        }
        func entry(_ rank: Int, _ planned: PlannedShow) -> Entry {
            Entry(
                rank: rank, leave_by: ShowJSON.time(planned.leaveBy, in: planned.show.timeZone),
                leave_by_local: planned.show.localTime(of: planned.leaveBy), travel_min: planned.travelMinutes,
                travel_s: planned.route.durationSeconds.rounded(), buffer_min: planned.bufferMinutes,
                route_source: planned.route.source.rawValue, film: film(planned.film.film),
                film_match: ShowJSON.match(planned.film), show: ShowJSON.show(planned.show),
                theater: ShowJSON.theater(planned.theater.provider, planned.theater))
        }
        return Document(
            date: nearby.localDay,
            origin: ["label": nearby.found.origin.label, "coordinate": nearby.found.origin.coordinate.description],
            mode: mode.rawValue, after: after?.description, before: before?.description, buffer_min: buffer.minutes,
            source: nearby.source, shows: plan.shows.enumerated().map { entry($0 + 1, $1) },
            missed: plan.missed.enumerated().map { entry($0 + 1, $1) },
            films_without_shows: plan.filmsWithoutShows.map(film),
            unmatched_theaters: plan.unmatchedTheaters.map { ShowJSON.theater($0, nil) },
            other_show_count: plan.otherShowCount, notes: nearby.notes + nearby.theaterNotes + nearby.found.routing.notes)
    }

    /// The iCalendar of the plan's show #`pick` (from 1), with a reminder when it is time to leave; nil when the
    /// plan has no show at all. `fileName` is where it is to go, for the sentence when there is no #`pick`.
    package func calendar(pick: Int, for fileName: String, stamp: Date) throws -> String? {
        let shows = plan.shows
        if shows.indices.contains(pick - 1) {
            return ICalendar(name: "planner: evening plan", events: [PlanReport.event(shows[pick - 1])]).encoded(stamp: stamp)
        }
        guard !shows.isEmpty else { return nil }
        throw PlannerAppError.invalidOption(
            "the plan has \(shows.count) show\(shows.count == 1 ? "" : "s"), so there is no #\(pick) "
                + "to put in \(fileName); nothing was written")
    }

    /// The show as a timed event: the theater's name and address as LOCATION, leave-by in the description.
    package static func event(_ planned: PlannedShow) -> ICalendar.Event {
        let show = planned.show
        let theater = planned.theater.theater
        let end = show.end ?? show.start.addingTimeInterval(2 * 3600)
        // Stable across exports, so that importing the file again updates the event: the provider's show id, else
        // the start and the names.
        let slug = { (text: String) in NameKey.of(text).replacingOccurrences(of: " ", with: "-") }
        let id =
            show.providerShowID.map { "\(show.provider)-\($0)" }
            ?? [show.provider, "\(Int(show.start.timeIntervalSince1970))", slug(show.providerTheaterID), slug(show.title)]
            .joined(separator: "-")
        return ICalendar.Event(
            uid: "\(id)@planner", timing: .timed(start: show.start, end: end),
            summary: "\(planned.film.film.title) at \(theater.name)",
            description: "Leave by \(show.localTime(of: planned.leaveBy)) (\(show.timeZoneIdentifier)): "
                + "\(planned.route.mode.rawValue) \(planned.travelMinutes) min + \(planned.bufferMinutes) min buffer. "
                + [show.auditorium, show.format].compactMap { $0 }.joined(separator: ", "),
            location: [theater.name, theater.address].compactMap { $0 }.joined(separator: ", "),
            url: show.bookingURL, geo: (theater.coordinate.latitude, theater.coordinate.longitude),
            alarm: (
                planned.travelMinutes + planned.bufferMinutes,
                "Leave now for \(planned.film.film.title) at \(theater.name) (\(show.localTime(of: show.start)))"
            ))
    }
    package init(nearby: NearbyShows, plan: EveningPlan, mode: TravelMode, after: ClockTime?, before: ClockTime?, buffer: BufferDuration, watchlistCount: Int) {
        self.nearby = nearby
        self.plan = plan
        self.mode = mode
        self.after = after
        self.before = before
        self.buffer = buffer
        self.watchlistCount = watchlistCount
    }

}

/// How the plan's and the suggestions' footers name where travel times came from: "by road (source: osrm,
/// road-network)" when any followed roads, else "estimates (source: estimate)".
func travelTimesSource(_ sources: [RouteSource]) -> String {
    sources.contains(where: \.isByRoad)
        ? "by road (source: \(RouteSource.byRoadNames(sources)))" : "estimates (source: estimate)"
}
