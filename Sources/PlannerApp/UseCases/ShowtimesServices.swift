import Basics
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
///
/// Every showtimes use case (showtimes, plan, suggest, their routes, the web page) asks through ``shows(localDay:region:area:cities:sites:)``:
/// the chain of every configured provider that covers the origin's country, merged.
package struct ShowtimesServices {
    package let store: any ListStorage
    package let showtimes: ShowtimesStore
    package let finnkino: FinnkinoClient
    /// Gracenote's client; nil when `GRACENOTE_API_KEY` is not set.
    package let gracenote: GracenoteClient?
    /// MovieGlu's credentials and base URL; nil unless all three `MOVIEGLU_` keys are set.
    package var movieGlu: MovieGluSetup? = nil
    /// The reader of cinemas' own pages; nil with `showtimes.websites never`.
    package var webPages: WebPageShowtimesClient? = nil
    package let offline: Bool
    package var environment: Environment
    var verbose = false
    /// The lists are known to hold nothing (a public route's, read as no account's): the reports then ask the
    /// store for no watchlist.
    package var listsAreEmpty = false
    /// What one request reads more than once (suggest asks for seven days): kept for this value's life, which is
    /// one request's or one command's.
    let requestMemo = ShowtimesRequestMemo()

    /// What MovieGlu needs besides a territory: its credentials, base URL and the territory `MOVIEGLU_TERRITORY` pins.
    package struct MovieGluSetup: Sendable {
        let credentials: MovieGluCredentials
        let baseURL: URL
        /// Set: MovieGlu is asked only there (an evaluation key works in one territory).
        let territory: String?
        let policy: ShowtimesCachePolicy
    }

    /// Builds the services from the environment (`FINNKINO_BASE_URL`, `GRACENOTE_BASE_URL`, `GRACENOTE_API_KEY`,
    /// the `MOVIEGLU_` variables), the settings and the shared options.
    package static func make(_ options: ShowtimesRequest, environment: Environment) throws -> ShowtimesServices
    {
        // One connection: a command's reads and writes take turns (its providers' answers included), and a pool
        // would open a reader beside the writer and check the WAL file through Foundation's URL on every run.
        let store = try AppDatabase.open(explicit: options.db, environment: environment, concurrentReads: false)
        return try make(options, storage: .sqlite(store), environment: environment)
    }

    /// Builds the services over open storage (the server's).
    /// - Parameter validated: true when the caller has just validated `options` itself (and answered its errors
    ///   in its own order), so that they are not validated twice.
    package static func make(
        _ options: ShowtimesRequest, storage: Storage, environment: Environment, validated: Bool = false
    ) throws -> ShowtimesServices {
        if !validated { try options.validate() }
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
        if let key = environment.variables[ShowtimesProvider.gracenoteKeyVariable]?.trimmingWhitespaceAndNewlines(),
            !key.isEmpty
        {
            gracenote = GracenoteClient(
                baseURL: try baseURL(.gracenote, default: GracenoteClient.defaultBaseURL, environment: environment),
                apiKey: key, transport: transport(verbose: options.verbose, service: "gracenote"), store: showtimes,
                policy: policy)
        }
        var services = ShowtimesServices(
            store: storage.lists, showtimes: showtimes, finnkino: client, gracenote: gracenote, offline: offline,
            environment: environment)
        services.verbose = options.verbose
        let movieGluValues = ShowtimesProvider.movieGluKeyVariables.map {
            environment.variables[$0]?.trimmingWhitespaceAndNewlines() ?? ""
        }
        if movieGluValues.allSatisfy({ !$0.isEmpty }) {
            let territory = environment.variables["MOVIEGLU_TERRITORY"]?.trimmingSpaces()
                .uppercased()
            if let territory, !territory.isEmpty,
                !(territory.count == 2 && territory.allSatisfy { $0.isASCII && $0.isLetter })
            {
                throw PlannerAppError.invalidOption(
                    "MOVIEGLU_TERRITORY must be a two-letter code such as UK or US, not '\(PlannerAppError.shortened(territory))'")
            }
            services.movieGlu = MovieGluSetup(
                credentials: MovieGluCredentials(
                    client: movieGluValues[0], apiKey: movieGluValues[1], authorization: movieGluValues[2]),
                baseURL: try baseURL(.movieGlu, default: MovieGluClient.defaultBaseURL, environment: environment),
                territory: territory?.isEmpty == false ? territory.map(MovieGluClient.territory(forCountry:)) : nil,
                policy: policy)
        }
        // PLANNER_SHOWTIMES_WEBSITES=never turns the pages off for a whole machine (a server, the tests).
        var websites = settings.showtimesWebsites
        if let value = environment.variables["PLANNER_SHOWTIMES_WEBSITES"]?.trimmingSpaces()
            .lowercased(), !value.isEmpty
        {
            guard value == "never" || value == "auto" else {
                throw PlannerAppError.invalidOption(
                    "PLANNER_SHOWTIMES_WEBSITES must be never or auto, not '\(PlannerAppError.shortened(value))'")
            }
            websites = value
        }
        if websites != "never" {
            services.webPages = WebPageShowtimesClient(
                transport: transport(verbose: options.verbose, service: "web"), store: showtimes, policy: policy)
        }
        return services
    }

    /// The provider's base URL: its environment variable when set, else `fallback`.
    /// - Throws: ``PlannerAppError/invalidOption(_:)`` for a value that is not an http(s) URL.
    private static func baseURL(_ provider: ShowtimesProvider, default fallback: URL, environment: Environment) throws
        -> URL
    {
        guard let variable = provider.baseURLVariable, let text = environment.variables[variable], !text.isEmpty
        else { return fallback }
        guard let url = ParsedURLs.url(text), ["http", "https"].contains(url.scheme?.lowercased() ?? ""), url.host != nil
        else {
            throw PlannerAppError.invalidOption(
                "\(variable) must be an http(s) URL, not '\(URLRedaction.redacted(text))'")
        }
        return url
    }

    /// The providers configured here, in the order of ``ShowtimesProvider/all``.
    package var configured: [ShowtimesProvider] {
        ShowtimesProvider.all.filter { provider in
            switch provider {
            case .finnkino: true
            case .gracenote: gracenote != nil
            case .movieGlu: movieGlu != nil
            case .webPages: webPages != nil
            default: false
            }
        }
    }

    /// Where a provider is configured, in words: "GRACENOTE_API_KEY is set", "not configured: set …".
    package func configuration(of provider: ShowtimesProvider) -> String {
        guard configured.contains(provider) else {
            if provider == .webPages { return "turned off ('planner config set showtimes.websites never')" }
            return "not configured: " + (provider.configureHint ?? "")
        }
        if provider == .movieGlu, let territory = movieGlu?.territory {
            return "configured (MOVIEGLU_CLIENT, MOVIEGLU_API_KEY, MOVIEGLU_AUTHORIZATION), in \(territory) only (MOVIEGLU_TERRITORY)"
        }
        guard !provider.keyVariables.isEmpty else { return "needs no key" }
        return "configured (" + provider.keyVariables.joined(separator: ", ") + ")"
    }

    /// The configured providers that cover `region`: the ones every showtimes use case asks there.
    package func asked(for region: ShowtimesRegion) -> [ShowtimesProvider] {
        configured.filter { provider in
            guard provider.covers(region.country) else { return false }
            // A service of its own is asked for a country; where the origin's is unknown, only pages are read.
            if region.country == nil, provider != .webPages { return false }
            if provider == .movieGlu, let territory = movieGlu?.territory {
                return region.country.map(MovieGluClient.territory(forCountry:)) == territory
            }
            return true
        }
    }

    /// For ``TheaterSearch/resolve(near:search:environment:providerTheatres:)``: where a configured provider that
    /// covers the origin's country brings theatres of its own (Gracenote's and MovieGlu's have coordinates and
    /// addresses), the note that says so; where nothing configured covers it at all, a note too (the day's notes
    /// then say who would); else nil, and a place without theater data stays an error.
    package func providerTheatres(at origin: Origin) -> String? {
        let gazetteer = try? environment.gazetteer()
        let country = ShowtimesRegion.country(of: origin, gazetteer: gazetteer)
        let region = ShowtimesRegion(origin: origin.coordinate, radiusMeters: 0, country: country, gazetteer: nil)
        let asked = asked(for: region)
        let placing = asked.filter { $0 == .gracenote || $0 == .movieGlu }
        if !placing.isEmpty {
            return "listing " + placing.map { "\($0.name)'s" }.joined(separator: " and ") + " own theatres at their coordinates"
        }
        // Nothing with a service of its own covers the place: say so (the next note names who would) rather than
        // stop at the missing theaters.
        if !asked.contains(where: { $0 != .webPages }) { return "so no cinema's own page can be read either" }
        return nil
    }

    /// One day of shows as the commands use it.
    package struct DayShows {
        package var shows: [Show]
        package var notes: [String]
        package var source: String
        /// The places of the providers' own theatres (Gracenote's, MovieGlu's), by the shows' theater id.
        package var theatres: [String: ProviderPlace] = [:]
        /// Each provider asked, with how many shows it gave or why it gave none.
        package var asked: [(provider: ShowtimesProvider, outcome: String)] = []
    }

    /// A provider's own theatre: where it is and its address.
    package struct ProviderPlace: Sendable {
        package var provider: ShowtimesProvider
        package var place: GracenoteTheatre
    }

    /// The day's shows: every configured provider's that covers the region, and the imported ones, by start.
    ///
    /// Where nothing configured with a service of its own covers the region, a note says which provider would and
    /// how to configure it. A provider that fails is a note; the others' shows still come.
    /// - Parameters:
    ///   - area: Finnkino's area id; nil picks the area named after one of `cities`, else every area.
    ///   - cities: City names near the user, nearest first (Finnkino's areas are named after cities).
    ///   - sites: The nearby theaters whose own pages are to be read, given what the other providers gave: those
    ///     with a web site whose shows no other provider lists (Finnkino's pages are not read where Finnkino answers).
    package func shows(
        localDay: String, region: ShowtimesRegion, area: String?, cities: [String],
        sites: (DayShows) -> [WebPageSite] = { _ in [] }
    ) async throws -> DayShows {
        // A cinema day runs past midnight (ShowWindow): the next morning's imported shows before 06:00 belong to it.
        var imported: [Show]
        if let day = CalendarDay(localDay) {
            let next = day.adding(days: 1).description
            // Both days in one read, unless this request has read them (suggest reads its week at once).
            if requestMemo.imported(onLocalDay: localDay) == nil || requestMemo.imported(onLocalDay: next) == nil {
                try await readImportedShows(from: day, count: 2)
            }
            imported = try await importedShows(onLocalDay: localDay) + importedShows(onLocalDay: next)
        } else {
            imported = try await importedShows(onLocalDay: localDay)
        }
        imported = imported.filter { ShowWindow.cinemaDay(of: $0).day == localDay }
        let providers = asked(for: region)
        var day = DayShows(shows: [], notes: [], source: "")
        if !providers.contains(where: { $0 != .webPages }) {
            day.notes.append(ShowtimesProvider.noneConfigured(region.country, configured: configured))
        }
        var sources: [String] = []
        var fetchedShows: [Show] = []
        var failures: [(ShowtimesProvider, ShowtimesError)] = []
        // The providers with a service of their own first, together; then the pages of the theaters they left.
        var webSites: [WebPageSite] = []
        for provider in providers {
            if provider == .webPages {
                day.shows = fetchedShows
                webSites = sites(day)
                if webSites.isEmpty { continue }
            }
            do {
                let part = try await shows(
                    from: provider, localDay: localDay, region: region, area: area, cities: cities, sites: webSites)
                fetchedShows += part.shows
                day.notes += part.notes
                for (id, place) in part.theatres { day.theatres[id] = place }
                sources.append(part.source)
                day.asked.append((provider, "\(part.shows.count) show\(part.shows.count == 1 ? "" : "s")"))
            } catch let error as ShowtimesError {
                failures.append((provider, error))
                day.asked.append((provider, "failed: \(error)"))
            }
        }
        // When every provider with a service of its own failed and no page gave a show, the first failure is the
        // command's (unless shows were imported for the day).
        let keyed = providers.filter { $0 != .webPages }
        if !keyed.isEmpty, failures.count == keyed.count, fetchedShows.isEmpty, let (provider, error) = failures.first {
            guard !imported.isEmpty else { throw error }
            return DayShows(
                shows: imported, notes: day.notes + ["\(provider.name)'s showtimes are missing: \(error)"],
                source: "\(imported.count) imported", asked: day.asked)
        }
        for (provider, error) in failures { day.notes.append("\(provider.name)'s showtimes are missing: \(error)") }
        if !imported.isEmpty { sources.append("\(imported.count) imported") }
        if sources.isEmpty {
            sources.append(
                providers.isEmpty ? "no provider covers \(region.country ?? "this place")" : "no shows")
        }
        day.source = sources.joined(separator: "; ")
        day.shows = (fetchedShows + imported).sorted { $0.start < $1.start }
        return day
    }

    /// One provider's part of the day.
    private func shows(
        from provider: ShowtimesProvider, localDay: String, region: ShowtimesRegion, area: String?, cities: [String],
        sites: [WebPageSite]
    ) async throws -> DayShows {
        var day = DayShows(shows: [], notes: [], source: provider.name)
        let fetched: ShowtimesFetch<[Show]>
        switch provider {
        case .gracenote:
            guard let gracenote else {
                throw ShowtimesError.keyMissing(provider: provider.name, variable: ShowtimesProvider.gracenoteKeyVariable)
            }
            // Two calendar days, kept to the cinema day: its small hours are the next date's (ShowWindow).
            let schedule = try await gracenote.schedule(
                localDay: localDay, numDays: 2, around: region.origin,
                radiusKilometers: region.radiusMeters / 1000, fallbackZone: region.timeZoneIdentifier,
                zoneAt: region.zoneAt)
            var shows = schedule.shows
            shows.value = shows.value.filter { ShowWindow.cinemaDay(of: $0).day == localDay }
            fetched = shows
            day.theatres = schedule.theatres.mapValues { ProviderPlace(provider: .gracenote, place: $0) }
        case .movieGlu:
            guard let setup = movieGlu, let country = region.country else { return day }
            let client = MovieGluClient(
                baseURL: setup.baseURL, credentials: setup.credentials,
                territory: setup.territory ?? country,
                transport: transport(verbose: verbose, service: "movieglu"), store: showtimes, policy: setup.policy)
            let schedule = try await client.schedule(
                localDay: localDay, around: region.origin, maxCinemas: Self.movieGluCinemas,
                zoneAt: region.zoneAt, fallbackZone: region.timeZoneIdentifier)
            // MovieGlu's cinema ids are numbers, as Gracenote's are: kept apart by a prefix.
            var shows = schedule.shows
            shows.value = shows.value.map { show in
                var own = show
                own.providerTheaterID = "movieglu/" + show.providerTheaterID
                return own
            }
            fetched = shows
            for (id, cinema) in schedule.cinemas {
                day.theatres["movieglu/" + id] = ProviderPlace(
                    provider: .movieGlu,
                    place: GracenoteTheatre(
                        id: "movieglu/" + id, name: cinema.name, coordinate: cinema.coordinate, street: cinema.address,
                        city: cinema.city, postalCode: cinema.postcode))
            }
            day.source += " (\(schedule.requestCount) request\(schedule.requestCount == 1 ? "" : "s"))"
        case .webPages:
            guard let webPages else { return day }
            let schedule = await webPages.shows(at: sites, localDay: localDay)
            day.shows = schedule.shows.filter { ShowWindow.cinemaDay(of: $0).day == localDay }
            let read = schedule.perSite.values.filter { if case .shows = $0 { true } else { false } }.count
            day.source = "\(provider.name) (\(read) of \(sites.count) sites)"
            return day
        default:
            let chosen = try await chooseArea(area, cities: cities)
            fetched = try await finnkino.schedule(area: chosen, localDay: localDay)
            day.source = provider.name + (chosen.map { " area \($0)" } ?? "")
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
        day.shows = fetched.value
        return day
    }

    /// How many of the nearest cinemas MovieGlu is asked about: one `cinemasNearby` and one `cinemaShowTimes`
    /// each, its cheapest plan for a day of every film (BENCHMARKS.md counts a plan's requests).
    package static let movieGluCinemas = 5

    /// `area`, else the id of the Finnkino area whose name is one of `cities`, else nil (every area). Chosen once a
    /// request for the same cities (a week's days ask seven times).
    private func chooseArea(_ area: String?, cities: [String]) async throws -> String? {
        if let area { return area }
        guard !cities.isEmpty else { return nil }
        if let chosen = requestMemo.area(for: cities) { return chosen }
        let areas = try await finnkino.areas().value
        var chosen: String?
        for city in cities.map(NameKey.of) {
            if let found = areas.first(where: { NameKey.of($0.name) == city }) {
                chosen = found.id
                break
            }
        }
        requestMemo.keep(area: chosen, for: cities)
        return chosen
    }

    /// Reads the imported shows of `count` days from `first` in one read, for a use case that then asks for each
    /// of those days (suggest's week): each day's are kept for this request as if read alone.
    package func readImportedShows(from first: CalendarDay, count: Int) async throws {
        guard count > 0 else { return }
        let byDay = try await showtimes.importedShows(
            fromLocalDay: first.description, throughLocalDay: first.adding(days: count - 1).description)
        for offset in 0..<count {
            let day = first.adding(days: offset).description
            requestMemo.keep(imported: byDay[day] ?? [], onLocalDay: day)
        }
    }

    /// The imported shows starting on `localDay`, read once a request (a week's days each read their next morning,
    /// which is the next day's too).
    private func importedShows(onLocalDay localDay: String) async throws -> [Show] {
        if let known = requestMemo.imported(onLocalDay: localDay) { return known }
        let shows = try await showtimes.importedShows(onLocalDay: localDay)
        requestMemo.keep(imported: shows, onLocalDay: localDay)
        return shows
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
    /// The zone the day is read in: Finnkino's Europe/Helsinki in Finland, else the origin's.
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
        if ShowtimesProvider.finnkino.covers(country) {
            timeZoneIdentifier = FinnkinoParsing.timeZoneIdentifier
        } else {
            timeZoneIdentifier =
                gazetteer?.nearest(to: origin).map(\.timeZone)
                .flatMap { LocalClock.timeZone(identifier: $0)?.identifier }
                ?? TimeZone.current.identifier
        }
    }

    /// The zone of the day.
    package var timeZone: TimeZone { LocalClock.timeZone(identifier: timeZoneIdentifier) ?? .current }

    /// The IANA zone of the gazetteer place nearest `coordinate` (within 100 km), or nil.
    package func zoneAt(_ coordinate: Coordinate) -> String? {
        guard let zone = gazetteer?.nearest(to: coordinate)?.timeZone, LocalClock.timeZone(identifier: zone) != nil
        else {
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
    /// Each provider asked, with how many shows it gave or why it gave none.
    package let asked: [(provider: ShowtimesProvider, outcome: String)]

    /// The region the shows were asked for: its country and zone.
    package let region: ShowtimesRegion

    /// The tag marking a theater made from a provider's own place (a Gracenote theatre with no OSM match).
    package static let sourceTag = "planner:source"

    /// The zone the day was read in, for headers when no show is listed.
    package var timeZoneIdentifier: String { region.timeZoneIdentifier }

    /// Reads the day's shows and matches their theaters.
    /// - Parameter matcher: The search's catalog made ready for matching, when the caller matches more than one day
    ///   against it (nil: made here, for this day's two matchings).
    package init(
        found: TheaterSearch, options: ShowtimesRequest, services: ShowtimesServices, region: ShowtimesRegion? = nil,
        matcher: TheaterMatcherCatalog? = nil
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
        let catalog = matcher ?? found.matcherCatalog(environment: services.environment)
        let origin = found.origin.coordinate
        let day = try await services.shows(
            localDay: localDay, region: region, area: options.area, cities: cities,
            sites: { sofar in
                // The pages of the nearby theaters whose shows no other provider gave.
                let listed = Set(Self.match(sofar, catalog: catalog, near: origin).matches.values.map(\.theater.id))
                return found.hits.compactMap { hit -> WebPageSite? in
                    guard !listed.contains(hit.theater.id), let website = Self.website(of: hit.theater) else { return nil }
                    return WebPageSite(
                        theaterID: hit.theater.id, theaterName: hit.theater.name, website: website,
                        zone: region.zoneAt(hit.theater.coordinate) ?? region.timeZoneIdentifier)
                }
            })
        let all = Self.match(day, catalog: catalog, near: origin)
        var nearbyIDs = Set(found.hits.map(\.theater.id))
        for match in all.matches.values where match.theater.tags[Self.sourceTag] != nil
            && match.theater.coordinate.distanceMeters(to: found.origin.coordinate) <= found.radius.meters
        {
            nearbyIDs.insert(match.theater.id)
        }
        self.found = found
        self.region = region
        self.localDay = localDay
        self.shows = ShowMerge.merged(
            Self.onTheatersClocks(day.shows, matches: all.matches, environment: services.environment),
            theaterOf: { all.matches[$0.providerTheaterID]?.theater.id })
        self.matching = TheaterMatching(
            matches: all.matches.filter { nearbyIDs.contains($0.value.theater.id) }, unmatched: all.unmatched)
        self.beyondRadius = all.matches.values.filter { !nearbyIDs.contains($0.theater.id) }
            .sorted { $0.provider.name < $1.provider.name }
        self.notes = [found.withoutTheaterData].compactMap { $0 } + day.notes
        self.source = day.source
        self.asked = day.asked
    }

    /// Matches the day's provider theaters to the catalog. Gracenote's theatres, whose places are known, are
    /// matched by name within ``gracenoteMatchMeters`` of their own coordinates; one with no match becomes a
    /// theater of its own at Gracenote's coordinates and address, tagged with its source, so that its shows are
    /// planned with travel times. Other providers' theaters are matched by name near the origin.
    package static func match(_ day: ShowtimesServices.DayShows, catalog: [Theater], near origin: Coordinate)
        -> TheaterMatching
    {
        match(day, catalog: TheaterMatcherCatalog(catalog), near: origin)
    }

    /// ``match(_:catalog:near:)`` against a catalog made ready for matching, which remembers its answers.
    package static func match(
        _ day: ShowtimesServices.DayShows, catalog matcher: TheaterMatcherCatalog, near origin: Coordinate
    ) -> TheaterMatching {
        let catalog = matcher.theaters
        var providerTheaters = ProviderTheater.of(day.shows)
        // A cinema's own page lists its own shows: they are that catalog theater's.
        let fromPages = Set(day.shows.filter { $0.provider == ShowtimesProvider.webPages.id }.map(\.providerTheaterID))
        var matches: [String: TheaterMatch] = [:]
        if !fromPages.isEmpty {
            let byID = Dictionary(catalog.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
            for provider in providerTheaters where fromPages.contains(provider.id) {
                guard let theater = byID[provider.id] else { continue }
                matches[provider.id] = TheaterMatch(
                    provider: provider, theater: theater, confidence: .exact, reason: "its own web page")
            }
            providerTheaters.removeAll { matches[$0.id] != nil }
        }
        guard !day.theatres.isEmpty else {
            var matching = TheaterMatcher.match(providerTheaters, in: matcher, near: origin)
            matching.matches.merge(matches) { first, _ in first }
            return matching
        }
        var unmatched: [ProviderTheater] = []
        for provider in providerTheaters {
            guard let own = day.theatres[provider.id], let place = own.place.coordinate else {
                if let match = TheaterMatcher.best(provider, in: matcher, near: origin) {
                    matches[provider.id] = match
                } else {
                    unmatched.append(provider)
                }
                continue
            }
            if let match = TheaterMatcher.best(
                provider, in: matcher, near: place, maxDistanceMeters: gracenoteMatchMeters)
            {
                matches[provider.id] = match
                continue
            }
            let theatre = own.place
            var tags = [sourceTag: own.provider.id, "amenity": "cinema"]
            tags["addr:street"] = theatre.street
            tags["addr:city"] = theatre.city
            tags["addr:state"] = theatre.state
            tags["addr:postcode"] = theatre.postalCode
            tags["addr:country"] = theatre.country
            tags["phone"] = theatre.telephone
            let placed = Theater(
                osmType: nil, osmID: nil, name: theatre.name, coordinate: place, category: .cinema, tags: tags,
                fallbackID: theatre.id.contains("/") ? theatre.id : "\(own.provider.id)/\(theatre.id)")
            matches[provider.id] = TheaterMatch(
                provider: provider, theater: placed, confidence: .exact,
                reason: "not in the theater catalog: placed at \(own.provider.name)'s coordinates")
        }
        return TheaterMatching(matches: matches, unmatched: unmatched)
    }

    /// A theater's web site from OpenStreetMap's `website` or `contact:website` tag, when it is an http(s) URL.
    static func website(of theater: Theater) -> URL? {
        guard let text = theater.tags["website"] ?? theater.tags["contact:website"],
            let url = URL(string: text.trimmingSpaces()),
            ["http", "https"].contains(url.scheme?.lowercased() ?? ""), url.host != nil
        else { return nil }
        return url
    }

    /// How far from a Gracenote theatre's own coordinates its OSM match may be, in meters.
    package static let gracenoteMatchMeters = 1_000.0

    /// Imported shows whose file gave only an offset (`…T21:00:00Z` reads as the UTC clock) are shown on the clock
    /// of the theater they matched: the time zone of the gazetteer place nearest it (GeoNames' IANA zone). The
    /// instant does not change, only the wall clock it is read on.
    package static func onTheatersClocks(
        _ shows: [Show], matches: [String: TheaterMatch], environment: Environment
    ) -> [Show] {
        let fixed = { (zone: String) in zone == "UTC" || zone == "GMT" || zone.hasPrefix("GMT+") || zone.hasPrefix("GMT-") }
        guard shows.contains(where: { $0.provider == "import" && fixed($0.timeZoneIdentifier) }),
            let gazetteer = try? environment.gazetteer()
        else { return shows }
        return shows.map { show in
            guard show.provider == "import", fixed(show.timeZoneIdentifier),
                let theater = matches[show.providerTheaterID]?.theater,
                let zone = gazetteer.nearest(to: theater.coordinate)?.timeZone,
                LocalClock.timeZone(identifier: zone) != nil
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
        // One line a provider whose own theatres stand in: "… placed at Gracenote's coordinates: …".
        for provider in ShowtimesProvider.all {
            let placed = own.filter { $0.theater.tags[Self.sourceTag] == provider.id }
            guard !placed.isEmpty else { continue }
            lines.append(
                "not in the theater catalog, so placed at \(provider.name)'s coordinates: "
                    + placed.map { "\($0.theater.name)" + ($0.theater.address.map { " (\($0))" } ?? "") }.joined(
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

/// What one request's showtimes reads more than once: the Finnkino area chosen for its cities, and the imported
/// shows of each day. Guarded by an `NSLock`.
final class ShowtimesRequestMemo: @unchecked Sendable {
    private let lock = NSLock()
    private var areas: [[String]: String?] = [:]
    private var imported: [String: [Show]] = [:]

    /// The area chosen for `cities` (nil inside: every area), or nil when none was.
    func area(for cities: [String]) -> String?? { lock.withLock { areas[cities] } }

    func keep(area: String?, for cities: [String]) { lock.withLock { areas[cities] = .some(area) } }

    func imported(onLocalDay localDay: String) -> [Show]? { lock.withLock { imported[localDay] } }

    func keep(imported shows: [Show], onLocalDay localDay: String) { lock.withLock { imported[localDay] = shows } }
}
