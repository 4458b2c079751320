import Basics
import Foundation
import Places
import RoadEngines
import Routing
import Settings
import Showtimes
import Theaters

/// What a long-running face (the server) reads once instead of on every request: the gazetteer, the bundled
/// catalog, the area listings and the loaded areas. The command line runs once and leaves it out.
///
/// Areas imported while the server runs are seen after a restart.
package final class DataCache: @unchecked Sendable {
    private let lock = NSLock()
    private var gazetteer: Gazetteer?
    private var catalogs: [String: TheaterCatalog] = [:]
    private var mergedCatalogs: [String: TheaterCatalog] = [:]
    private var matcherCatalogs: [String: TheaterMatcherCatalog] = [:]
    private var listings: [String: RoadAreaStore.Listing] = [:]
    private var areas: [String: RoadArea] = [:]
    private var routers: [String: RoadRouter] = [:]
    private var engines: [String: RoadEngine] = [:]
    private var stores: Areas.Stores?
    private var settingsFile: SettingsFile?
    private var savedSettings: (stamp: FileStamp?, settings: Settings)?

    /// The theaters' unchanging JSON members, written once (`NearbyReport.jsonUTF8(cache:)`).
    package let theaterMembers = TheaterMembersCache()

    /// The road routes answered, by area version, origin, mode and destinations.
    package let routes = RememberedRoutes()

    /// TMDb's configuration, transport and request limiter, shared by every request's client.
    package let tmdb = TMDbShared()

    /// Suggest's weeks of matched shows, by what each depends on
    /// (``SuggestShowings/week(from:found:area:asked:services:)``), used again for as long as the showtimes store's
    /// own reads use a row.
    package let suggestWeeks: RecentReads<String, SuggestShowings.Week>

    /// - Parameter suggestWeekSeconds: How long suggest's week of matched shows is used again (a test's may be long).
    package init(suggestWeekSeconds: Double = Storage.serverRecentReadSeconds) {
        suggestWeeks = RecentReads(windowSeconds: suggestWeekSeconds, capacity: 64)
    }

    /// The cached value, else `load()`'s (a failure is not cached, so a fixed file is read next time).
    private func value<T>(_ slot: ReferenceWritableKeyPath<DataCache, T?>, _ load: () throws -> T) rethrows -> T {
        if let hit = lock.withLock({ self[keyPath: slot] }) { return hit }
        let loaded = try load()
        lock.withLock { self[keyPath: slot] = loaded }
        return loaded
    }

    private func value<T>(
        _ slot: ReferenceWritableKeyPath<DataCache, [String: T]>, key: String, _ load: () throws -> T
    ) rethrows -> T {
        if let hit = lock.withLock({ self[keyPath: slot][key] }) { return hit }
        let loaded = try load()
        lock.withLock { self[keyPath: slot][key] = loaded }
        return loaded
    }

    /// The settings, read again only when their file has changed (another inode, size or modification time, or it
    /// appeared or went away): `planner config set` reaches a running server on its next request, and the
    /// requests in between cost one `stat` instead of reading and decoding the file twice each.
    func settings(_ locate: () -> SettingsFile) throws -> Settings {
        let file = value(\.settingsFile, locate)
        // The stamp is taken before reading: a change in between is read now and seen again next time.
        let stamp = FileStamp(path: file.url.path)
        if let saved = lock.withLock({ savedSettings }), saved.stamp == stamp { return saved.settings }
        let settings = try file.load()
        lock.withLock { savedSettings = (stamp, settings) }
        return settings
    }

    /// The area directories (user's and bundled), located once.
    func areaStores(_ locate: () -> Areas.Stores) -> Areas.Stores { value(\.stores, locate) }

    func gazetteer(_ load: () throws -> Gazetteer) rethrows -> Gazetteer { try value(\.gazetteer, load) }

    func catalog(path: String?, _ load: () throws -> TheaterCatalog) rethrows -> TheaterCatalog {
        try value(\.catalogs, key: path ?? "", load)
    }

    /// A catalog merged with the theaters and coverage of some areas, by a key naming the catalog and the areas.
    func mergedCatalog(key: String, _ merge: () throws -> TheaterCatalog) rethrows -> TheaterCatalog {
        try value(\.mergedCatalogs, key: key, merge)
    }

    /// A merged catalog made ready for matching provider theaters, by the merged catalog's key: the theaters'
    /// name keys and each question's answer are worked out once for the server's life (``TheaterMatcherCatalog``
    /// keeps a bounded number of answers).
    func matcherCatalog(key: String, _ make: () -> TheaterMatcherCatalog) -> TheaterMatcherCatalog {
        value(\.matcherCatalogs, key: key, make)
    }

    func listing(_ store: RoadAreaStore) throws -> RoadAreaStore.Listing {
        try value(\.listings, key: store.directoryPath) { try store.list() }
    }

    /// The road router of an area, its graphs prepared once (adjacency, a fine snapping grid, landmarks), with
    /// every node's way to each of the area's theaters searched once too (`RoadRouter(area:treesToPlaces:)`).
    func router(for area: RoadArea) -> RoadRouter {
        value(\.routers, key: area.cacheKey) {
            RoadRouter(area: area, treesToPlaces: true, fineSnapping: true)
        }
    }

    /// One client per engine address for the server's life: its connections, remembered answers and pauses are
    /// shared by every request.
    func engine(_ engine: RoutingEngine) -> RoadEngine {
        value(\.engines, key: "\(engine)") { RoadEngine(engine) }
    }

    func area(_ name: String, in store: RoadAreaStore) throws -> RoadArea {
        try value(\.areas, key: store.directoryPath + "\n" + name) { try store.load(named: name) }
    }
}

extension RoadArea {
    /// The area's name and import time, which name one version of it in the caches.
    var cacheKey: String { "\(name)\n\(importedAt.timeIntervalSince1970.bitPattern)" }
}
