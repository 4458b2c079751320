import ArgumentParser
import Foundation
import Planner
import PlannerApp
import Tabular

extension PlannerCommand {
    /// `planner upcoming`: watchlisted films still to come to the region's cinemas, soonest first.
    struct Upcoming: AsyncParsableCommand {
        static let configuration = CommandConfiguration(commandName: "upcoming", 
            abstract: "List watchlisted films with a future cinema release in the region, soonest first.",
            discussion: "--ics writes an iCalendar file with one all-day event per release; its UIDs are stable, "
                + "so importing it again updates the events instead of duplicating them.")

        @OptionGroup var film: FilmOptions

        @Option(name: .long, help: ArgumentHelp("Also write the releases as an iCalendar (.ics) file.", valueName: "file"))
        var ics: String?

        @OptionGroup var output: OutputOptions<ListFormats>

        func validate() throws {
            if output.format == .geojson { throw ValidationError("upcoming writes --format table, json or csv") }
        }

        func run() async throws {
            let releases = try await FilmServices.make(film.request, environment: CompositionRoot.environment).upcomingReleases(environment: CompositionRoot.environment)
            let (region, upcoming) = (releases.region, releases.entries)
            if let ics, let calendar = releases.calendar() { try OutputTarget(path: ics).write(calendar) }
            let text: String
            switch output.format {
            case .json: text = try releases.json()
            case .csv: text = releases.csv()
            default:
                var lines = ["Watchlisted films coming to cinemas in \(region)"] + releases.notes.map { "note: " + $0 }
                if upcoming.isEmpty { lines.append("none of your watchlisted films has a future release date in \(region)") }
                for entry in upcoming {
                    lines.append(Self.line(entry.release, entry.daysUntil, entry.film.title + (entry.film.year.map { " (\($0))" } ?? "")))
                }
                if !releases.episodes.isEmpty {
                    lines += ["", "Next episodes of watchlisted series"]
                    lines += releases.episodes.map { Self.line($0.day, $0.daysUntil, $0.title) }
                }
                if let ics {
                    let count = releases.count
                    lines.append(
                        count == 0
                            ? "nothing to put in \(ics); no calendar written"
                            : "wrote \(count) event\(count == 1 ? "" : "s") to \(ics)")
                }
                text = lines.joined(separator: "\n")
            }
            try output.target.write(text)
        }

        /// "  2026-12-05  in 10 days   Title".
        private static func line(_ day: CalendarDay, _ daysUntil: Int, _ title: String) -> String {
            let days = daysUntil == 0 ? "today" : daysUntil == 1 ? "tomorrow" : "in \(daysUntil) days"
            return "  \(day)  \(days.padding(toLength: 12, withPad: " ", startingAt: 0))\(title)"
        }
    }
}
