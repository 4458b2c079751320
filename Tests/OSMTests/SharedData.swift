import Foundation
import TestSupport
import Testing

extension SharedData {
    static let skipMessage: Comment = "skipped: ../shared/data/osm is absent"
}

/// A scratch file in the temporary directory, removed by the caller.
func temporaryFile(_ bytes: [UInt8], suffix: String) throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("osmtests-\(UUID().uuidString)\(suffix)")
    try Data(bytes).write(to: url)
    return url
}
