import Foundation
import Planner
import Showtimes

/// How a use case that asks a service (TMDb, Finnkino) uses its cache and the database.
package struct CacheRequest: Sendable {
    /// Answer from the cache (and imported shows) only.
    package var offline: Bool
    /// Ask the service even when the cache holds a fresh answer.
    package var refresh: Bool
    /// The database file; nil for `$PLANNER_DB` or the default path.
    package var db: String?
    /// Report each request on standard error.
    package var verbose: Bool

    package init(offline: Bool = false, refresh: Bool = false, db: String? = nil, verbose: Bool = false) {
        self.offline = offline
        self.refresh = refresh
        self.db = db
        self.verbose = verbose
    }

    /// - Throws: ``PlannerAppError/invalidArgument(_:)``.
    package func validate() throws {
        if offline && refresh { throw PlannerAppError.invalidArgument("--offline and --refresh can't be used together") }
    }
}

/// The region, language and cache choices of the film use cases.
package struct FilmRequest: Sendable {
    /// The country whose cinemas count (FI, GB, US); nil for the saved one.
    package var region: String?
    /// Language of titles and overviews, e.g. fi-FI.
    package var language: String?
    package var cache: CacheRequest

    package init(region: String? = nil, language: String? = nil, cache: CacheRequest = CacheRequest()) {
        self.region = region
        self.language = language
        self.cache = cache
    }

    package var offline: Bool { cache.offline }
    package var refresh: Bool { cache.refresh }
    package var db: String? { cache.db }
    package var verbose: Bool { cache.verbose }

    /// - Throws: ``PlannerAppError/invalidArgument(_:)``.
    package func validate() throws {
        try cache.validate()
        if let region, !(region.count == 2 && region.allSatisfy { $0.isASCII && $0.isLetter }) {
            throw PlannerAppError.invalidArgument("--region must be a two-letter country code such as FI, not '\(region)'")
        }
    }
}

/// Which page of a TMDb list: one page, every page, and at most how many films.
package struct PageRequest: Sendable {
    package var page: Int
    package var all: Bool
    package var limit: Int?

    package init(page: Int = 1, all: Bool = false, limit: Int? = nil) {
        self.page = page
        self.all = all
        self.limit = limit
    }

    /// - Throws: ``PlannerAppError/invalidArgument(_:)``.
    package func validate() throws {
        guard (1...500).contains(page) else { throw PlannerAppError.invalidArgument("--page must be from 1 to 500, not \(page)") }
        if let limit, limit < 1 { throw PlannerAppError.invalidArgument("--limit must be at least 1, not \(limit)") }
        // 500 pages of 20 films: every film TMDb lists.
        if let limit, limit > 10_000 { throw PlannerAppError.invalidArgument("--limit must be at most 10000, not \(limit)") }
        if all && page != 1 { throw PlannerAppError.invalidArgument("--all and --page can't be used together") }
    }
}

/// The day and Finnkino area of `showtimes` and `plan`, with the cache choices.
package struct ShowtimesRequest: Sendable {
    /// YYYY-MM-DD, today or tomorrow.
    package var date: String
    /// Finnkino's area id.
    package var area: String?
    package var cache: CacheRequest

    package init(date: String = "today", area: String? = nil, cache: CacheRequest = CacheRequest()) {
        self.date = date
        self.area = area
        self.cache = cache
    }

    package var offline: Bool { cache.offline }
    package var refresh: Bool { cache.refresh }
    package var db: String? { cache.db }
    package var verbose: Bool { cache.verbose }

    /// The day asked for, `YYYY-MM-DD`, with today and tomorrow read on the clock of `zone` (calendar days: in the
    /// small hours, the evening that is ending is `--date` with yesterday's date).
    package func localDay(now: Date = Date(), zone: TimeZone) throws -> String {
        switch date.lowercased() {
        case "today": return LocalClock.day(of: now, in: zone)
        case "tomorrow":
            let today = LocalClock.day(of: now, in: zone)
            return CalendarDay(today)?.adding(days: 1).description ?? today
        default:
            guard LocalClock.isDay(date, in: zone) else {
                throw PlannerAppError.invalidArgument(
                    "--date must be YYYY-MM-DD, today or tomorrow, not '\(PlannerAppError.shortened(date))'")
            }
            return date
        }
    }

    package var policy: ShowtimesCachePolicy { offline ? .offline : refresh ? .refresh : .normal }

    /// - Throws: ``PlannerAppError/invalidArgument(_:)``.
    package func validate() throws {
        try cache.validate()
        _ = try localDay(zone: LocalClock.timeZone(identifier: FinnkinoParsing.timeZoneIdentifier)!)
        if let area, area.isEmpty || !area.allSatisfy({ $0.isASCII && $0.isNumber }) {
            throw PlannerAppError.invalidArgument(
                "--area must be a Finnkino area id such as 1002, not '\(PlannerAppError.shortened(area))'")
        }
    }
}

/// The output formats a use case's report can be written in.
package enum OutputFormat: String, CaseIterable, Sendable {
    case table, json, csv, geojson
}
