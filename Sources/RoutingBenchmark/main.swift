import Foundation
import Geo
import Planner
import Routing
import Theaters

// Times road-graph import and queries on a real extract, and answers route pairs for Scripts/compare-osrm.sh.
//
//   RoutingBenchmark bench FILE [MODE] [QUERIES]   import time, file round trip, median query latencies
//   RoutingBenchmark pairs FILE MODE COUNT SEED     random origin–destination pairs on the graph, as CSV
//   RoutingBenchmark route FILE MODE [--geometry] < pairs.csv
//                                                   distance_m,duration_s[,lat lon;…] per `lat,lon,lat,lon` line
//   RoutingBenchmark points FILE MODE COUNT SEED    random snappable graph points, as `lat,lon` CSV
//   RoutingBenchmark latency FILE MODE PAIRS.csv DESTINATIONS.csv [REPEATS]
//                                                   per-query timings for Scripts/bench-routing.sh (see there)

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data((message + "\n").utf8))
    exit(2)
}

func seconds(_ body: () throws -> Void) rethrows -> Double {
    let start = DispatchTime.now().uptimeNanoseconds
    try body()
    return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
}

func median(_ values: [Double]) -> Double {
    let sorted = values.sorted()
    return sorted.isEmpty ? .nan : sorted[sorted.count / 2]
}

func mode(_ text: String) -> TravelMode {
    guard let mode = TravelMode(rawValue: text) else { fail("unknown mode '\(text)' (walk, bike, drive)") }
    return mode
}

/// A SplitMix64 generator, so pairs repeat for a seed.
struct SplitMix: RandomNumberGenerator {
    var state: UInt64
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// Random graph nodes that the router can snap to (so they lie on the main component).
func randomPoints(_ graph: RoadGraph, router: RoadRouter, count: Int, generator: inout SplitMix) -> [Coordinate] {
    var points: [Coordinate] = []
    while points.count < count {
        let point = graph.coordinate(of: Int.random(in: 0..<graph.nodeCount, using: &generator))
        if let snap = router.snap(point, mode: graph.mode), snap.distanceMeters < 1 { points.append(point) }
    }
    return points
}

/// What `planner areas import` keeps besides the roads, so that an import here does the same work.
let theaterPlaces = AreaPlaceTag(key: Theater.osmTagKey, values: Theater.osmTagValues)

let arguments = CommandLine.arguments
guard arguments.count >= 3 else { fail("usage: RoutingBenchmark bench|pairs|route FILE [MODE] …") }
let file = URL(fileURLWithPath: arguments[2])

switch arguments[1] {
case "bench":
    let travelMode = arguments.count > 3 ? mode(arguments[3]) : .drive
    let queries = arguments.count > 4 ? Int(arguments[4]) ?? 200 : 200
    var area: RoadArea!
    let importSeconds = try seconds { area = try RoadGraphBuilder(places: theaterPlaces).build(from: file) }
    let saved = FileManager.default.temporaryDirectory.appendingPathComponent("bench-\(UUID().uuidString).roadgraph")
    defer { try? FileManager.default.removeItem(at: saved) }
    let writeSeconds = try seconds { try area.write(to: saved) }
    let fileBytes = (try FileManager.default.attributesOfItem(atPath: saved.path)[.size] as? Int) ?? 0
    var loaded: RoadArea!
    let loadSeconds = try seconds { loaded = try RoadArea(contentsOf: saved) }
    var router: RoadRouter!
    let prepareSeconds = seconds { router = RoadRouter(area: loaded) }
    guard let graph = loaded.graphs[travelMode] else { fail("no \(travelMode) graph") }
    var generator = SplitMix(state: 42)
    let origins = randomPoints(graph, router: router, count: queries, generator: &generator)
    let destinations = randomPoints(graph, router: router, count: queries, generator: &generator)
    var oneRoute: [Double] = []
    var found = 0
    for (origin, destination) in zip(origins, destinations) {
        oneRoute.append(
            seconds { if router.path(from: origin, to: destination, mode: travelMode) != nil { found += 1 } })
    }
    // 100 pseudo-theaters at random graph points; ask for the 10 nearest from each origin.
    let theaters = randomPoints(graph, router: router, count: 100, generator: &generator).enumerated().map {
        Theater(
            osmType: nil, osmID: nil, name: "T\($0.offset)", coordinate: $0.element, category: .cinema, tags: [:],
            fallbackID: "bench/\($0.offset)")
    }
    var nearest: [Double] = []
    for origin in origins {
        nearest.append(seconds { _ = router.nearestRoutes(from: origin, among: theaters, count: 10, mode: travelMode) })
    }
    var allRoutes: [Double] = []
    for origin in origins.prefix(50) {
        allRoutes.append(seconds { _ = router.routes(from: origin, to: theaters, mode: travelMode) })
    }
    print("file: \(file.lastPathComponent)")
    for mode in TravelMode.allCases {
        if let g = loaded.graphs[mode] { print("graph \(mode): \(g.nodeCount) nodes, \(g.edgeCount) edges") }
    }
    print(String(format: "import (relations, ways, nodes passes; 3 modes): %.3f s", importSeconds))
    print(
        String(
            format: "write: %.3f s (%.1f MB); load: %.3f s; prepare router: %.3f s",
            writeSeconds, Double(fileBytes) / 1e6, loadSeconds, prepareSeconds))
    print(
        String(
            format: "one route (point to point, %@, %d queries, %d found): median %.3f ms",
            travelMode.rawValue, queries, found, median(oneRoute) * 1000))
    print(
        String(
            format: "10 nearest of 100 theaters (one-to-many, early stop): median %.3f ms",
            median(nearest) * 1000))
    print(String(format: "routes to all 100 theaters (one-to-many): median %.3f ms", median(allRoutes) * 1000))

case "pairs":
    guard arguments.count >= 6, let count = Int(arguments[4]), let seed = UInt64(arguments[5]) else {
        fail("usage: RoutingBenchmark pairs FILE MODE COUNT SEED")
    }
    let travelMode = mode(arguments[3])
    let area = try RoadGraphBuilder(modes: [travelMode], places: theaterPlaces).build(from: file)
    let router = RoadRouter(area: area)
    guard let graph = area.graphs[travelMode] else { fail("no \(travelMode) graph") }
    var generator = SplitMix(state: seed)
    let a = randomPoints(graph, router: router, count: count, generator: &generator)
    let b = randomPoints(graph, router: router, count: count, generator: &generator)
    for (origin, destination) in zip(a, b) {
        print(
            String(
                format: "%.7f,%.7f,%.7f,%.7f", origin.latitude, origin.longitude,
                destination.latitude, destination.longitude))
    }

case "route":
    guard arguments.count >= 4 else { fail("usage: RoutingBenchmark route FILE MODE < pairs.csv") }
    let travelMode = mode(arguments[3])
    let withGeometry = arguments.contains("--geometry")
    let router = RoadRouter(
        area: try RoadGraphBuilder(modes: [travelMode], places: theaterPlaces).build(from: file))
    while let line = readLine() {
        let numbers = line.split(separator: ",").compactMap { Double($0) }
        guard numbers.count == 4 else { continue }
        let origin = Coordinate(uncheckedLatitude: numbers[0], longitude: numbers[1])
        let destination = Coordinate(uncheckedLatitude: numbers[2], longitude: numbers[3])
        if let path = router.path(from: origin, to: destination, mode: travelMode) {
            let line = String(format: "%.1f,%.1f", path.distanceMeters, path.durationSeconds)
            print(
                withGeometry
                    ? line + ","
                        + path.geometry.map { String(format: "%.7f %.7f", $0.latitude, $0.longitude) }
                        .joined(separator: ";") : line)
        } else {
            print("nan,nan")
        }
    }

case "points":
    guard arguments.count >= 6, let count = Int(arguments[4]), let seed = UInt64(arguments[5]) else {
        fail("usage: RoutingBenchmark points FILE MODE COUNT SEED")
    }
    let travelMode = mode(arguments[3])
    let area = try RoadGraphBuilder(modes: [travelMode], places: theaterPlaces).build(from: file)
    let router = RoadRouter(area: area)
    guard let graph = area.graphs[travelMode] else { fail("no \(travelMode) graph") }
    var generator = SplitMix(state: seed)
    for point in randomPoints(graph, router: router, count: count, generator: &generator) {
        print(String(format: "%.7f,%.7f", point.latitude, point.longitude))
    }

case "latency":
    // Lines out, for Scripts/bench-routing.sh:
    //   import,SECONDS                   RoadGraphBuilder(modes: [MODE]).build, best of 3 (PBF → graph, one mode)
    //   prepare,SECONDS                  RoadRouter(area:) (reverse edges, components, snapping grid), best of 3
    //   route,I,DISTANCE_M,DURATION_S,MS one point-to-point path per pair, best of REPEATS (nan when none)
    //   nearest,I,MS,J:DURATION_S;…      the 10 fastest of the destinations from pair I's origin, best of REPEATS
    //   landmarks,I,DISTANCE_M,DURATION_S,MS   the same route by A* with landmarks (the area without its hierarchy,
    //                                   as before format 4), best of REPEATS
    guard arguments.count >= 6 else { fail("usage: RoutingBenchmark latency FILE MODE PAIRS.csv DESTINATIONS.csv") }
    let travelMode = mode(arguments[3])
    let repeats = arguments.count > 6 ? max(1, Int(arguments[6]) ?? 3) : 3
    func numbers(_ path: String) throws -> [[Double]] {
        try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n")
            .map { $0.split(separator: ",").compactMap { Double($0) } }.filter { !$0.isEmpty }
    }
    let pairs = try numbers(arguments[4]).filter { $0.count == 4 }
    let destinations = try numbers(arguments[5]).filter { $0.count == 2 }.enumerated().map {
        Theater(
            osmType: nil, osmID: nil, name: "D\($0.offset)",
            coordinate: Coordinate(uncheckedLatitude: $0.element[0], longitude: $0.element[1]), category: .cinema,
            tags: [:], fallbackID: "bench/\($0.offset)")
    }
    var area: RoadArea!
    var importSeconds = Double.infinity
    for _ in 0..<3 {
        importSeconds = min(
            importSeconds,
            try seconds {
                area = try RoadGraphBuilder(modes: [travelMode], places: theaterPlaces).build(from: file)
            })
    }
    var router: RoadRouter!
    var prepareSeconds = Double.infinity
    for _ in 0..<3 { prepareSeconds = min(prepareSeconds, seconds { router = RoadRouter(area: area) }) }
    print(String(format: "import,%.6f", importSeconds))
    print(String(format: "prepare,%.6f", prepareSeconds))
    let index = Dictionary(uniqueKeysWithValues: destinations.enumerated().map { ($0.element.id, $0.offset) })
    // The same pairs on the router as built (a contraction hierarchy for cars) and on A* with landmarks alone.
    for (label, timed) in [("route", router!), ("landmarks", RoadRouter(area: area.withoutHierarchies))] {
        for (i, pair) in pairs.enumerated() {
            let origin = Coordinate(uncheckedLatitude: pair[0], longitude: pair[1])
            let destination = Coordinate(uncheckedLatitude: pair[2], longitude: pair[3])
            var path: RoadPath?
            var best = Double.infinity
            for _ in 0..<repeats {
                best = min(best, seconds { path = timed.path(from: origin, to: destination, mode: travelMode) })
            }
            print(
                label
                    + String(
                        format: ",%d,%.1f,%.1f,%.6f", i, path?.distanceMeters ?? .nan, path?.durationSeconds ?? .nan,
                        best * 1000))
        }
    }
    for (i, pair) in pairs.enumerated() {
        let origin = Coordinate(uncheckedLatitude: pair[0], longitude: pair[1])
        var routes: [Route<Theater>] = []
        var best = Double.infinity
        for _ in 0..<repeats {
            best = min(
                best,
                seconds {
                    routes = router.nearestRoutes(from: origin, among: destinations, count: 10, mode: travelMode)
                })
        }
        let found = routes.map { String(format: "%d:%.1f", index[$0.theater.id] ?? -1, $0.durationSeconds) }
        print(String(format: "nearest,%d,%.6f,", i, best * 1000) + found.joined(separator: ";"))
    }

case "cost":
    // Our cost along given OSM node sequences (one `id id id …` line each): length_m,duration_s,missing_edges,
    // for comparing our model with another router's path (Scripts/compare-osrm.sh diagnostics).
    guard arguments.count >= 4 else { fail("usage: RoutingBenchmark cost FILE MODE < node-id lines") }
    let travelMode = mode(arguments[3])
    let area = try RoadGraphBuilder(modes: [travelMode], places: theaterPlaces).build(from: file)
    guard let graph = area.graphs[travelMode] else { fail("no \(travelMode) graph") }
    var byID: [Int64: Int] = [:]
    for (index, id) in graph.osmNodeIDs.enumerated() { byID[id] = index }
    while let line = readLine() {
        let ids = line.split(separator: " ").compactMap { Int64($0) }
        var length = 0.0
        var duration = 0.0
        var missing = 0
        var detail: [String] = []
        for (a, b) in zip(ids, ids.dropFirst()) {
            guard let from = byID[a], let to = byID[b],
                let edge = graph.edgeRange(of: from).filter({ Int(graph.edgeTargets[$0]) == to })
                    .min(by: { graph.edgeDurationsSeconds[$0] < graph.edgeDurationsSeconds[$1] })
            else {
                missing += 1
                detail.append("\(a)>\(b):missing")
                continue
            }
            length += graph.edgeLengthsMeters[edge]
            duration += graph.edgeDurationsSeconds[edge]
            detail.append(String(format: "%.1f/%.1f", graph.edgeLengthsMeters[edge], graph.edgeDurationsSeconds[edge]))
        }
        print(String(format: "%.1f,%.1f,%d,", length, duration, missing) + detail.joined(separator: " "))
    }

case "nodes":
    // Our route's OSM node ids per `lat,lon,lat,lon` line (graph nodes only, snapped ends left out).
    guard arguments.count >= 4 else { fail("usage: RoutingBenchmark nodes FILE MODE < pairs.csv") }
    let travelMode = mode(arguments[3])
    let area = try RoadGraphBuilder(modes: [travelMode], places: theaterPlaces).build(from: file)
    let router = RoadRouter(area: area)
    guard let graph = area.graphs[travelMode] else { fail("no \(travelMode) graph") }
    var byPosition: [String: Int64] = [:]
    for node in 0..<graph.nodeCount {
        byPosition["\(graph.latitudes[node]),\(graph.longitudes[node])"] = graph.osmNodeIDs[node]
    }
    while let line = readLine() {
        let numbers = line.split(separator: ",").compactMap { Double($0) }
        guard numbers.count == 4 else { continue }
        let path = router.path(
            from: Coordinate(uncheckedLatitude: numbers[0], longitude: numbers[1]),
            to: Coordinate(uncheckedLatitude: numbers[2], longitude: numbers[3]), mode: travelMode)
        let ids = (path?.geometry ?? []).dropFirst().dropLast().compactMap {
            byPosition["\($0.latitude),\($0.longitude)"]
        }
        print(ids.map(String.init).joined(separator: " "))
    }

default:
    fail("unknown command '\(arguments[1])' (bench, pairs, route, points, latency)")
}
