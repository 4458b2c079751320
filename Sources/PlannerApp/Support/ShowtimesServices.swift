import Foundation
import Geo
import Places
import Planner
import NowPlaying
import Showtimes
import Theaters
import Transport
import Watchlist

/// What the showtimes commands need: the database, its showtimes tables and a client per provider.
package struct ShowtimesServices {
    package let store: any ListStorage
    package let showtimes: ShowtimesStore
    package let finnkino: FinnkinoClient
    /// Gracenote's client; nil when `GRACENOTE_API_KEY` is not set.
    package let gracenote: GracenoteClient?
    package let offline: Bool
    package var environment = Environment()

    /// Builds the services from the environment (`FINNKINO_BASE_URL`, `GRACENOTE_BASE_URL`, `GRACENOTE_API_KEY`),
    /// the settings and the shared options.
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
        let showtimes = storage.showtimes
        let offline = options.offline || settings.online == "never"
        let policy: ShowtimesCachePolicy = offline ? .offline : options.policy
        let client = FinnkinoClient(
            baseURL: try baseURL(.finnkino, default: FinnkinoClient.defaultBaseURL, environment: environment),
            transport: transport(verbose: options.verbose, service: "finnkino"),
            store: showtimes,
            policy: policy)
        var gracenote: GracenoteClient?
        if let key = environment.variables[ShowtimesProvider.gracenoteKeyVariable]?
            .trimmingCharacters(in: .whitespacesAndNewlines),
            !key.isEmpty
        {
            gracenote = GracenoteClient(
                baseURL: try baseURL(.gracenote, default: GracenoteClient.defaultBaseURL, environment: environment),
                apiKey: key, transport: transport(verbose: options.verbose, service: "gracenote"), store: showtimes,
                policy: policy)
        }
        return ShowtimesServices(
            store: storage.lists, showtimes: showtimes, finnkino: client, gracenote: gracenote, offline: offline,
            environment: environment)
    }

    /// The provider's base URL: its environment variable when set, else `fallback`.
    /// - Throws: ``PlannerAppError/invalidOption(_:)`` for a value that is not an http(s) URL.
    private static func baseURL(_ provider: ShowtimesProvider, default fallback: URL, environment: Environment) throws
        -> URL
    {
        guard let text = environment.variables[provider.baseURLVariable], !text.isEmpty else { return fallback }
        guard let url = URL(string: text), ["http", "https"].contains(url.scheme?.lowercased() ?? ""), url.host != nil
        else {
            throw PlannerAppError.invalidOption(
                "\(provider.baseURLVariable) must be an http(s) URL, not '\(URLRedaction.redacted(text))'")
        }
        return url
    }

    /// For ``TheaterSearch/resolve(near:search:environment:providerTheatres:)``: where a configured provider that
    /// covers the origin's country brings theatres of its own (Gracenote's have coordinates and addresses), the
    /// note that says so; else nil, and a place without theater data stays an error.
    package func providerTheatres(at origin: Origin) -> String? {
        let country = ShowtimesRegion.country(of: origin, gazetteer: try? environment.gazetteer())
        guard ShowtimesProvider.covering(country) == .gracenote, gracenote != nil else { return nil }
        return "listing \(ShowtimesProvider.gracenote.name)'s own theatres at their coordinates"
    }

    /// One day of shows as the commands use it.
    package struct DayShows {
        package var shows: [Show]
        package var notes: [String]
        package var source: String
        /// Gracenote's theatres by id (their places and addresses), empty for other providers.
        package var theatres: [String: GracenoteTheatre] = [:]
    }

    /// The day's shows: the region's provider's, and the imported ones, by start.
    ///
    /// Where no provider covers the region, only imported shows are used and a note says which providers exist.
    /// When the provider fails but shows were imported for the day, those are used and a note says why.
    /// - Parameters:
    ///   - area: Finnkino's area id; nil picks the area named after one of `cities`, else every area.
    ///   - cities: City names near the user, nearest first (Finnkino's areas are named after cities).
    package func shows(localDay: String, region: ShowtimesRegion, area: String?, cities: [String]) async throws
        -> DayShows
    {
        // A cinema day runs past midnight (ShowWindow): the next morning's imported shows before 06:00 belong to it.
        var imported = try await showtimes.importedShows(onLocalDay: localDay)
        if let next = CalendarDay(localDay)?.adding(days: 1).description {
            imported += try await showtimes.importedShows(onLocalDay: next)
        }
        imported = imported.filter { ShowWindow.cinemaDay(of: $0).day == localDay }
        guard let provider = region.provider else {
            return DayShows(
                shows: imported.sorted { $0.start < $1.start }, notes: [ShowtimesProvider.noneCovers(region.country)],
                source: imported.isEmpty ? "no provider covers \(region.country ?? "this place")" : "\(imported.count) imported")
        }
        do {
            var day: DayShows
            let fetched: ShowtimesFetch<[Show]>
            if provider == .gracenote {
                guard let gracenote else {
                    throw ShowtimesError.keyMissing(provider: provider.name, variable: provider.keyVariable ?? "")
                }
                // Two calendar days, kept to the cinema day: its small hours are the next date's (ShowWindow).
                let schedule = try await gracenote.schedule(
                    localDay: localDay, numDays: 2, around: region.origin,
                    radiusKilometers: region.radiusMeters / 1000, fallbackZone: region.timeZoneIdentifier,
                    zoneAt: region.zoneAt)
                var shows = schedule.shows
                shows.value = shows.value.filter { ShowWindow.cinemaDay(of: $0).day == localDay }
                fetched = shows
                day = DayShows(shows: [], notes: [], source: provider.name, theatres: schedule.theatres)
            } else {
                let chosen = try await chooseArea(area, cities: cities)
                fetched = try await finnkino.schedule(area: chosen, localDay: localDay)
                day = DayShows(shows: [], notes: [], source: provider.name + (chosen.map { " area \($0)" } ?? ""))
            }
            if fetched.fromCache {
                day.source += ", from cache, \(FilmFormat.age(seconds: Date().timeIntervalSince(fetched.fetchedAt))) old"
                if fetched.isStale {
                    switch fetched.staleReason {
                    case .malformedXML?, .malformedJSON?, .invalidShow?:
                        day.source += " (stale: \(provider.name)'s answer could not be read)"
                    case .keyRefused?: day.source += " (stale: \(provider.name) refused the key)"
                    default: day.source += " (stale: \(provider.name) could not be reached)"
                    }
                }
            }
            if let first = fetched.unreadable.first {
                let count = fetched.unreadable.count
                day.notes.append("\(count) of \(provider.name)'s shows could not be read and are left out (\(first))")
            }
            if !imported.isEmpty { day.source += "; \(imported.count) imported" }
            day.shows = (fetched.value + imported).sorted { $0.start < $1.start }
            return day
        } catch let error as ShowtimesError where !imported.isEmpty {
            return DayShows(
                shows: imported, notes: ["\(provider.name)'s showtimes are missing: \(error)"],
                source: "\(imported.count) imported")
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

/// Where the showtimes are asked for: the origin's country, the provider that covers it, and the clocks.
///
/// The country comes from the origin (`--near` a named place), else from the gazetteer place nearest it, as
/// `suggest` derives its region. A theater's zone is the IANA zone of the gazetteer place nearest it.
package struct ShowtimesRegion {
    package let origin: Coordinate
    package let radiusMeters: Double
    /// ISO 3166-1 alpha-2, or nil when unknown.
    package let country: String?
    /// The provider covering `country`, or nil.
    package let provider: ShowtimesProvider?
    /// The zone the day is read in: Finnkino's Europe/Helsinki, else the origin's.
    package let timeZoneIdentifier: String
    private let gazetteer: Gazetteer?

    /// The region of a search.
    package init(found: TheaterSearch, environment: Environment) {
        let gazetteer = try? environment.gazetteer()
        self.init(
            origin: found.origin.coordinate, radiusMeters: found.radius.meters,
            country: Self.country(of: found.origin, gazetteer: gazetteer), gazetteer: gazetteer)
    }

    /// The origin's country: its own (a named place, a geocoded one), else that of the gazetteer place nearest it.
    /// The one rule every showtimes use case picks its provider by.
    package static func country(of origin: Origin, gazetteer: Gazetteer?) -> String? {
        (origin.countryCode ?? gazetteer?.nearest(to: origin.coordinate)?.countryCode)?.uppercased()
    }

    /// A region with its country given.
    package init(origin: Coordinate, radiusMeters: Double, country: String?, gazetteer: Gazetteer?) {
        self.origin = origin
        self.radiusMeters = radiusMeters
        self.country = country
        self.gazetteer = gazetteer
        provider = ShowtimesProvider.covering(country)
        if provider == .finnkino {
            timeZoneIdentifier = FinnkinoParsing.timeZoneIdentifier
        } else {
            timeZoneIdentifier =
                gazetteer?.nearest(to: origin).map(\.timeZone).flatMap { TimeZone(identifier: $0)?.identifier }
                ?? TimeZone.current.identifier
        }
    }

    /// The zone of the day.
    package var timeZone: TimeZone { TimeZone(identifier: timeZoneIdentifier) ?? .current }

    /// The IANA zone of the gazetteer place nearest `coordinate` (within 100 km), or nil.
    package func zoneAt(_ coordinate: Coordinate) -> String? {
        guard let zone = gazetteer?.nearest(to: coordinate)?.timeZone, TimeZone(identifier: zone) != nil else {
            return nil
        }
        return zone
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

    /// The region the shows were asked for: its country, provider and zone.
    package let region: ShowtimesRegion

    /// The tag marking a theater made from a provider's own place (a Gracenote theatre with no OSM match).
    package static let sourceTag = "planner:source"

    /// The zone the day was read in, for headers when no show is listed.
    package var timeZoneIdentifier: String { region.timeZoneIdentifier }

    package init(
        found: TheaterSearch, options: ShowtimesRequest, services: ShowtimesServices, region: ShowtimesRegion? = nil
    ) async throws {
        let region = region ?? ShowtimesRegion(found: found, environment: services.environment)
        let localDay = try options.localDay(zone: region.timeZone)
        var cities: [String] = []
        for hit in found.hits {
            if let city = hit.theater.tags["addr:city"], !cities.contains(city) { cities.append(city) }
        }
        if let first = found.origin.label.split(separator: ",").first, found.origin.countryCode != nil {
            cities.append(String(first))
        }
        let day = try await services.shows(localDay: localDay, region: region, area: options.area, cities: cities)
        let all = Self.match(day, catalog: found.catalog.theaters, near: found.origin.coordinate)
        var nearbyIDs = Set(found.hits.map(\.theater.id))
        for match in all.matches.values where match.theater.tags[Self.sourceTag] != nil
            && match.theater.coordinate.distanceMeters(to: found.origin.coordinate) <= found.radius.meters
        {
            nearbyIDs.insert(match.theater.id)
        }
        self.found = found
        self.region = region
        self.localDay = localDay
        self.shows = Self.onTheatersClocks(day.shows, matches: all.matches)
        self.matching = TheaterMatching(
            matches: all.matches.filter { nearbyIDs.contains($0.value.theater.id) }, unmatched: all.unmatched)
        self.beyondRadius = all.matches.values.filter { !nearbyIDs.contains($0.theater.id) }
            .sorted { $0.provider.name < $1.provider.name }
        self.notes = [found.withoutTheaterData].compactMap { $0 } + day.notes
        self.source = day.source
    }

    /// Matches the day's provider theaters to the catalog. Gracenote's theatres, whose places are known, are
    /// matched by name within ``gracenoteMatchMeters`` of their own coordinates; one with no match becomes a
    /// theater of its own at Gracenote's coordinates and address, tagged with its source, so that its shows are
    /// planned with travel times. Other providers' theaters are matched by name near the origin.
    package static func match(_ day: ShowtimesServices.DayShows, catalog: [Theater], near origin: Coordinate)
        -> TheaterMatching
    {
        let providerTheaters = ProviderTheater.of(day.shows)
        guard !day.theatres.isEmpty else {
            return TheaterMatcher.match(providerTheaters, catalog: catalog, near: origin)
        }
        var matches: [String: TheaterMatch] = [:]
        var unmatched: [ProviderTheater] = []
        for provider in providerTheaters {
            guard let theatre = day.theatres[provider.id], let place = theatre.coordinate else {
                if let match = TheaterMatcher.best(provider, catalog: catalog, near: origin) {
                    matches[provider.id] = match
                } else {
                    unmatched.append(provider)
                }
                continue
            }
            if let match = TheaterMatcher.best(
                provider, catalog: catalog, near: place, maxDistanceMeters: gracenoteMatchMeters)
            {
                matches[provider.id] = match
                continue
            }
            var tags = [sourceTag: ShowtimesProvider.gracenote.id, "amenity": "cinema"]
            tags["addr:street"] = theatre.street
            tags["addr:city"] = theatre.city
            tags["addr:state"] = theatre.state
            tags["addr:postcode"] = theatre.postalCode
            tags["addr:country"] = theatre.country
            tags["phone"] = theatre.telephone
            let own = Theater(
                osmType: nil, osmID: nil, name: theatre.name, coordinate: place, category: .cinema, tags: tags,
                fallbackID: "gracenote/\(theatre.id)")
            matches[provider.id] = TheaterMatch(
                provider: provider, theater: own, confidence: .exact,
                reason: "not in the theater catalog: placed at Gracenote's coordinates")
        }
        return TheaterMatching(matches: matches, unmatched: unmatched)
    }

    /// How far from a Gracenote theatre's own coordinates its OSM match may be, in meters.
    package static let gracenoteMatchMeters = 1_000.0

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
        let matched = matching.matches.values.filter { $0.theater.tags[Self.sourceTag] == nil }
            .sorted { $0.provider.name < $1.provider.name }
        let own = matching.matches.values.filter { $0.theater.tags[Self.sourceTag] != nil }
            .sorted { $0.provider.name < $1.provider.name }
        if !matched.isEmpty {
            let pairs = matched.map { "\($0.provider.name) → \($0.theater.name) (\($0.theater.id), \($0.confidence))" }
            lines.append("matched: " + pairs.joined(separator: "; "))
        }
        if !own.isEmpty {
            lines.append(
                "not in the theater catalog, so placed at Gracenote's coordinates: "
                    + own.map { "\($0.theater.name)" + ($0.theater.address.map { " (\($0))" } ?? "") }.joined(
                        separator: "; "))
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
        let provider = shows.first { $0.providerTheaterID == id }?.provider
        return ShowtimesProvider.all.first { $0.id == provider }?.name ?? provider ?? "import"
    }
}
