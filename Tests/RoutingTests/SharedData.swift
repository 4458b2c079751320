import Basics
import Foundation
import TestSupport
import Testing

extension SharedData {
    static let skipMessage: Comment = "skipped: ../shared/data/osm is absent"
}

/// A scratch file path in the temporary directory, removed by the caller.
func temporaryURL(_ suffix: String) -> URL {
    FileManager.default.temporaryDirectory.appendingPathComponent("routingtests-\(UUID().uuidString)\(suffix)")
}

/// The seeded generator the random tests use.
typealias SeededGenerator = SplitMix64
