import Foundation
import Geo
import Planner
import Theaters

/// `planner suggest` rendered for people and programs.
package struct SuggestReport {
    package let found: TheaterSearch
    package let region: String
    package let plan: Planner.Suggestions
    package let routes: [Route]
    package let mode: TravelMode
    package let source: String
    package let notes: [String]

    package func table() -> String {
        var lines = ["Your watchlist in cinemas in \(region), near \(found.origin.displayName)"]
        lines += notes.map { "note: " + $0 }
        if plan.inTheaters.isEmpty {
            lines.append("")
            lines.append("None of your watchlisted films is in cinemas in \(region) now.")
        }
        for (i, entry) in plan.inTheaters.enumerated() {
            lines.append("")
            lines.append("\(i + 1). \(title(entry.film)): \(entry.reason)")
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
                + (routes.contains { $0.source == .roadNetwork } ? "by road (source: road-network)" : "estimates (source: estimate)")
                + ". Films: TMDb (not endorsed or "
                + "certified by TMDb)." + (found.catalog.attribution.map { " Cinemas: \($0)." } ?? ""))
        return lines.joined(separator: "\n")
    }

    package func json() throws -> String {
        struct FilmEntry: Encodable {
            let id: Int
            let title: String
            let year: Int?
            let release_date: String?
        }
        struct TheaterEntry: Encodable {
            let rank: Int
            let id: String
            let name: String
            let distance_m: Double
            let route_distance_m: Double
            let duration_s: Double
            let source: String
            let address: String?
        }
        struct InTheaters: Encodable {
            let film: FilmEntry
            let reason: String
            let theaters: [TheaterEntry]
        }
        struct Upcoming: Encodable {
            let film: FilmEntry
            let release_date: String
            let days_until: Int
        }
        struct Document: Encodable {
            let region: String
            let origin: [String: String]
            let mode: String
            let in_theaters: [InTheaters]
            let upcoming: [Upcoming]
            let left_theaters: [FilmEntry]
            let no_release_date: [FilmEntry]
            let notes: [String]
        }
        func entry(_ film: PlannedFilm) -> FilmEntry {
            FilmEntry(id: film.tmdbID, title: film.title, year: film.year, release_date: film.theatricalRelease?.description)
        }
        let theaters = routes.enumerated().map { rank, route in
            TheaterEntry(
                rank: rank + 1, id: route.theater.id, name: route.theater.name,
                distance_m: rounded(route.straightLineMeters, 1), route_distance_m: rounded(route.distanceMeters, 1),
                duration_s: route.durationSeconds.rounded(), source: route.source.rawValue, address: route.theater.address)
        }
        let document = Document(
            region: region,
            origin: ["label": found.origin.label, "coordinate": found.origin.coordinate.description],
            mode: mode.rawValue,
            in_theaters: plan.inTheaters.map { InTheaters(film: entry($0.film), reason: $0.reason.description, theaters: theaters) },
            upcoming: plan.upcoming.map { Upcoming(film: entry($0.film), release_date: $0.release.description, days_until: $0.daysUntil) },
            left_theaters: plan.leftTheaters.map(entry), no_release_date: plan.unknown.map(entry), notes: notes)
        return try FilmFormat.json(document)
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

    package func title(_ film: PlannedFilm) -> String {
        film.title + (film.year.map { " (\($0))" } ?? "")
    }

    package func days(_ n: Int) -> String {
        n == 1 ? "tomorrow   " : "in \(n) days".padding(toLength: 11, withPad: " ", startingAt: 0)
    }
    package init(found: TheaterSearch, region: String, plan: Planner.Suggestions, routes: [Route], mode: TravelMode, source: String, notes: [String]) {
        self.found = found
        self.region = region
        self.plan = plan
        self.routes = routes
        self.mode = mode
        self.source = source
        self.notes = notes
    }

}
