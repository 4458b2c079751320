import Foundation
import Planner
import NowPlaying
import Showtimes
import Theaters
import Watchlist

/// What the showtimes commands need: the database, its showtimes tables and a Finnkino client.
package struct ShowtimesServices {
    package let store: any ListStorage
    package let showtimes: ShowtimesStore
    package let finnkino: FinnkinoClient
    package let offline: Bool

    /// Builds the services from the environment (`FINNKINO_BASE_URL`), the settings and the shared options.
    package static func make(_ options: ShowtimesRequest, environment: Environment = Environment()) throws -> ShowtimesServices
    {
        try make(options, storage: .sqlite(AppDatabase.open(explicit: options.db, environment: environment)), environment: environment)
    }

    /// Builds the services over open storage (the server's).
    package static func make(_ options: ShowtimesRequest, storage: Storage, environment: Environment) throws
        -> ShowtimesServices
    {
        try options.validate()
        let settings = try environment.settings()
        var baseURL = FinnkinoClient.defaultBaseURL
        if let text = environment.variables["FINNKINO_BASE_URL"], !text.isEmpty {
            guard let url = URL(string: text), ["http", "https"].contains(url.scheme?.lowercased() ?? ""),
                url.host != nil
            else { throw PlannerAppError.invalidOption("FINNKINO_BASE_URL must be an http(s) URL, not '\(text)'") }
            baseURL = url
        }
        let showtimes = storage.showtimes
        let offline = options.offline || settings.online == "never"
        let client = FinnkinoClient(
            baseURL: baseURL,
            transport: transport(verbose: options.verbose, service: "finnkino"),
            store: showtimes,
            policy: offline ? .offline : options.policy)
        return ShowtimesServices(store: storage.lists, showtimes: showtimes, finnkino: client, offline: offline)
    }

    /// The day's shows: Finnkino's for the area, and the imported ones, by start.
    ///
    /// When Finnkino fails but shows were imported for the day, those are used and a note says why.
    /// - Parameters:
    ///   - area: Finnkino's area id; nil picks the area named after one of `cities`, else every area.
    ///   - cities: City names near the user, nearest first.
    package func shows(localDay: String, area: String?, cities: [String]) async throws -> (
        shows: [Show], notes: [String], source: String
    ) {
        // A cinema day runs past midnight (ShowWindow): the next morning's imported shows before 06:00 belong to it.
        var imported = try await showtimes.importedShows(onLocalDay: localDay)
        if let next = CalendarDay(localDay)?.adding(days: 1).description {
            imported += try await showtimes.importedShows(onLocalDay: next)
        }
        imported = imported.filter { ShowWindow.cinemaDay(of: $0).day == localDay }
        do {
            let chosen = try await chooseArea(area, cities: cities)
            let fetched = try await finnkino.schedule(area: chosen, localDay: localDay)
            var source = "Finnkino" + (chosen.map { " area \($0)" } ?? "")
            var notes: [String] = []
            if fetched.fromCache {
                source += ", from cache, \(FilmFormat.age(seconds: Date().timeIntervalSince(fetched.fetchedAt))) old"
                if fetched.isStale {
                    switch fetched.staleReason {
                    case .malformedXML?, .invalidShow?: source += " (stale: Finnkino's answer could not be read)"
                    default: source += " (stale: Finnkino could not be reached)"
                    }
                }
            }
            if let first = fetched.unreadable.first {
                let count = fetched.unreadable.count
                notes.append("\(count) of Finnkino's shows could not be read and are left out (\(first))")
            }
            if !imported.isEmpty { source += "; \(imported.count) imported" }
            return ((fetched.value + imported).sorted { $0.start < $1.start }, notes, source)
        } catch let error as ShowtimesError where !imported.isEmpty {
            return (imported, ["Finnkino's showtimes are missing: \(error)"], "\(imported.count) imported")
        }
    }

    /// `area`, else the id of the Finnkino area whose name is one of `cities`, else nil (every area).
    private func chooseArea(_ area: String?, cities: [String]) async throws -> String? {
        if let area { return area }
        guard !cities.isEmpty else { return nil }
        let areas = try await finnkino.areas().value
        for city in cities.map(NameKey.of) {
            if let found = areas.first(where: { NameKey.of($0.name) == city }) { return found.id }
        }
        return nil
    }
}

/// The day's shows at the theaters near the user, with how each provider theater matched the catalog.
package struct NearbyShows {
    package let found: TheaterSearch
    package let localDay: String
    /// Every show of the day.
    package let shows: [Show]
    /// Matches to theaters among the nearby hits; theaters not in the catalog at all are `unmatched`.
    package let matching: TheaterMatching
    /// Provider theaters found in the catalog but outside the search circle.
    package let beyondRadius: [TheaterMatch]
    package let notes: [String]
    package let source: String

    package init(found: TheaterSearch, options: ShowtimesRequest, services: ShowtimesServices) async throws {
        let zone = TimeZone(identifier: FinnkinoParsing.timeZoneIdentifier)!
        let localDay = try options.localDay(zone: zone)
        var cities: [String] = []
        for hit in found.hits {
            if let city = hit.theater.tags["addr:city"], !cities.contains(city) { cities.append(city) }
        }
        if let first = found.origin.label.split(separator: ",").first, found.origin.countryCode != nil {
            cities.append(String(first))
        }
        let day = try await services.shows(localDay: localDay, area: options.area, cities: cities)
        let all = TheaterMatcher.match(
            ProviderTheater.of(day.shows), catalog: found.catalog.theaters, near: found.origin.coordinate)
        let nearbyIDs = Set(found.hits.map(\.theater.id))
        self.found = found
        self.localDay = localDay
        self.shows = Self.onTheatersClocks(day.shows, matches: all.matches)
        self.matching = TheaterMatching(
            matches: all.matches.filter { nearbyIDs.contains($0.value.theater.id) }, unmatched: all.unmatched)
        self.beyondRadius = all.matches.values.filter { !nearbyIDs.contains($0.theater.id) }
            .sorted { $0.provider.name < $1.provider.name }
        self.notes = day.notes
        self.source = day.source
    }

    /// Imported shows whose file gave only an offset (`…T21:00:00Z` reads as the UTC clock) are shown on the clock
    /// of the theater they matched: the time zone of the gazetteer place nearest it (GeoNames' IANA zone). The
    /// instant does not change, only the wall clock it is read on.
    package static func onTheatersClocks(_ shows: [Show], matches: [String: TheaterMatch]) -> [Show] {
        let fixed = { (zone: String) in zone == "UTC" || zone == "GMT" || zone.hasPrefix("GMT+") || zone.hasPrefix("GMT-") }
        guard shows.contains(where: { $0.provider == "import" && fixed($0.timeZoneIdentifier) }),
            let gazetteer = try? Environment().gazetteer()
        else { return shows }
        return shows.map { show in
            guard show.provider == "import", fixed(show.timeZoneIdentifier),
                let theater = matches[show.providerTheaterID]?.theater,
                let zone = gazetteer.nearest(to: theater.coordinate)?.timeZone, TimeZone(identifier: zone) != nil
            else { return show }
            var onClock = show
            onClock.timeZoneIdentifier = zone
            return onClock
        }
    }

    /// The shows at nearby matched theaters, by start.
    package var nearbyShows: [Show] { shows.filter { matching.matches[$0.providerTheaterID] != nil } }

    /// Notes for people about theaters that were left out.
    package var theaterNotes: [String] {
        var lines: [String] = []
        let matched = matching.matches.values.sorted { $0.provider.name < $1.provider.name }
        if !matched.isEmpty {
            let pairs = matched.map { "\($0.provider.name) → \($0.theater.name) (\($0.theater.id), \($0.confidence))" }
            lines.append("matched: " + pairs.joined(separator: "; "))
        }
        for theater in matching.unmatched {
            let label = theater.id == theater.name ? "" : " (\(providerLabel(theater.id)) \(theater.id))"
            lines.append("not in the theater catalog, so no travel time and not listed: \(theater.name)\(label)")
        }
        if !beyondRadius.isEmpty {
            lines.append("beyond \(found.radius): " + beyondRadius.map { $0.theater.name }.joined(separator: ", "))
        }
        return lines
    }

    private func providerLabel(_ id: String) -> String {
        shows.first { $0.providerTheaterID == id }?.provider == "import" ? "import" : "Finnkino"
    }
}
