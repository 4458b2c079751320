import Foundation
import Geo
import Routing
import Theaters

/// `planner areas import`: an OpenStreetMap extract (its theaters and a road graph per mode) or a theater catalog
/// (theaters only), saved as an area that searches then use wherever it covers the origin.
package struct AreaImport {
    /// The area as saved.
    package let area: RoadArea
    /// What the extract reader counted (nodes, ways, relations); zero for a catalog.
    package let read: ImportProgress
    /// True for a GeoJSON or CSV catalog.
    package let isCatalog: Bool
    /// Catalog rows without a name or a valid lat/lon.
    package let skippedRows: Int

    /// The files `--catalog` reads: GeoJSON FeatureCollections of Points, and CSVs with name, lat, lon.
    package static let catalogExtensions: Set<String> = ["csv", "geojson", "json"]

    /// The largest car graph (directed edges) contracted at import, unless a benchmark asks for another.
    package static let defaultHierarchyEdgeLimit = RoadGraphBuilder.defaultHierarchyEdgeLimit

    /// Reads `file` and saves it as `name` in `directory` (a benchmark's), else among the user's areas.
    package static func run(
        file: String, name: String?, intoDirectory directory: String?, environment: Environment,
        importedAt: Date = Date(), hierarchyEdgeLimit: Int = defaultHierarchyEdgeLimit,
        progress: @escaping (ImportProgress) -> Void = { _ in }
    ) throws -> AreaImport {
        let store = directory.map { RoadAreaStore(directory: URL(fileURLWithPath: $0)) } ?? Areas(environment: environment).user
        return try run(
            file: file, name: name, into: store, importedAt: importedAt, hierarchyEdgeLimit: hierarchyEdgeLimit,
            progress: progress)
    }

    /// Reads `file` and saves it in `store` as `name` (default: from the file name), replacing an area of that name.
    /// - Parameter hierarchyEdgeLimit: the largest car graph contracted into a hierarchy (`RoadGraphBuilder`).
    /// - Parameter progress: Called as the extract reader goes through its passes.
    package static func run(
        file: String, name: String?, into store: RoadAreaStore, importedAt: Date = Date(),
        hierarchyEdgeLimit: Int = RoadGraphBuilder.defaultHierarchyEdgeLimit,
        progress: @escaping (ImportProgress) -> Void = { _ in }
    ) throws -> AreaImport {
        let url = URL(fileURLWithPath: file)
        guard FileManager.default.isReadableFile(atPath: url.path) else {
            throw PlannerAppError.invalidOption("cannot read '\(PlannerAppError.shortened(file))'")
        }
        let isCatalog = catalogExtensions.contains(url.pathExtension.lowercased())
        let areaName = name ?? (isCatalog ? url.deletingPathExtension().lastPathComponent : RoadGraphBuilder.defaultName(for: url))
        let target = try store.fileURL(for: areaName)
        var read = ImportProgress(stage: .relations)
        var skippedRows = 0
        let area =
            isCatalog
            ? try catalogArea(from: url, name: areaName, importedAt: importedAt, skippedRows: &skippedRows)
            : try RoadGraphBuilder(places: .theaters, hierarchyEdgeLimit: hierarchyEdgeLimit).build(
                from: url, name: areaName, importedAt: importedAt
            ) { step in
                read = step
                progress(step)
            }
        try FileManager.default.createDirectory(at: store.directory, withIntermediateDirectories: true)
        try area.write(to: target)
        return AreaImport(area: area, read: read, isCatalog: isCatalog, skippedRows: skippedRows)
    }

    /// A catalog's theaters as an area with no roads, covering their box and 5 km around.
    static func catalogArea(from url: URL, name: String, importedAt: Date, skippedRows: inout Int) throws -> RoadArea {
        let catalog = try TheaterCatalog(contentsOf: url)
        skippedRows = catalog.skippedRows
        guard let first = catalog.theaters.first else {
            throw PlannerAppError.invalidOption("'\(url.lastPathComponent)' holds no theaters with a name and a valid lat/lon")
        }
        var box = BoundingBox(
            south: first.coordinate.latitude, west: first.coordinate.longitude,
            north: first.coordinate.latitude, east: first.coordinate.longitude)
        for theater in catalog.theaters.dropFirst() {
            let c = theater.coordinate
            box = BoundingBox(
                south: min(box.south, c.latitude), west: min(box.west, c.longitude),
                north: max(box.north, c.latitude), east: max(box.east, c.longitude))
        }
        // A catalog says nothing of where it ends: its box, 5 km wider on every side, is taken as covered,
        // so that a search from the middle of town counts a few theaters' tight box as "there".
        let padLatitude = Areas.catalogCoveragePaddingMeters / 111_195
        let padLongitude = padLatitude / max(0.01, cos(max(abs(box.south), abs(box.north)) * .pi / 180))
        box = BoundingBox(
            south: max(-90, box.south - padLatitude), west: max(-180, box.west - padLongitude),
            north: min(90, box.north + padLatitude), east: min(180, box.east + padLongitude))
        let empty = Dictionary(uniqueKeysWithValues: TravelMode.allCases.map {
            ($0, RoadGraph(mode: $0, coordinates: [], edges: []))
        })
        return RoadArea(
            name: name, sourceFileName: url.lastPathComponent, boundingBox: box, importedAt: importedAt,
            graphs: empty, places: catalog.theaters.map { AreaPlace($0) }, statistics: ImportStatistics())
    }
}
