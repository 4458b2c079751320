import Foundation
import Geo

/// An imported extract: a road graph per travel mode plus the places found in it (`AreaPlace`: for the planner,
/// the cinemas and theatres).
///
/// ```swift
/// let cinemas = AreaPlaceTag(key: "amenity", values: ["cinema"])
/// let area = try RoadGraphBuilder(places: cinemas).build(from: URL(fileURLWithPath: "helsinki.osm.pbf"))
/// try area.write(to: URL(fileURLWithPath: "helsinki.roadgraph"))
/// let router = RoadRouter(area: try RoadArea(contentsOf: URL(fileURLWithPath: "helsinki.roadgraph")))
/// ```
public struct RoadArea: Sendable, Equatable {
    /// The area's name (by default the extract's file name without its extensions).
    public let name: String
    /// The file name of the extract it was imported from.
    public let sourceFileName: String
    /// The extract's bounds: its header's box, or the box of its routable nodes.
    public let boundingBox: BoundingBox
    /// When the import ran.
    public let importedAt: Date
    /// One graph per imported travel mode.
    public let graphs: [TravelMode: RoadGraph]
    /// The extract's elements the builder's `AreaPlaceTag` chose (ways and relations at the mean of their nodes),
    /// or the caller's places (an area imported from a catalog).
    public let places: [AreaPlace]
    /// What the import counted.
    public let statistics: ImportStatistics
    /// The travel modes whose graph has roads (edges), loaded or not, in `TravelMode.allCases` order: an area loaded
    /// for some modes only (`init(contentsOf:modes:)`) still says which others it could route.
    public let modesWithRoads: [TravelMode]

    /// Whether the area has roads for some mode; an area imported from a catalog has places only.
    public var hasRoads: Bool { !modesWithRoads.isEmpty }

    /// Creates an area from its parts.
    /// - Parameter unloadedModesWithRoads: modes with roads whose graphs were left out of `graphs` (unread).
    public init(
        name: String, sourceFileName: String, boundingBox: BoundingBox, importedAt: Date,
        graphs: [TravelMode: RoadGraph], places: [AreaPlace], statistics: ImportStatistics,
        unloadedModesWithRoads: [TravelMode] = []
    ) {
        self.name = name
        self.sourceFileName = sourceFileName
        self.boundingBox = boundingBox
        self.importedAt = importedAt
        self.graphs = graphs
        self.places = places
        self.statistics = statistics
        modesWithRoads = TravelMode.allCases.filter {
            unloadedModesWithRoads.contains($0) || (graphs[$0]?.edgeCount ?? 0) > 0
        }
    }

    /// The short description `planner areas list` shows.
    public var summary: RoadAreaSummary {
        RoadAreaSummary(
            name: name, sourceFileName: sourceFileName, boundingBox: boundingBox, importedAt: importedAt,
            placeCount: places.count,
            nodeCountByMode: graphs.mapValues(\.nodeCount), edgeCountByMode: graphs.mapValues(\.edgeCount),
            statistics: statistics)
    }
}

extension RoadArea {
    /// The same area without its contraction hierarchies, as a format-3 file loads: car routes then run by A* with
    /// landmarks (the same routes, slower). For comparing the two searches (`RoutingBenchmark latency`).
    public var withoutHierarchies: RoadArea {
        RoadArea(
            name: name, sourceFileName: sourceFileName, boundingBox: boundingBox, importedAt: importedAt,
            graphs: graphs.mapValues { $0.withHierarchy(nil) }, places: places, statistics: statistics,
            unloadedModesWithRoads: modesWithRoads)
    }
}

/// What a saved area holds, readable without loading its graphs.
public struct RoadAreaSummary: Sendable, Equatable {
    /// The area's name.
    public let name: String
    /// The file name of the extract it was imported from.
    public let sourceFileName: String
    /// The extract's bounds.
    public let boundingBox: BoundingBox
    /// When the import ran.
    public let importedAt: Date
    /// How many places the area holds.
    public let placeCount: Int
    /// Graph nodes per travel mode.
    public let nodeCountByMode: [TravelMode: Int]
    /// Directed graph edges per travel mode.
    public let edgeCountByMode: [TravelMode: Int]
    /// What the import counted.
    public let statistics: ImportStatistics

    /// Creates a summary.
    public init(
        name: String, sourceFileName: String, boundingBox: BoundingBox, importedAt: Date, placeCount: Int,
        nodeCountByMode: [TravelMode: Int], edgeCountByMode: [TravelMode: Int], statistics: ImportStatistics
    ) {
        self.name = name
        self.sourceFileName = sourceFileName
        self.boundingBox = boundingBox
        self.importedAt = importedAt
        self.placeCount = placeCount
        self.nodeCountByMode = nodeCountByMode
        self.edgeCountByMode = edgeCountByMode
        self.statistics = statistics
    }
}
