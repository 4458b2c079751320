// Debug builds only, for `@testable import` (FuzzTarget.swift).
#if DEBUG
import Foundation
import Geo
@testable import Routing

extension FuzzTarget {
    /// A saved area (`.roadgraph`): the whole file, then its summary alone, and the area used as `planner`
    /// uses one. Each input also runs with its block checksums made to match, so that mutations reach the
    /// decoders behind the checksums.
    static let roadGraph = FuzzTarget(name: "road-graph", summary: "a .roadgraph file (RoadArea, BinaryReader)") {
        bytes in
        let repaired = withMatchingChecksums(bytes)
        for candidate in [bytes, repaired] {
            if let area = try? RoadArea(bytes: candidate, path: "fuzz.roadgraph") { route(in: area) }
        }
        let url = ScratchFile.write(repaired, name: "fuzz.roadgraph")
        if let summary = try? RoadArea.summary(contentsOf: url) { askWhetherItCovers(summary.boundingBox) }
    }
}

/// What `planner` asks of every saved area's box: whether it holds the origin, for an origin outside it and for
/// one inside its band of latitudes.
private func askWhetherItCovers(_ box: BoundingBox) {
    _ = box.contains(FuzzTarget.helsinki)
    let middle = (box.south + box.north) / 2
    if abs(middle) <= 90 { _ = box.contains(Coordinate(uncheckedLatitude: middle, longitude: 24.9384)) }
}

/// What `planner` does with a loaded area: checks whether it covers the origin, then routes to its places.
private func route(in area: RoadArea) {
    askWhetherItCovers(area.boundingBox)
    let router = RoadRouter(area: area)
    for mode in area.graphs.keys {
        _ = router.routes(from: FuzzTarget.helsinki, to: Array(area.places.prefix(2)), mode: mode)
    }
}

/// `bytes` with the checksum of each block (summary, body, and from version 5 each graph's) set to the one their
/// format version asks for (FNV-1a over 8-byte words from version 4, byte by byte before), as far as the lengths in
/// the file allow.
func withMatchingChecksums(_ bytes: [UInt8]) -> [UInt8] {
    var repaired = bytes
    var offset = RoadArea.fileMagic.count + 4
    guard repaired.count >= offset else { return repaired }
    let version = repaired[offset - 4..<offset].reversed().reduce(UInt32(0)) { $0 << 8 | UInt32($1) }
    for _ in 0..<(version >= 5 ? 2 + Int(UInt8.max) : 2) {
        let start = offset + 16
        guard repaired.count >= start else { break }
        let length = repaired[offset..<offset + 8].reversed().reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
        guard length <= UInt64(repaired.count - start) else { break }
        let end = start + Int(length)
        var checksum = Array(repaired[start..<end]).withUnsafeBytes { RoadArea.checksum($0, version: version) }
        for index in offset + 8..<offset + 16 {
            repaired[index] = UInt8(truncatingIfNeeded: checksum)
            checksum >>= 8
        }
        offset = end
    }
    return repaired
}
#endif
