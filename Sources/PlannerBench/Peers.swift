import Foundation
import GRDB
import Geo

/// (a) The k-d tree under test.
func measurePointIndex(_ index: PointIndex, queries: [Coordinate], workload: Workload) -> Measurement {
    var answers: [[Int]] = []
    answers.reserveCapacity(queries.count)
    // Warm up caches and the branch predictor on a few queries, untimed.
    for center in queries.prefix(200) { answers.append(run(index, workload, center)) }
    answers.removeAll(keepingCapacity: true)
    let seconds = secondsTaken {
        for center in queries { answers.append(run(index, workload, center)) }
    }
    return Measurement(queryCount: queries.count, seconds: seconds, answers: answers.map(sortedIDs))
}

private func run(_ index: PointIndex, _ workload: Workload, _ center: Coordinate) -> [Int] {
    if let radius = workload.radiusMeters { return index.indices(within: radius, of: center) }
    return index.nearest(Workload.k, to: center).map(\.index)
}

/// (a′) The same index through its sorted, distance-carrying API (`neighbors(within:of:)`).
func measurePointIndexSorted(_ index: PointIndex, queries: [Coordinate], workload: Workload) -> Measurement? {
    guard let radius = workload.radiusMeters else { return nil }
    var answers: [[Neighbor]] = []
    answers.reserveCapacity(queries.count)
    let seconds = secondsTaken {
        for center in queries { answers.append(index.neighbors(within: radius, of: center)) }
    }
    return Measurement(queryCount: queries.count, seconds: seconds, answers: answers.map { sortedIDs($0.map(\.index)) })
}

/// (b) The brute-force reference scan, `BruteForce` from Geo.
func measureBruteForce(points: [Coordinate], queries: [Coordinate], workload: Workload) -> Measurement {
    var answers: [[Int]] = []
    let seconds = secondsTaken {
        for center in queries {
            if let radius = workload.radiusMeters {
                answers.append(BruteForce.neighbors(within: radius, of: center, in: points).map(\.index))
            } else {
                answers.append(BruteForce.nearest(Workload.k, to: center, in: points).map(\.index))
            }
        }
    }
    return Measurement(queryCount: queries.count, seconds: seconds, answers: answers.map(sortedIDs))
}

/// (c) SQLite's R*Tree module through GRDB, in memory: a latitude/longitude box query (two across the
/// antimeridian) on one reused prepared statement, then the exact haversine filter.
struct RTreePeer {
    let database: DatabaseQueue
    let points: [Coordinate]

    /// Loads every point as a degenerate box; returns the peer and the load time in seconds.
    static func load(_ points: [Coordinate]) throws -> (RTreePeer, Double) {
        let database = try DatabaseQueue()
        let seconds = try secondsTaken {
            try database.write { db in
                try db.execute(sql: "CREATE VIRTUAL TABLE point USING rtree(id, minLat, maxLat, minLon, maxLon)")
                let insert = try db.makeStatement(sql: "INSERT INTO point VALUES (?, ?, ?, ?, ?)")
                for (i, p) in points.enumerated() {
                    try insert.execute(arguments: [i, p.latitude, p.latitude, p.longitude, p.longitude])
                }
            }
        }
        return (RTreePeer(database: database, points: points), seconds)
    }

    func measure(queries: [Coordinate], workload: Workload) throws -> Measurement {
        try database.inDatabase { db in
            let statement = try db.makeStatement(
                sql: "SELECT id FROM point WHERE maxLat >= ? AND minLat <= ? AND maxLon >= ? AND minLon <= ?")
            var answers: [[Int]] = []
            answers.reserveCapacity(queries.count)
            let seconds = try secondsTaken {
                for center in queries {
                    if let radius = workload.radiusMeters {
                        answers.append(try within(radius, of: center, statement).map(\.index))
                    } else {
                        answers.append(try nearest(Workload.k, to: center, statement))
                    }
                }
            }
            return Measurement(queryCount: queries.count, seconds: seconds, answers: answers.map(sortedIDs))
        }
    }

    /// Every point within `radiusMeters`: box candidates, then haversine ≤ radius.
    private func within(_ radiusMeters: Double, of center: Coordinate, _ statement: Statement) throws -> [Neighbor] {
        let box = BoundingBox(around: center, radiusMeters: radiusMeters)
        // R*Tree stores 32-bit floats rounded outwards, so stored boxes never shrink; a nano-degree of
        // margin on the query box absorbs the rounding of the box's own trigonometry.
        let margin = 1e-9
        var found: [Neighbor] = []
        for range in box.longitudeRanges {
            let arguments: StatementArguments = [
                box.south - margin, box.north + margin, range.lowerBound - margin, range.upperBound + margin,
            ]
            let ids = try Int.fetchCursor(statement, arguments: arguments)
            while let id = try ids.next() {
                let d = center.distanceMeters(to: points[id])
                if d <= radiusMeters { found.append(Neighbor(index: id, distanceMeters: d)) }
            }
        }
        return found
    }

    /// The k nearest: grow the radius (starting where k points are expected for uniform data) until k exact
    /// hits lie inside it, then keep the k nearest.
    private func nearest(_ k: Int, to center: Coordinate, _ statement: Statement) throws -> [Int] {
        var radius = Earth.meanRadiusMeters * 2 * (Double(k) / Double(points.count)).squareRoot()
        while true {
            let found = try within(radius, of: center, statement)
            if found.count >= k || radius >= Earth.halfCircumferenceMeters {
                return found.sorted(by: Neighbor.nearerFirst).prefix(k).map(\.index)
            }
            radius *= 2
        }
    }
}

/// Ascending point indices, the form answers are compared in.
func sortedIDs(_ ids: [Int]) -> [Int32] {
    ids.map { Int32($0) }.sorted()
}
