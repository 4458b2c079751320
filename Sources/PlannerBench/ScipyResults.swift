import Foundation
import Geo

/// What `Scripts/bench_geo_peer.py` measured with scipy's cKDTree, read back for the side-by-side table.
///
/// `scipy-results.bin` holds, for each workload in `Workload.allCases` order: Int64 query count, that many
/// Int32 answer sizes, then the answers' Int32 point indices one after another. `scipy-timings.json` holds
/// seconds per workload and the tree's build time.
struct ScipyResults {
    var measurements: [Workload: Measurement] = [:]
    var buildSeconds: Double = 0
    var version = "?"
    /// Queries per second of one batched call per workload (all centers at once, one thread), for context.
    var batchedQueriesPerSecond: [Workload: Double] = [:]

    /// Reads both files from `directory`; nil when the Python peer did not run.
    /// - Parameters:
    ///   - points: the benchmark points, for the exact haversine filter on radius answers.
    ///   - queries: the query centers.
    init?(directory: URL, points: [Coordinate], queries: [Coordinate]) throws {
        let resultsURL = directory.appendingPathComponent("scipy-results.bin")
        let timingsURL = directory.appendingPathComponent("scipy-timings.json")
        guard FileManager.default.fileExists(atPath: resultsURL.path),
            FileManager.default.fileExists(atPath: timingsURL.path)
        else { return nil }
        let timings = try JSONSerialization.jsonObject(with: Data(contentsOf: timingsURL)) as? [String: Any] ?? [:]
        buildSeconds = timings["build_seconds"] as? Double ?? 0
        version = timings["scipy_version"] as? String ?? "?"
        let data = try Data(contentsOf: resultsURL)
        var offset = 0
        func int64() -> Int {
            defer { offset += 8 }
            return Int(data.withUnsafeBytes { $0.loadUnaligned(fromByteOffset: offset, as: Int64.self) })
        }
        func int32() -> Int32 {
            defer { offset += 4 }
            return data.withUnsafeBytes { $0.loadUnaligned(fromByteOffset: offset, as: Int32.self) }
        }
        for workload in Workload.allCases {
            let queryCount = int64()
            let sizes = (0..<queryCount).map { _ in Int(int32()) }
            var answers: [[Int32]] = []
            for (q, size) in sizes.enumerated() {
                var ids = (0..<size).map { _ in int32() }
                if let radius = workload.radiusMeters {
                    // The same exact filter every peer applies: haversine ≤ radius, on the same function.
                    ids = ids.filter { queries[q].distanceMeters(to: points[Int($0)]) <= radius }
                }
                answers.append(ids.sorted())
            }
            let seconds = timings[workload.scipyKey] as? Double ?? .nan
            measurements[workload] = Measurement(queryCount: queryCount, seconds: seconds, answers: answers)
            if let batched = timings["batched_" + workload.scipyKey] as? Double {
                batchedQueriesPerSecond[workload] = Double(queryCount) / batched
            }
        }
    }
}

extension Workload {
    /// The key of this workload in `scipy-timings.json`.
    var scipyKey: String {
        switch self {
        case .radius1km: "radius_1000"
        case .radius10km: "radius_10000"
        case .radius100km: "radius_100000"
        case .nearest10: "nearest_10"
        }
    }
}
