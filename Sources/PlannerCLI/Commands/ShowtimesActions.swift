import Foundation
import PlannerApp
import PlannerTerminal

/// What `planner showtimes` and `planner plan` do once their options are read, from plain values, so that the parsed
/// commands and ``QuickShowtimes`` run one body each.
enum ShowtimesActions {
    /// `planner showtimes`: the day's shows at the theaters near `near`, in `format`, to `target`.
    static func showtimes(
        near: String?, search: SearchRequest, request: ShowtimesRequest, film: FilmReference?, long: Bool,
        format: OutputFormat, to target: OutputTarget, environment: Environment
    ) async throws {
        let (services, found) = try await nearby(near, search: search, request: request, environment: environment)
        var report = try await services.showtimesReport(found: found, mode: search.mode, request: request, film: film)
        report.long = long
        try target.write(format == .json ? try report.json() : report.table())
    }

    /// `planner plan`: the shows of watchlisted films near `near`, by when to leave, in `format`, to `target`;
    /// with `ics`, the show numbered `pick` is written there as an iCalendar file too.
    static func plan(
        near: String?, search: SearchRequest, request: ShowtimesRequest, after: ClockTime?, before: ClockTime?,
        buffer: BufferDuration, ics: String? = nil, pick: Int = 1, long: Bool, format: OutputFormat,
        to target: OutputTarget, environment: Environment
    ) async throws {
        let (services, found) = try await nearby(near, search: search, request: request, environment: environment)
        let now = Date()
        var report = try await services.planReport(
            found: found, mode: search.mode, request: request, after: after, before: before, buffer: buffer, now: now)
        var notes: [String] = []
        if let ics {
            if let calendar = try report.calendar(pick: pick, for: ics, stamp: now) {
                try OutputTarget(path: ics).write(calendar)
            } else {
                notes.append("no show to put in \(ics); nothing written")
            }
        }
        report.long = long
        try target.write(format == .json ? try report.json() : report.table())
        for note in notes { Console.error("planner: " + note) }
    }

    /// The showtimes services for `request`, and the theaters near `near` (asked for where none is given and the
    /// terminal can answer), the providers' own theatres among them.
    private static func nearby(
        _ near: String?, search: SearchRequest, request: ShowtimesRequest, environment: Environment
    ) async throws -> (ShowtimesServices, TheaterSearch) {
        let services = try ShowtimesServices.make(request, environment: environment)
        let found = try await TheaterSearch.resolve(
            near: try LocationOptions.resolved(near, environment: environment),
            search: search.using(request.cache).routingItsModeOnly(),
            environment: environment, providerTheatres: services.providerTheatres(at:))
        return (services, found)
    }
}
