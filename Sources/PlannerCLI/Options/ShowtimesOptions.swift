import ArgumentParser
import Foundation
import Planner
import PlannerApp

/// `--date`, `--area`, `--offline`, `--refresh`, `--verbose` and `--db`, shared by `showtimes` and `plan`.
struct ShowtimesOptions: ParsableArguments {
    @Option(
        name: .long,
        help: ArgumentHelp(
            "The day: YYYY-MM-DD, today or tomorrow (on the theaters' clock: Europe/Helsinki for Finnkino, the origin's zone elsewhere).",
            valueName: "day"))
    var date: String = "today"

    @Option(
        name: .long,
        help: ArgumentHelp(
            "Finnkino's area id (1002 is Helsinki; 1031 is Kinopalatsi alone); other providers ignore it.",
            discussion: "Default: the area named after the city of the nearest cinemas, else every area.",
            valueName: "id"))
    var area: String?

    @OptionGroup var cache: CacheOptions

    var offline: Bool { cache.offline }
    var refresh: Bool { cache.refresh }
    var db: String? { cache.db }
    var verbose: Bool { cache.verbose }

    /// The same choices as plain values, for the core.
    var request: ShowtimesRequest { ShowtimesRequest(date: date, area: area, cache: cache.request) }

    func localDay(now: Date = Date(), zone: TimeZone) throws -> String {
        try request.localDay(now: now, zone: zone)
    }

    var policy: ShowtimesCachePolicy { request.policy }

    func validate() throws {
        try ValidationError.rethrowing { try request.validate() }
    }
}

extension ClockTime: ExpressibleByArgument {
    package init?(argument: String) { self.init(text: argument) }
}

extension BufferDuration: ExpressibleByArgument {
    package init?(argument: String) { self.init(text: argument) }
}
