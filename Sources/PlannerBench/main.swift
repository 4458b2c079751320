import Foundation
import Geo

// planner-bench: times PointIndex against its peers on the same points and queries.
//
//   planner-bench generate --dir bench-out [--points 1000000] [--queries 10000] [--seed 20261122]
//   planner-bench run --dir bench-out [--brute-queries 50] [--brute-nearest-queries 10] [--sqlite-queries 10000]
//                     [--index-only [--leaf-capacities 8,16,32]]   (time PointIndex alone, for tuning)
//
// `generate` writes bench-out/points.bin for this program and Scripts/bench_geo_peer.py; `run` reads it,
// times PointIndex, the brute-force scan and SQLite's R*Tree, folds in scipy's results when present, and
// prints a markdown table (also written to bench-out/table.md). Scripts/bench-geo.sh runs all of it.

/// The value after `--name`, or `fallback`.
func option(_ name: String, _ fallback: String) -> String {
    let arguments = CommandLine.arguments
    guard let i = arguments.firstIndex(of: "--\(name)"), i + 1 < arguments.count else { return fallback }
    return arguments[i + 1]
}

func intOption(_ name: String, _ fallback: Int) -> Int {
    Int(option(name, String(fallback))) ?? fallback
}

func log(_ message: String) {
    FileHandle.standardError.write(Data((message + "\n").utf8))
}

func runBenchmark(directory: URL) throws {
    let data = try BenchData(contentsOf: directory.appendingPathComponent("points.bin"))
    let queries = data.queries
    log("read \(data.points.count) points and \(queries.count) queries")

    var index: PointIndex!
    let buildSeconds = secondsTaken { index = PointIndex(data.points) }
    log(String(format: "PointIndex built in %.2f s", buildSeconds))
    var pointIndex = PeerRow(name: "PointIndex (k-d tree, unsorted `indices(within:)`)",
                             setup: String(format: "build %.2f s", buildSeconds), measurements: [:])
    var sorted = PeerRow(name: "PointIndex, sorted `neighbors(within:)` with distances", setup: "same index",
                         measurements: [:])
    for workload in Workload.allCases {
        pointIndex.measurements[workload] = measurePointIndex(index, queries: queries, workload: workload)
        sorted.measurements[workload] = measurePointIndexSorted(index, queries: queries, workload: workload)
        log("PointIndex \(workload.title): \(grouped(pointIndex.measurements[workload]!.queriesPerSecond)) q/s")
    }

    if CommandLine.arguments.contains("--index-only") {
        // Tuning: the default index, then each leaf capacity, timed in turn in this one process.
        var rows = [pointIndex]
        for capacity in option("leaf-capacities", "").split(separator: ",").compactMap({ Int($0) }) {
            let tuned = PointIndex(data.points, leafCapacity: capacity)
            var row = PeerRow(name: "PointIndex, leaves ≤ \(capacity)", setup: "", measurements: [:])
            for workload in Workload.allCases {
                row.measurements[workload] = measurePointIndex(tuned, queries: queries, workload: workload)
            }
            rows.append(row)
        }
        print(markdownTable(rows: rows))
        return
    }
    let bruteQueries = Array(queries.prefix(intOption("brute-queries", 50)))
    let bruteNearestQueries = Array(queries.prefix(intOption("brute-nearest-queries", 10)))
    var brute = PeerRow(name: "brute-force scan (`BruteForce`)", setup: "none", measurements: [:])
    for workload in Workload.allCases {
        let some = workload == .nearest10 ? bruteNearestQueries : bruteQueries
        brute.measurements[workload] = measureBruteForce(points: data.points, queries: some, workload: workload)
        log("brute force \(workload.title): \(grouped(brute.measurements[workload]!.queriesPerSecond)) q/s")
    }

    let (rtree, loadSeconds) = try RTreePeer.load(data.points)
    log(String(format: "R*Tree loaded in %.2f s", loadSeconds))
    let sqliteQueries = Array(queries.prefix(intOption("sqlite-queries", queries.count)))
    var sqlite = PeerRow(name: "SQLite R*Tree via GRDB (box + haversine)",
                         setup: String(format: "load %.2f s", loadSeconds), measurements: [:])
    for workload in Workload.allCases {
        sqlite.measurements[workload] = try rtree.measure(queries: sqliteQueries, workload: workload)
        log("R*Tree \(workload.title): \(grouped(sqlite.measurements[workload]!.queriesPerSecond)) q/s")
    }

    var rows = [pointIndex, sorted, brute, sqlite]
    if let scipy = try ScipyResults(directory: directory, points: data.points, queries: queries) {
        rows.append(PeerRow(name: "scipy \(scipy.version) cKDTree, per-query calls (radius: haversine-filtered)",
                            setup: String(format: "build %.2f s", scipy.buildSeconds),
                            measurements: scipy.measurements))
    } else {
        log("no scipy results in \(directory.path): run Scripts/bench_geo_peer.py first (Scripts/bench-geo.sh does)")
    }
    var table = markdownTable(rows: rows)
    if let scipy = try ScipyResults(directory: directory, points: data.points, queries: queries),
        !scipy.batchedQueriesPerSecond.isEmpty
    {
        let cells = Workload.allCases.map { "\($0.title) \(grouped(scipy.batchedQueriesPerSecond[$0] ?? .nan))" }
        table += "\nFor context, cKDTree with one batched call per workload (all centers at once, workers=1; "
            + "no Python call per query): " + cells.joined(separator: ", ") + " q/s.\n"
    }
    print(table)
    try table.write(to: directory.appendingPathComponent("table.md"), atomically: true, encoding: .utf8)
}

let directory = URL(fileURLWithPath: option("dir", "bench-out"))
switch CommandLine.arguments.dropFirst().first {
case "generate":
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    let data = BenchData(
        pointCount: intOption("points", 1_000_000), queryCount: intOption("queries", 10_000),
        seed: UInt64(option("seed", "20261122")) ?? 20_261_122)
    try data.write(to: directory.appendingPathComponent("points.bin"))
    log("wrote \(data.points.count) points and \(data.queries.count) queries to \(directory.path)/points.bin")
case "run":
    try runBenchmark(directory: directory)
default:
    log("usage: planner-bench generate|run --dir DIR (see Scripts/bench-geo.sh)")
    exit(2)
}
