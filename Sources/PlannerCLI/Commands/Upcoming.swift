import ArgumentParser
import Foundation
import Planner
import PlannerApp
import Tabular

extension PlannerCommand {
    /// `planner upcoming`: watchlisted films still to come to the region's cinemas, soonest first.
    struct Upcoming: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "List watchlisted films with a future cinema release in the region, soonest first.",
            discussion: "--ics writes an iCalendar file with one all-day event per release; its UIDs are stable, "
                + "so importing it again updates the events instead of duplicating them.")

        @OptionGroup var film: FilmOptions

        @Option(name: .long, help: ArgumentHelp("Also write the releases as an iCalendar (.ics) file.", valueName: "file"))
        var ics: String?

        @OptionGroup var output: OutputOptions

        func validate() throws {
            if output.format == .geojson { throw ValidationError("upcoming writes --format table, json or csv") }
        }

        func run() async throws {
            let environment = Environment()
            let services = try FilmServices.make(film.request, environment: environment)
            let home = try environment.settings().home
            guard let region = services.region ?? home?.countryCode else {
                throw FilmServicesError.noRegion(command: "upcoming")
            }
            let (films, notes) = try await WatchlistReleases.plannedFilms(services: services, region: region)
            let plan = Planner.Suggestions.plan(watchlist: films, nowPlayingIDs: [], today: CalendarDay(Date(), in: .current))
            // RFC 5545 asks for at least one component: with nothing to come, no calendar is written.
            if let ics, !plan.upcoming.isEmpty {
                let events = plan.upcoming.map { ICalendar.Event.release(of: $0.film, on: $0.release, region: region) }
                let calendar = ICalendar(name: "Watchlist releases in \(region)", events: events)
                try OutputTarget(path: ics).write(calendar.encoded(stamp: Date()))
            }
            let text: String
            switch output.format {
            case .json:
                struct Entry: Encodable {
                    let id: Int
                    let title: String
                    let year: Int?
                    let release_date: String
                    let days_until: Int
                }
                text = try FilmFormat.json(
                    plan.upcoming.map {
                        Entry(id: $0.film.tmdbID, title: $0.film.title, year: $0.film.year,
                              release_date: $0.release.description, days_until: $0.daysUntil)
                    })
            case .csv:
                text = ([CSV.line(["id", "title", "year", "release_date", "days_until"])] + plan.upcoming.map {
                    CSV.line([
                        "\($0.film.tmdbID)", $0.film.title, $0.film.year.map(String.init) ?? "", "\($0.release)",
                        "\($0.daysUntil)",
                    ])
                }).joined(separator: "\n")
            default:
                var lines = ["Watchlisted films coming to cinemas in \(region)"] + notes.map { "note: " + $0 }
                if plan.upcoming.isEmpty { lines.append("none of your watchlisted films has a future release date in \(region)") }
                for entry in plan.upcoming {
                    let days = entry.daysUntil == 1 ? "tomorrow" : "in \(entry.daysUntil) days"
                    lines.append("  \(entry.release)  \(days.padding(toLength: 12, withPad: " ", startingAt: 0))\(entry.film.title)"
                        + (entry.film.year.map { " (\($0))" } ?? ""))
                }
                if let ics {
                    lines.append(
                        plan.upcoming.isEmpty
                            ? "nothing to put in \(ics); no calendar written"
                            : "wrote \(plan.upcoming.count) release\(plan.upcoming.count == 1 ? "" : "s") to \(ics)")
                }
                text = lines.joined(separator: "\n")
            }
            try output.target.write(text)
        }
    }
}
