import Foundation
import Geo

/// A folder of imported areas, one `NAME.roadgraph` file each: what `planner areas import|list|remove` uses.
///
/// ```swift
/// let store = RoadAreaStore(directory: dataDirectory.appendingPathComponent("areas"))
/// let summary = try store.importExtract(URL(fileURLWithPath: "helsinki.osm.pbf"))   // areas import FILE
/// let router = try store.router(covering: origin)                                  // nil → estimate
/// ```
public struct RoadAreaStore: Sendable {
    /// The file extension of a saved area.
    public static let fileExtension = "roadgraph"

    /// What `list()` found: readable areas by name, and the files that could not be read.
    public struct Listing: Sendable, Equatable {
        /// The readable areas, sorted by name.
        public let areas: [RoadAreaSummary]
        /// One error per damaged or foreign `.roadgraph` file.
        public let problems: [RoutingError]
    }

    /// The folder holding the areas (created on first import).
    public let directory: URL
    /// `directory.path`, worked out once (a server names its caches by it on every request).
    public let directoryPath: String

    /// Creates a store over `directory`.
    public init(directory: URL) {
        self.directory = directory
        directoryPath = directory.path
    }

    /// Builds an area from an extract and saves it, replacing an area of the same name.
    /// - Parameter name: the area's name; by default the extract's file name without OSM extensions.
    /// - Parameter places: which elements to keep as places (`RoadGraphBuilder.places`); nil keeps none.
    /// - Throws: `OSMError` for a bad extract, `RoutingError` for a bad name or an extract without roads.
    @discardableResult
    public func importExtract(
        _ extract: URL, name: String? = nil, modes: [TravelMode] = TravelMode.allCases, places: AreaPlaceTag? = nil
    ) throws -> RoadAreaSummary {
        let areaName = name ?? RoadGraphBuilder.defaultName(for: extract)
        let target = try fileURL(for: areaName)
        let area = try RoadGraphBuilder(modes: modes, places: places).build(from: extract, name: areaName)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        try area.write(to: target)
        return area.summary
    }

    /// Every saved area's summary (cheap: graphs are not loaded).
    public func list() throws -> Listing {
        guard FileManager.default.fileExists(atPath: directory.path) else { return Listing(areas: [], problems: []) }
        let files = try FileManager.default.contentsOfDirectory(at: directory, includingPropertiesForKeys: nil)
            .filter { $0.pathExtension == Self.fileExtension }
            .sorted { $0.lastPathComponent < $1.lastPathComponent }
        var areas: [RoadAreaSummary] = []
        var problems: [RoutingError] = []
        for file in files {
            do { areas.append(try RoadArea.summary(contentsOf: file)) } catch let error as RoutingError {
                problems.append(error)
            }
        }
        return Listing(areas: areas.sorted { $0.name < $1.name }, problems: problems)
    }

    /// Deletes a saved area.
    /// - Throws: `RoutingError.unknownArea` when there is none of that name.
    public func remove(named name: String) throws {
        let url = try fileURL(for: name)
        guard FileManager.default.fileExists(atPath: url.path) else { throw RoutingError.unknownArea(name: name) }
        try FileManager.default.removeItem(at: url)
    }

    /// Loads a saved area with its graphs: every mode's, or those of `modes`.
    /// - Throws: `RoutingError.unknownArea`, or a file error from `RoadArea(contentsOf:modes:)`.
    public func load(named name: String, modes: [TravelMode]? = nil) throws -> RoadArea {
        let url = try fileURL(for: name)
        guard FileManager.default.fileExists(atPath: url.path) else { throw RoutingError.unknownArea(name: name) }
        return try RoadArea(contentsOf: url, modes: modes)
    }

    /// A router over the first saved area (by name) whose bounding box holds `point`, or nil when none does.
    public func router(
        covering point: Coordinate, maximumSnapMeters: Double = RoadRouter.defaultMaximumSnapMeters
    ) throws -> RoadRouter? {
        for summary in try list().areas where summary.boundingBox.contains(point) {
            return RoadRouter(area: try load(named: summary.name), maximumSnapMeters: maximumSnapMeters)
        }
        return nil
    }

    /// The file of the area called `name`.
    /// - Throws: `RoutingError.invalidAreaName` unless the name is letters, digits, `-`, `_` and `.`.
    public func fileURL(for name: String) throws -> URL {
        // An ASCII name is checked without Foundation's character set, whose first use builds its Unicode tables
        // (a command loads an area by name on every run); any other is checked against it.
        let isPlainASCII = name.utf8.allSatisfy {
            ($0 >= 0x30 && $0 <= 0x39) || ($0 >= 0x41 && $0 <= 0x5A) || ($0 >= 0x61 && $0 <= 0x7A)
                || $0 == UInt8(ascii: "-") || $0 == UInt8(ascii: "_") || $0 == UInt8(ascii: ".")
        }
        let allowed = isPlainASCII || name.unicodeScalars.allSatisfy {
            CharacterSet.alphanumerics.contains($0) || $0 == "-" || $0 == "_" || $0 == "."
        }
        guard !name.isEmpty, allowed, !name.hasPrefix(".") else { throw RoutingError.invalidAreaName(name) }
        return directory.appending(path: "\(name).\(Self.fileExtension)", directoryHint: .notDirectory)
    }
}
