import Geo
import TestSupport
import Testing

@testable import Routing

/// The router's searches against a plain textbook Dijkstra on random graphs.
@Suite(.offThePool) struct ShortestPathTests {
    /// A random directed graph: nodes scattered over ~2 km, each with a few edges to random others.
    static func randomGraph(nodes: Int, edgesPerNode: Int, generator: inout SeededGenerator) -> RoadGraph {
        let coordinates = (0..<nodes).map { _ in
            Coordinate(
                uncheckedLatitude: 60.16 + Double.random(in: 0..<0.02, using: &generator),
                longitude: 24.93 + Double.random(in: 0..<0.04, using: &generator))
        }
        var edges: [RoadEdge] = []
        for source in 0..<nodes {
            for _ in 0..<Int.random(in: 0...edgesPerNode, using: &generator) {
                let target = Int.random(in: 0..<nodes, using: &generator)
                let length = coordinates[source].distanceMeters(to: coordinates[target])
                edges.append(
                    RoadEdge(
                        source: Int32(source), target: Int32(target),
                        durationSeconds: length / Double.random(in: 1...20, using: &generator), lengthMeters: length))
            }
        }
        return RoadGraph(mode: .drive, coordinates: coordinates, edges: edges)
    }

    /// Dijkstra with a linear scan for the minimum: slow, obviously right.
    static func referenceDurations(_ graph: RoadGraph, from source: Int) -> [Double] {
        var duration = [Double](repeating: .infinity, count: graph.nodeCount)
        var done = [Bool](repeating: false, count: graph.nodeCount)
        duration[source] = 0
        while true {
            var best = -1
            for node in 0..<graph.nodeCount where !done[node] && duration[node] < .infinity {
                if best < 0 || duration[node] < duration[best] { best = node }
            }
            guard best >= 0 else { return duration }
            done[best] = true
            for edge in graph.edgeRange(of: best) {
                let target = Int(graph.edgeTargets[edge])
                duration[target] = min(duration[target], duration[best] + graph.edgeDurationsSeconds[edge])
            }
        }
    }

    /// Checks that `path` walks real edges from `source` to `target` and that its totals add up.
    static func expectConsistent(_ path: SearchPath, in graph: RoadGraph, from source: Int, to target: Int) {
        #expect(path.nodes.first.map(Int.init) == source)
        #expect(path.nodes.last.map(Int.init) == target)
        var duration = 0.0
        var length = 0.0
        for (a, b) in zip(path.nodes, path.nodes.dropFirst()) {
            let edges = graph.edgeRange(of: Int(a)).filter { graph.edgeTargets[$0] == b }
            guard let edge = edges.min(by: { graph.edgeDurationsSeconds[$0] < graph.edgeDurationsSeconds[$1] }) else {
                Issue.record("no edge \(a)→\(b)")
                return
            }
            duration += graph.edgeDurationsSeconds[edge]
            length += graph.edgeLengthsMeters[edge]
        }
        #expect(abs(duration - path.durationSeconds) < 1e-6)
        #expect(abs(length - path.lengthMeters) < 1e-6)
    }

    @Test(arguments: [1 as UInt64, 2, 3, 4])
    func bidirectionalDijkstraMatchesPlainDijkstra(seed: UInt64) {
        // Given a random graph
        var generator = SeededGenerator(seed: seed)
        let graph = Self.randomGraph(nodes: 150, edgesPerNode: 3, generator: &generator)
        let reverse = ReverseAdjacency(graph)
        let search = PathSearch(graph: graph)
        // When 100 random pairs are searched both ways
        for _ in 0..<100 {
            let source = Int.random(in: 0..<graph.nodeCount, using: &generator)
            let target = Int.random(in: 0..<graph.nodeCount, using: &generator)
            let expected = Self.referenceDurations(graph, from: source)[target]
            let found = search.bidirectional(
                seeds: [SearchSeed(node: Int32(source), durationSeconds: 0, lengthMeters: 0)],
                targets: [SearchSeed(node: Int32(target), durationSeconds: 0, lengthMeters: 0)], direct: nil,
                reverse: reverse)
            // Then both agree on the duration, or on there being no path
            if expected.isInfinite {
                #expect(found == nil)
            } else if let found {
                #expect(abs(found.durationSeconds - expected) < 1e-6)
                Self.expectConsistent(found, in: graph, from: source, to: target)
            } else {
                Issue.record("no path \(source)→\(target), expected \(expected) s")
            }
        }
    }

    @Test(arguments: [11 as UInt64, 12, 13])
    func oneToManyMatchesPlainDijkstraForEveryNode(seed: UInt64) {
        var generator = SeededGenerator(seed: seed)
        let graph = Self.randomGraph(nodes: 200, edgesPerNode: 3, generator: &generator)
        let search = PathSearch(graph: graph)
        for _ in 0..<20 {
            let source = Int.random(in: 0..<graph.nodeCount, using: &generator)
            let expected = Self.referenceDurations(graph, from: source)
            let found = search.oneToMany(
                seeds: [SearchSeed(node: Int32(source), durationSeconds: 0, lengthMeters: 0)],
                destinations: (0..<graph.nodeCount).map {
                    [SearchSeed(node: Int32($0), durationSeconds: 0, lengthMeters: 0)]
                })
            for target in 0..<graph.nodeCount {
                if expected[target].isInfinite {
                    #expect(found[target] == nil)
                } else if let path = found[target] {
                    #expect(abs(path.durationSeconds - expected[target]) < 1e-6)
                    if target % 17 == 0 { Self.expectConsistent(path, in: graph, from: source, to: target) }
                } else {
                    Issue.record("no path \(source)→\(target)")
                }
            }
        }
    }

    @Test func theNNearestDestinationsAreTheNSmallestDurations() {
        // Given 30 random destinations on a random graph
        var generator = SeededGenerator(seed: 99)
        let graph = Self.randomGraph(nodes: 300, edgesPerNode: 3, generator: &generator)
        let search = PathSearch(graph: graph)
        for _ in 0..<50 {
            let source = Int.random(in: 0..<graph.nodeCount, using: &generator)
            let destinations = (0..<30).map { _ in Int.random(in: 0..<graph.nodeCount, using: &generator) }
            let expected = Self.referenceDurations(graph, from: source)
            // When only the 5 nearest are asked for
            let found = search.oneToMany(
                seeds: [SearchSeed(node: Int32(source), durationSeconds: 0, lengthMeters: 0)],
                destinations: destinations.map { [SearchSeed(node: Int32($0), durationSeconds: 0, lengthMeters: 0)] },
                limit: 5)
            // Then the five smallest durations are exactly those of the reference
            let reference = destinations.map { expected[$0] }.filter(\.isFinite).sorted().prefix(5)
            let answered = found.compactMap { $0?.durationSeconds }.sorted().prefix(5)
            #expect(Array(reference).count == Array(answered).count)
            for (a, b) in zip(reference, answered) { #expect(abs(a - b) < 1e-6) }
        }
    }

    @Test func theTenNearestOfManyDestinationsAreExact() {
        // Given 400 destinations on a 1,000-node graph (the search recomputes its stopping key lazily)
        var generator = SeededGenerator(seed: 7)
        let graph = Self.randomGraph(nodes: 1_000, edgesPerNode: 3, generator: &generator)
        let search = PathSearch(graph: graph)
        for _ in 0..<5 {
            let source = Int.random(in: 0..<graph.nodeCount, using: &generator)
            let destinations = (0..<400).map { _ in Int.random(in: 0..<graph.nodeCount, using: &generator) }
            let expected = Self.referenceDurations(graph, from: source)
            let found = search.oneToMany(
                seeds: [SearchSeed(node: Int32(source), durationSeconds: 0, lengthMeters: 0)],
                destinations: destinations.map { [SearchSeed(node: Int32($0), durationSeconds: 0, lengthMeters: 0)] },
                limit: 10)
            // Then every answer among the ten best is exact
            let reference = destinations.map { expected[$0] }.filter(\.isFinite).sorted().prefix(10)
            let answered = found.compactMap { $0?.durationSeconds }.sorted().prefix(10)
            #expect(reference.count == answered.count)
            for (a, b) in zip(reference, answered) { #expect(abs(a - b) < 1e-6) }
        }
    }

    @Test func seedsWithOffsetsAreHonoured() {
        // Given a line 0 → 1 → 2 with 10 s edges, and a start 3 s before node 1 plus a tail of 4 s after node 2
        let points = (0..<3).map { Coordinate(uncheckedLatitude: 60, longitude: 24 + Double($0) * 0.001) }
        let graph = RoadGraph(
            mode: .walk, coordinates: points,
            edges: [
                RoadEdge(source: 0, target: 1, durationSeconds: 10, lengthMeters: 10),
                RoadEdge(source: 1, target: 2, durationSeconds: 10, lengthMeters: 10),
            ])
        let search = PathSearch(graph: graph)
        let seeds = [SearchSeed(node: 1, durationSeconds: 3, lengthMeters: 3)]
        let entries = [SearchSeed(node: 2, durationSeconds: 4, lengthMeters: 4)]
        // Then both searches add them
        let many = search.oneToMany(seeds: seeds, destinations: [entries])[0]
        let one = search.bidirectional(seeds: seeds, targets: entries, direct: nil, reverse: ReverseAdjacency(graph))
        #expect(many?.durationSeconds == 17)
        #expect(many?.lengthMeters == 17)
        #expect(one?.durationSeconds == 17)
        #expect(one?.lengthMeters == 17)
        #expect(one?.nodes == [1, 2])
    }
}
