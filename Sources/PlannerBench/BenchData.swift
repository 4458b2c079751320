import Basics
import Foundation
import Geo

/// The benchmark's points and query centers, shared with the Python peer through one binary file.
///
/// Layout (little-endian): Int64 point count, Int64 query count, then (latitude, longitude) Float64 pairs for
/// every point, then for every query center.
struct BenchData {
    var points: [Coordinate]
    var queries: [Coordinate]

    /// Points and queries drawn from two independent streams of `seed`.
    init(pointCount: Int, queryCount: Int, seed: UInt64) {
        var pointRNG = SplitMix64(seed: seed)
        var queryRNG = SplitMix64(seed: seed ^ 0x5EED_0F0E_11C3_A5E5)
        points = (0..<pointCount).map { _ in pointRNG.uniformCoordinate() }
        queries = (0..<queryCount).map { _ in queryRNG.uniformCoordinate() }
    }

    /// Reads a file written by `write(to:)`.
    init(contentsOf url: URL) throws {
        let data = try Data(contentsOf: url)
        let values: [Double] = data.withUnsafeBytes { raw in
            let header = raw.loadUnaligned(as: Int64.self)
            let queryCount = raw.loadUnaligned(fromByteOffset: 8, as: Int64.self)
            let doubleCount = Int(2 * (header + queryCount))
            return (0..<doubleCount).map { raw.loadUnaligned(fromByteOffset: 16 + 8 * $0, as: Double.self) }
        }
        let pointCount = data.withUnsafeBytes { Int($0.loadUnaligned(as: Int64.self)) }
        func coordinate(_ i: Int) -> Coordinate {
            Coordinate(uncheckedLatitude: values[2 * i], longitude: values[2 * i + 1])
        }
        points = (0..<pointCount).map(coordinate)
        queries = (pointCount..<(values.count / 2)).map(coordinate)
    }

    /// Writes the layout described on the type.
    func write(to url: URL) throws {
        var data = Data()
        var header: [Int64] = [Int64(points.count), Int64(queries.count)]
        data.append(Data(bytes: &header, count: 16))
        var values: [Double] = []
        values.reserveCapacity(2 * (points.count + queries.count))
        for c in points + queries {
            values.append(c.latitude)
            values.append(c.longitude)
        }
        values.withUnsafeBytes { data.append(contentsOf: $0) }
        try data.write(to: url)
    }
}
