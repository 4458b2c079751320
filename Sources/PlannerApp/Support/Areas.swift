import Foundation
import Geo
import Planner
import RoadEngines
import Routing
import Theaters

/// The imported areas: the user's (files in `areas/` beside the database) and the bundled ones (`Data/areas/`).
package struct Areas {
    /// How far beyond its theaters a catalog area (theaters, no roads) counts as covered, in meters.
    package static let catalogCoveragePaddingMeters = 5_000.0

    package let user: RoadAreaStore
    package let bundled: RoadAreaStore?
    /// The server's cache of listings and loaded areas; nil reads the files each time.
    let cache: DataCache?

    /// Where the user's and the bundled areas live.
    struct Stores {
        let user: RoadAreaStore
        let bundled: RoadAreaStore?
    }

    package init(environment: Environment) {
        // Locating the directories costs a few file-system calls: the server does it once.
        let stores = environment.cache.map { $0.areaStores { Self.stores(environment) } } ?? Self.stores(environment)
        user = stores.user
        bundled = stores.bundled
        cache = environment.cache
    }

    private static func stores(_ environment: Environment) -> Stores {
        let database = URL(fileURLWithPath: AppDatabase.path(explicit: nil, environment: environment))
        return Stores(
            user: RoadAreaStore(
                directory: database.deletingLastPathComponent().appending(path: "areas", directoryHint: .isDirectory)),
            bundled: (try? environment.dataDirectory())
                .map { RoadAreaStore(directory: $0.appending(path: "areas", directoryHint: .isDirectory)) })
    }

    /// Every saved area's summary, the user's first; an area the user imported under a bundled name wins.
    package func summaries() -> [(summary: RoadAreaSummary, store: RoadAreaStore, bundled: Bool)] {
        var seen = Set<String>()
        var result: [(RoadAreaSummary, RoadAreaStore, Bool)] = []
        for (store, isBundled) in [(user, false)] + (bundled.map { [($0, true)] } ?? []) {
            for summary in (try? store.list().areas) ?? [] where seen.insert(summary.name).inserted {
                result.append((summary, store, isBundled))
            }
        }
        return result
    }

    /// The area files that cannot be read (damaged, foreign, or from an older planner), one error each.
    package func problems() -> [RoutingError] {
        ([user] + (bundled.map { [$0] } ?? [])).flatMap { (try? $0.list().problems) ?? [] }
    }

    /// The areas whose bounding box holds `point`, loaded with their graphs. Unreadable area files are reported on
    /// standard error, one line each (an area saved by an older planner says to import it again).
    ///
    /// A file whose header reads but whose graphs do not (cut short, damaged) is reported the same way, and a
    /// bundled area of the same name stands in for it.
    ///
    /// - Parameter modes: the modes whose graphs to load (nil: all); a server's cache always loads them all.
    package func covering(_ point: Coordinate, modes: [TravelMode]? = nil) -> [RoadArea] {
        var loaded: [RoadArea] = []
        var names = Set<String>()
        for store in [user] + (bundled.map { [$0] } ?? []) {
            // One listing per store: its unreadable files are warned about, its readable summaries searched.
            guard let listing = try? (cache.map { try $0.listing(store) } ?? store.list()) else { continue }
            for problem in listing.problems { Diagnostics.line("warning: \(problem)") }
            for summary in listing.areas where summary.boundingBox.contains(point) && !names.contains(summary.name) {
                do {
                    loaded.append(
                        try cache.map { try $0.area(summary.name, in: store) }
                            ?? store.load(named: summary.name, modes: modes))
                    names.insert(summary.name)
                } catch {
                    Diagnostics.line(
                        "warning: the area '\(summary.name)' in \(store.directory.path) cannot be read (\(clause(error))); "
                            + "import it again")
                }
            }
        }
        return loaded
    }

    /// Whether the area's whole file reads (its summary alone can read fine in a file cut short).
    package func isReadable(_ summary: RoadAreaSummary, in store: RoadAreaStore) -> Bool {
        (try? store.load(named: summary.name)) != nil
    }
}

/// The router for a search: roads where an area covers the origin, else the straight-line estimate; and for
/// the modes with a routing engine (OSRM, Valhalla), the engine, with those as its fall-back.
package struct RouterChoice {
    package let router: any Router
    /// The area routed on, or nil for the estimate.
    package var areaName: String? { area?.name }
    /// The area whose roads the router follows (a map draws its streets), or nil for the estimate.
    package let area: RoadArea?
    /// The engines' router, when a mode has one: its notes say where an engine could not answer.
    private let engineRouter: EngineRouter?

    /// - Parameter cache: the server's, so that an area's prepared graphs are built once, not per request. Without
    ///   one (a command, which routes once), each mode's graph is prepared when it is first routed on, or at once
    ///   with `preparingNow` (a command whose areas hold only the graphs it will route on).
    /// - Parameter engines: the modes routed on an engine (``Environment/roadEngines()``).
    package init(
        areas: [RoadArea], cache: DataCache? = nil, preparingNow: Bool = false, engines: [TravelMode: RoadEngine] = [:]
    ) {
        // The first area with roads: an area imported from a catalog has theaters only.
        let own: any Router
        if let area = areas.first(where: \.hasRoads) {
            // A server keeps each answer too: the same origins are routed to the same cinemas all day.
            if let cache {
                own = RememberingRouter(router: cache.router(for: area), memo: cache.routes, area: area.cacheKey)
            } else {
                own = RoadRouter(area: area, preparingWhenAsked: !preparingNow)
            }
            self.area = area
        } else {
            own = EstimateRouter()
            area = nil
        }
        if engines.isEmpty {
            router = own
            engineRouter = nil
        } else {
            let name =
                area.map { "from the area \($0.name) (source: road-network)" } ?? "estimates (source: estimate)"
            let engineRouter = EngineRouter(engines: engines, fallback: own, fallbackName: name)
            router = engineRouter
            self.engineRouter = engineRouter
        }
    }

    /// Why some times are not their engine's (it is down, slow, or knows no route), one line each; empty when
    /// no mode has an engine or every engine answered.
    package var notes: [String] { engineRouter?.notes ?? [] }
}
