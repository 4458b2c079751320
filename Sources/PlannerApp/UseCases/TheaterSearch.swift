import Foundation
import Geo
import OnlineLookup
import Places
import Planner
import Routing
import Showtimes
import Theaters

/// The search every place command starts with: resolve the origin, read the catalog, check coverage, ask the
/// online services where the local data falls short (when allowed), search.
package struct TheaterSearch {
    package let origin: Origin
    package let radius: Radius
    package let catalog: TheaterCatalog
    package let coverageFit: CoverageFit
    package let hits: [TheaterHit]
    /// Where each theater came from, by id: "local" or an online service.
    package var sources: [String: String] = [:]
    /// What the online lookups said, or why they could not.
    package var onlineNotes: [String] = []
    /// Why the search has no theater data of its own and what stands in for it (a provider's own theatres); nil
    /// when it has data. The showtimes reports show it.
    package var withoutTheaterData: String?
    /// Road routing where an imported or bundled area covers the origin, else the straight-line estimate.
    package var routing = RouterChoice(areas: [])
    /// The server's name for `catalog` when it is the merged catalog the server keeps (``DataCache``), unchanged by
    /// online lookups; nil otherwise.
    package var catalogKey: String?

    /// The route to every hit for `mode`, in hit order.
    /// - Parameter lines: false leaves each route's `geometry` empty (`Router.routesWithoutLines`: the same times
    ///   and distances), for an answer that draws no line.
    package func routes(_ mode: TravelMode, lines: Bool = true) -> [Route<Theater>] {
        lines
            ? routing.router.routes(from: origin.coordinate, to: hits.map(\.theater), mode: mode)
            : routing.router.routesWithoutLines(from: origin.coordinate, to: hits.map(\.theater), mode: mode)
    }

    /// The base catalog with the theaters of every area covering the origin (unless `--catalog` replaces it), and
    /// the key a server keeps the merged catalog under (nil without a server's cache). A server merges each catalog
    /// and set of areas once (the same data for every origin they cover).
    static func catalog(search: SearchRequest, origin: Origin, environment: Environment) throws
        -> (TheaterCatalog, [RoadArea], key: String?)
    {
        let areas = Areas(environment: environment).covering(origin.coordinate, modes: search.routedModes)
        // --catalog replaces the theaters, not the roads: the areas still route.
        let merging = search.catalog == nil ? areas : []
        let merge = { try merged(environment.catalog(path: search.catalog), with: merging) }
        guard let cache = environment.cache else { return (try merge(), areas, nil) }
        let key = ([search.catalog ?? ""] + merging.map(\.cacheKey)).joined(separator: "\n")
        return (try cache.mergedCatalog(key: key, merge), areas, key)
    }

    /// `catalog` with each area's theaters it lacks, and each area's coverage.
    private static func merged(_ catalog: TheaterCatalog, with areas: [RoadArea]) -> TheaterCatalog {
        var catalog = catalog
        for area in areas {
            let known = Set(catalog.theaters.map(\.id))
            let newTheaters = area.theaters.filter { !known.contains($0.id) }
            let newCoverage: [CoverageArea]
            if !area.hasRoads {
                // A catalog area (theaters only) is complete near its theaters, not across its whole box: France's
                // cinemas say nothing of Brussels. Each theater vouches for 5 km around it.
                newCoverage = newTheaters.map {
                    CoverageArea(
                        name: "area \(area.name)",
                        box: BoundingBox(around: $0.coordinate, radiusMeters: Areas.catalogCoveragePaddingMeters))
                }
            } else {
                newCoverage = catalog.coverage.contains { $0.box.isClose(to: area.boundingBox) }
                    ? [] : [CoverageArea(name: "area \(area.name)", box: area.boundingBox)]
            }
            var merged = TheaterCatalog(
                theaters: catalog.theaters + newTheaters,
                source: newTheaters.isEmpty ? catalog.source : "\(catalog.source) + area \(area.name)",
                coverage: catalog.coverage + newCoverage)
            merged.attribution = catalog.attribution ?? "© OpenStreetMap contributors, ODbL 1.0"
            catalog = merged
        }
        return catalog
    }

    /// An offline search: the bundled data or `--catalog` only.
    package init(near: String?, search: SearchRequest, environment: Environment) throws {
        let origin = try Origin.resolve(
            near: near, settings: try environment.settings(), gazetteer: environment.gazetteer)
        try self.init(origin: origin, search: search, environment: environment)
    }

    /// The full search: with `--online` (or `online = auto|always` in the settings) it geocodes with Nominatim
    /// and asks Overpass for theaters where the local data does not cover the search circle.
    /// - Parameter providerTheatres: for the showtimes use cases, whether a configured provider that covers the
    ///   origin brings its own theatres (Gracenote's carry coordinates and addresses): its note when it does. Then
    ///   a place no local data covers, and no online lookup could fill, is a search with no theaters of its own
    ///   rather than an error: the provider's theatres stand by themselves.
    package static func resolve(
        near: String?, search: SearchRequest, environment: Environment,
        providerTheatres: ((Origin) -> String?)? = nil
    ) async throws -> TheaterSearch {
        try search.validate()
        if let near, near.count > SearchRequest.maxPlaceCharacters {
            throw PlannerAppError.invalidArgument("--near is over \(SearchRequest.maxPlaceCharacters) characters")
        }
        guard let online = try OnlineServices.start(
            forced: search.online, offline: search.offline, verbose: search.verbose, db: search.db,
            environment: environment)
        else {
            let origin = try Origin.resolve(
                near: near, settings: try environment.settings(), gazetteer: environment.gazetteer)
            return try TheaterSearch(
                origin: origin, search: search, environment: environment, providerTheatres: providerTheatres)
        }
        do {
            var notes: [String] = []
            let origin = try await Self.origin(near, online: online, environment: environment, notes: &notes)
            return try await Self.online(
                origin: origin, search: search, environment: environment, online: online, notes: notes,
                providerTheatres: providerTheatres)
        } catch {
            // A database that cannot be used is reported first, as when it was opened before anything else.
            _ = try online.ready()
            throw error
        }
    }

    package static func origin(
        _ near: String?, online pending: OnlineServices.Pending, environment: Environment, notes: inout [String]
    ) async throws -> Origin {
        let settings = try environment.settings()
        guard let near, !Coordinate.looksLikeCoordinate(near), !(near.first.map { $0 == "-" || $0.isNumber } ?? false)
        else {
            return try Origin.resolve(near: near, settings: settings, gazetteer: environment.gazetteer)
        }
        if pending.policy == .auto {
            do {
                return try Origin.resolve(near: near, settings: settings, gazetteer: environment.gazetteer)
            } catch PlacesError.unknownPlace {
                // Not in the offline gazetteer: ask Nominatim below.
            }
        }
        let online = try pending.ready()
        do {
            let (places, provenance) = try await online.nominatim.search(near, limit: 1)
            guard let place = places.first else { throw OnlineLookupError.placeNotFound(near) }
            notes.append("'\(near)' geocoded by Nominatim (\(provenance.phrase)): \(place.displayName)")
            let label = [place.name.isEmpty ? near : place.name, place.countryCode].compactMap { $0 }.joined(separator: ", ")
            return Origin(
                coordinate: place.coordinate, label: label, countryCode: place.countryCode, alternatives: [],
                geocodedOnline: true)
        } catch let error as OnlineLookupError where error != .placeNotFound(near) {
            notes.append("Nominatim could not geocode '\(near)' (\(clause(error))); using the offline gazetteer")
            do {
                return try Origin.resolve(near: near, settings: settings, gazetteer: environment.gazetteer)
            } catch PlacesError.unknownPlace {
                throw PlannerAppError.invalidOption(
                    "Nominatim could not geocode '\(near)' (\(clause(error))), and the offline gazetteer has no place of that "
                        + "name; give coordinates instead, e.g. --near 60.1699,24.9384")
            }
        }
    }

    package init(
        origin: Origin, search: SearchRequest, environment: Environment,
        providerTheatres: ((Origin) -> String?)? = nil
    ) throws {
        let radius = try search.parsedRadius()
        let (catalog, areas, key) = try Self.catalog(search: search, origin: origin, environment: environment)
        let fit = catalog.coverageFit(center: origin.coordinate, radiusMeters: radius.meters)
        var notes: [String] = []
        if case .outside(let area, let distance) = fit {
            let reason = PlannerAppError.outsideCoverage(
                origin: origin.displayName, area: area.name, distanceMeters: distance, triedOnline: false,
                userCatalog: search.catalog != nil)
            guard let standing = providerTheatres?(origin) else { throw reason }
            notes.append(Self.withoutTheaters(origin: origin, failure: nil, standing: standing))
        }
        self.init(
            origin: origin, radius: radius, catalog: catalog, fit: fit, search: search,
            // Every theater is local: what a theater missing from `sources` is.
            sources: [:], notes: notes)
        withoutTheaterData = notes.first
        routing = RouterChoice(areas: areas, cache: environment.cache, engines: try environment.roadEngines())
        catalogKey = key
    }

    package init(
        origin: Origin, radius: Radius, catalog: TheaterCatalog, fit: CoverageFit, search: SearchRequest,
        sources: [String: String], notes: [String]
    ) {
        self.origin = origin
        self.radius = radius
        self.catalog = catalog
        coverageFit = fit
        hits = catalog.search(near: origin.coordinate, radiusMeters: radius.meters, query: search.query, limit: search.limit)
        self.sources = sources
        onlineNotes = notes
    }

    /// The online part of ``resolve(near:search:environment:)``, once the origin is known.
    package static func online(
        origin: Origin, search: SearchRequest, environment: Environment, online pending: OnlineServices.Pending,
        notes: [String], providerTheatres: ((Origin) -> String?)? = nil
    ) async throws -> TheaterSearch {
        var notes = notes
        let radius = try search.parsedRadius()
        var (catalog, areas, catalogKey) = try Self.catalog(search: search, origin: origin, environment: environment)
        var without: String?
        // A command that reads only the graphs it routes on prepares them now, while its lookup database opens on
        // another thread, rather than waiting for it and preparing them after.
        let routing = RouterChoice(
            areas: areas, cache: environment.cache, preparingNow: search.routedModes != nil,
            engines: try environment.roadEngines())
        let online = try pending.ready()
        var fit = catalog.coverageFit(center: origin.coordinate, radiusMeters: radius.meters)
        // A theater missing from `sources` is local; only what the lookups add beyond the catalog is named.
        var sources: [String: String] = [:]
        var failure: String?
        if fit != .complete {
            switch await lookUp(search.query, around: origin, radius: radius, online: online, notes: &notes) {
            case .found(let found, let label):
                let circle = CoverageArea(
                    name: "\(label) around \(origin.label)",
                    box: BoundingBox(around: origin.coordinate, radiusMeters: radius.meters))
                var fetched = TheaterCatalog(theaters: found, source: label, coverage: [circle])
                fetched.attribution = "© OpenStreetMap contributors, ODbL 1.0"
                let known = Set(catalog.theaters.map(\.id))
                for theater in found where !known.contains(theater.id) && sources[theater.id] == nil {
                    sources[theater.id] = label
                }
                let attribution = catalog.attribution ?? fetched.attribution
                catalog = catalog.merged(with: fetched)
                catalog.attribution = attribution
                catalogKey = nil
                fit = .complete
            case .failed(let why):
                failure = why
            }
        }
        if case .outside(let area, let distance) = fit {
            // No data at all: the error says why the lookups failed, and nothing is shown, unless a showtimes
            // provider brings theatres of its own.
            let reason = PlannerAppError.outsideCoverage(
                origin: origin.displayName, area: area.name, distanceMeters: distance, triedOnline: true,
                userCatalog: search.catalog != nil)
            let why = ([reason.description] + [failure].compactMap { $0 }).joined(separator: "; ")
            guard let standing = providerTheatres?(origin) else { throw PlannerAppError.upstreamFailed(why) }
            without = Self.withoutTheaters(origin: origin, failure: failure, standing: standing)
            notes.append(without!)
        } else if let failure {
            notes.append(failure + "; showing local data only, so theaters outside it are missing")
        }
        // An origin Nominatim geocoded already has its address in the notes; only a point is looked up.
        if !origin.geocodedOnline, let (address, provenance) = try? await online.nominatim.reverse(origin.coordinate),
            let address
        {
            notes.append("origin: \(address) (Nominatim, \(provenance.phrase))")
        }
        var result = TheaterSearch(
            origin: origin, radius: radius, catalog: catalog, fit: fit, search: search, sources: sources, notes: notes)
        result.routing = routing
        result.withoutTheaterData = without
        result.catalogKey = catalogKey
        return result
    }

    /// The catalog made ready for matching a provider's theaters to it: a server keeps one per merged catalog, with
    /// the answers it has worked out (each provider theater near each origin); otherwise a new one.
    package func matcherCatalog(environment: Environment) -> TheaterMatcherCatalog {
        guard let catalogKey, let cache = environment.cache else { return TheaterMatcherCatalog(catalog.theaters) }
        return cache.matcherCatalog(key: catalogKey) { TheaterMatcherCatalog(catalog.theaters) }
    }

    /// The note of a search that found no theater data but goes on with a provider's own theatres.
    static func withoutTheaters(origin: Origin, failure: String?, standing: String) -> String {
        "no local theater data covers \(origin.displayName)" + (failure.map { " and \($0)" } ?? "") + "; \(standing)"
    }

    /// What the online theater lookup gave: theaters and the service's name, or why every service failed.
    package enum LookupOutcome {
        case found([Theater], String)
        case failed(String)
    }

    /// Overpass first; if it fails, Nominatim's amenity search in the circle's box. A success adds its note.
    package static func lookUp(
        _ query: TheaterQuery, around origin: Origin, radius: Radius, online: OnlineServices, notes: inout [String]
    ) async -> LookupOutcome {
        var failure = ""
        do {
            let (theaters, provenance) = try await online.overpass.theaters(
                matching: query, around: origin.coordinate, radiusMeters: radius.meters)
            notes.append("\(theaters.count) from OpenStreetMap's Overpass API (\(provenance.phrase))")
            return .found(theaters, "Overpass")
        } catch {
            failure = "Overpass failed: \(clause(error))"
        }
        if case .category(let category, let driveIn) = query, !driveIn {
            let box = BoundingBox(around: origin.coordinate, radiusMeters: radius.meters)
            do {
                let (theaters, provenance) = try await online.nominatim.theaters(amenity: category.tagValue, in: box)
                notes.append("\(failure); \(theaters.count) from Nominatim's amenity search instead (\(provenance.phrase))")
                return .found(theaters, "Nominatim")
            } catch {
                failure += "; Nominatim's amenity search failed too: \(clause(error))"
            }
        }
        return .failed(failure)
    }

    /// Every mode's routes, with lines only for `drawn` (the one mode a GeoJSON export shows): a routing engine
    /// then answers the other modes with one table request each, not a route request per theater.
    package func routesByMode(linesFor drawn: TravelMode?) -> [TravelMode: [Route<Theater>]] {
        Dictionary(uniqueKeysWithValues: TravelMode.allCases.map { mode in (mode, routes(mode, lines: mode == drawn)) })
    }

    /// The route to every hit for each of `modes` (every mode by default).
    /// - Parameter lines: false leaves each route's `geometry` empty (`Router.routesWithoutLines`).
    package func routesByMode(lines: Bool = true, modes: [TravelMode] = TravelMode.allCases)
        -> [TravelMode: [Route<Theater>]]
    {
        let theaters = hits.map(\.theater)
        let router = routing.router
        return Dictionary(uniqueKeysWithValues: modes.map { mode in
            (
                mode,
                lines
                    ? router.routes(from: origin.coordinate, to: theaters, mode: mode)
                    : router.routesWithoutLines(from: origin.coordinate, to: theaters, mode: mode)
            )
        })
    }

    /// The nearby report; `routesByMode` when the caller has already routed (else they are computed here, without
    /// their lines, which the report does not show).
    /// - Parameter modes: the modes to route when `routesByMode` is nil: a table shows one mode's times, and a
    ///   router prepares a mode's graph only when it is first asked for it (the others' times are then estimates,
    ///   which only the JSON, CSV and GeoJSON forms would show).
    package func report(
        search: SearchRequest, routesByMode byMode: [TravelMode: [Route<Theater>]]? = nil,
        modes: [TravelMode] = TravelMode.allCases
    ) -> NearbyReport {
        let byMode = byMode ?? routesByMode(lines: false, modes: modes)
        return NearbyReport(
            origin: origin, radius: radius, query: search.query, mode: search.mode, hits: hits, catalog: catalog,
            coverageFit: coverageFit, sources: sources, onlineNotes: onlineNotes, routesByMode: byMode,
            routingNotes: routing.notes)
    }
}


extension BoundingBox {
    /// Within about 10 m on every side: the same extract's box, read twice.
    package func isClose(to other: BoundingBox) -> Bool {
        abs(south - other.south) < 1e-4 && abs(north - other.north) < 1e-4 && abs(west - other.west) < 1e-4
            && abs(east - other.east) < 1e-4
    }
}
