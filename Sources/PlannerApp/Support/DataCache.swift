import Foundation
import Places
import Routing
import Theaters

/// What a long-running face (the server) reads once instead of on every request: the gazetteer, the bundled
/// catalog, the area listings and the loaded areas. The command line runs once and leaves it out.
///
/// Areas imported while the server runs are seen after a restart.
package final class DataCache: @unchecked Sendable {
    private let lock = NSLock()
    private var gazetteer: Gazetteer?
    private var catalogs: [String: TheaterCatalog] = [:]
    private var listings: [String: RoadAreaStore.Listing] = [:]
    private var areas: [String: RoadArea] = [:]
    private var routers: [String: RoadRouter] = [:]
    private var stores: Areas.Stores?

    package init() {}

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

    /// The area directories (user's and bundled), located once.
    func areaStores(_ locate: () -> Areas.Stores) -> Areas.Stores { value(\.stores, locate) }

    func gazetteer(_ load: () throws -> Gazetteer) rethrows -> Gazetteer { try value(\.gazetteer, load) }

    func catalog(path: String?, _ load: () throws -> TheaterCatalog) rethrows -> TheaterCatalog {
        try value(\.catalogs, key: path ?? "", load)
    }

    func listing(_ store: RoadAreaStore) throws -> RoadAreaStore.Listing {
        try value(\.listings, key: store.directory.path) { try store.list() }
    }

    /// The road router of an area, its graphs prepared once (adjacency, snapping index, landmarks), with every
    /// node's way to each of the area's theaters searched once too (`RoadRouter(area:treesToTheaters:)`).
    func router(for area: RoadArea) -> RoadRouter {
        value(\.routers, key: "\(area.name)\n\(area.importedAt.timeIntervalSince1970)") {
            RoadRouter(area: area, treesToTheaters: true)
        }
    }

    func area(_ name: String, in store: RoadAreaStore) throws -> RoadArea {
        try value(\.areas, key: store.directory.path + "\n" + name) { try store.load(named: name) }
    }
}
