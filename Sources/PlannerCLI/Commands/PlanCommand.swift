import ArgumentParser
import Foundation
import Planner
import PlannerApp
import PlannerTerminal

extension PlannerCommand {
    /// `planner plan`: which show of which watchlisted film, where, and when to leave.
    struct PlanCommand: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "plan",
            abstract: "Plan the evening: shows of watchlisted films at nearby theaters, by when to leave.",
            discussion: """
                Leave by = start − travel time (rounded up to the minute) − buffer. Shows whose leave-by time has \
                passed are left out. Times are on the theater's clock. Example:
                planner plan --near 60.1699,24.9384 --mode walk --after 18:00 --buffer 10m --ics evening.ics
                """)

        @OptionGroup var location: LocationOptions
        @OptionGroup var search: SearchOptions
        @OptionGroup var showtimes: ShowtimesOptions

        @Option(name: .long, help: ArgumentHelp("Shows starting at or after this time (HH:MM).", valueName: "HH:MM"))
        var after: ClockTime?

        @Option(name: .long, help: ArgumentHelp("Shows starting before this time (HH:MM).", valueName: "HH:MM"))
        var before: ClockTime?

        @Option(
            name: .long, parsing: .unconditional,
            help: ArgumentHelp("The margin to arrive before the start: 10m, 1h, 1h15m.", valueName: "time")
        )
        var buffer: BufferDuration = BufferDuration(argument: "10m")!

        @Option(
            name: .long,
            help: ArgumentHelp(
                "Write the chosen show to this iCalendar file, with a reminder when it is time to leave.",
                valueName: "file"))
        var ics: String?

        @Option(
            name: .long, parsing: .unconditional,
            help: ArgumentHelp("Which show of the plan goes into --ics, by its # in the table (default 1).", valueName: "n"))
        var pick: Int = 1

        @OptionGroup var output: OutputOptions<ReportFormats>

        @Flag(name: .long, help: "Add a Tickets column with each show's booking link (JSON always has it as url).")
        var long = false

        func validate() throws {
            try output.require([.table, .json], command: "plan")
            guard pick >= 1 else { throw ValidationError("--pick must be a show's # in the plan, 1 or more, not \(pick)") }
            if pick != 1 && ics == nil { throw ValidationError("--pick chooses the show for --ics: give --ics FILE too") }
            try ValidationError.rethrowing { try ShowtimesServices.checkWindow(after: after, before: before) }
        }

        func run() async throws {
            try await ShowtimesActions.plan(
                near: location.near, search: search.request, request: showtimes.request, after: after, before: before,
                buffer: buffer, ics: ics, pick: pick, long: long, format: output.format, to: output.target,
                environment: CompositionRoot.environment)
        }
    }
}
