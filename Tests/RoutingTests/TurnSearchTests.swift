import Geo
import TestSupport
import Testing

@testable import Routing

/// The turn-aware search against a plain Dijkstra over explicit (edge, turn) states on random graphs.
@Suite(.offThePool) struct TurnSearchTests {
    /// Dijkstra with a linear scan over edges as states: the weight to reach the head of each edge from `source`
    /// (leaving it by any edge, no turn paid), turns charged by `turns`. Slow, obviously right.
    static func referenceWeights(_ graph: RoadGraph, _ turns: TurnTable, from source: Int) -> [Double] {
        var weight = [Double](repeating: .infinity, count: graph.edgeCount)
        var done = [Bool](repeating: false, count: graph.edgeCount)
        for edge in graph.edgeRange(of: source) { weight[edge] = min(weight[edge], graph.edgeWeightsSeconds[edge]) }
        while true {
            var best = -1
            for edge in 0..<graph.edgeCount where !done[edge] && weight[edge] < .infinity {
                if best < 0 || weight[edge] < weight[best] { best = edge }
            }
            guard best >= 0 else { return weight }
            done[best] = true
            for next in graph.edgeRange(of: Int(graph.edgeTargets[best])) {
                let candidate =
                    weight[best] + turns.seconds(from: best, to: next, graph: graph) + graph.edgeWeightsSeconds[next]
                weight[next] = min(weight[next], candidate)
            }
        }
    }

    /// The reference weight from `source` to `target`: the best edge into `target` (0 when they are one node).
    static func referenceWeight(_ graph: RoadGraph, _ turns: TurnTable, _ reverse: ReverseAdjacency, _ source: Int,
        _ target: Int) -> Double
    {
        if source == target { return 0 }
        let weights = referenceWeights(graph, turns, from: source)
        return reverse.range(of: target).map { weights[Int(reverse.edges[$0])] }.min() ?? .infinity
    }

    /// A random graph whose weights differ from its durations (some roads avoided), mostly two-way so that turns,
    /// U-turns at dead ends and forbidden U-turns elsewhere all occur.
    static func randomGraph(nodes: Int, generator: inout SeededGenerator) -> RoadGraph {
        let coordinates = (0..<nodes).map { _ in
            Coordinate(
                uncheckedLatitude: 60.16 + Double.random(in: 0..<0.02, using: &generator),
                longitude: 24.93 + Double.random(in: 0..<0.04, using: &generator))
        }
        var edges: [RoadEdge] = []
        for source in 1..<nodes {
            for _ in 0..<Int.random(in: 1...2, using: &generator) {
                let target = Int.random(in: 0..<source, using: &generator)
                let length = coordinates[source].distanceMeters(to: coordinates[target])
                let duration = length / Double.random(in: 4...20, using: &generator)
                let weight = duration / [1, 1, 0.5].randomElement(using: &generator)!
                edges.append(
                    RoadEdge(
                        source: Int32(source), target: Int32(target), durationSeconds: duration, lengthMeters: length,
                        weightSeconds: weight))
                if Double.random(in: 0..<1, using: &generator) < 0.8 {
                    edges.append(
                        RoadEdge(
                            source: Int32(target), target: Int32(source), durationSeconds: duration,
                            lengthMeters: length, weightSeconds: weight))
                }
            }
        }
        return RoadGraph(mode: .drive, coordinates: coordinates, edges: edges)
    }

    static func nodeSeeds(_ graph: RoadGraph, leaving node: Int) -> [EdgeSeed] {
        graph.edgeRange(of: node).map {
            EdgeSeed(
                edge: Int32($0), weightSeconds: graph.edgeWeightsSeconds[$0],
                durationSeconds: graph.edgeDurationsSeconds[$0], lengthMeters: graph.edgeLengthsMeters[$0])
        }
    }

    static func nodeEnds(_ reverse: ReverseAdjacency, reaching node: Int) -> [EdgeSeed] {
        reverse.range(of: node).map {
            EdgeSeed(edge: reverse.edges[$0], weightSeconds: 0, durationSeconds: 0, lengthMeters: 0)
        }
    }

    /// Checks that a found path's duration and length add up along its nodes, turns included; returns its weight.
    @discardableResult
    static func expectConsistent(_ path: SearchPath, _ graph: RoadGraph, _ turns: TurnTable, from source: Int)
        -> Double
    {
        var previous: Int?
        var node = source
        var duration = 0.0
        var length = 0.0
        var weight = 0.0
        for next in path.nodes.map(Int.init) {
            guard
                let edge = graph.edgeRange(of: node).filter({ Int(graph.edgeTargets[$0]) == next })
                    .min(by: { graph.edgeWeightsSeconds[$0] < graph.edgeWeightsSeconds[$1] })
            else {
                Issue.record("no edge \(node)→\(next)")
                return .nan
            }
            if let previous {
                duration += turns.seconds(from: previous, to: edge, graph: graph)
                weight += turns.seconds(from: previous, to: edge, graph: graph)
            }
            duration += graph.edgeDurationsSeconds[edge]
            weight += graph.edgeWeightsSeconds[edge]
            length += graph.edgeLengthsMeters[edge]
            previous = edge
            node = next
        }
        #expect(abs(duration - path.durationSeconds) < 1e-6)
        #expect(abs(length - path.lengthMeters) < 1e-6)
        return weight
    }

    @Test(arguments: [1 as UInt64, 2, 3])
    func bidirectionalTurnSearchMatchesDijkstraOverTurns(seed: UInt64) {
        // Given a random graph with car turn costs
        var generator = SeededGenerator(seed: seed)
        let graph = Self.randomGraph(nodes: 120, generator: &generator)
        let reverse = ReverseAdjacency(graph)
        let turns = TurnTable(graph, reverse: reverse, costs: .car)
        let search = TurnSearch(graph: graph, reverse: reverse, turns: turns)
        // When random pairs are searched from both ends
        for _ in 0..<60 {
            let source = Int.random(in: 0..<graph.nodeCount, using: &generator)
            let target = Int.random(in: 0..<graph.nodeCount, using: &generator)
            guard source != target else { continue }
            let expected = Self.referenceWeight(graph, turns, reverse, source, target)
            let found = search.bidirectional(
                seeds: Self.nodeSeeds(graph, leaving: source), ends: Self.nodeEnds(reverse, reaching: target),
                direct: nil)
            // Then it finds a path exactly when the reference does, of the same weight, whose totals add up
            if expected.isInfinite {
                #expect(found == nil)
            } else if let found {
                #expect(found.nodes.last.map(Int.init) == target)
                let weight = Self.expectConsistent(found, graph, turns, from: source)
                #expect(abs(weight - expected) < 1e-6)
                let again = search.oneToMany(
                    seeds: Self.nodeSeeds(graph, leaving: source), destinations: [Self.nodeEnds(reverse, reaching: target)])
                #expect(again[0].map { abs($0.durationSeconds - found.durationSeconds) < 1e-6 } == true)
            } else {
                Issue.record("no path \(source)→\(target), expected weight \(expected)")
            }
        }
    }

    @Test(arguments: [11 as UInt64, 12])
    func oneToManyTurnSearchMatchesDijkstraOverTurns(seed: UInt64) {
        var generator = SeededGenerator(seed: seed)
        let graph = Self.randomGraph(nodes: 150, generator: &generator)
        let reverse = ReverseAdjacency(graph)
        let turns = TurnTable(graph, reverse: reverse, costs: .car)
        let search = TurnSearch(graph: graph, reverse: reverse, turns: turns)
        for _ in 0..<10 {
            let source = Int.random(in: 0..<graph.nodeCount, using: &generator)
            let weights = Self.referenceWeights(graph, turns, from: source)
            let targets = (0..<graph.nodeCount).filter { $0 != source }
            let found = search.oneToMany(
                seeds: Self.nodeSeeds(graph, leaving: source),
                destinations: targets.map { Self.nodeEnds(reverse, reaching: $0) })
            for (target, path) in zip(targets, found) {
                let expected = reverse.range(of: target).map { weights[Int(reverse.edges[$0])] }.min() ?? .infinity
                #expect(expected.isInfinite == (path == nil))
                if let path, target % 7 == 0 {
                    #expect(abs(Self.expectConsistent(path, graph, turns, from: source) - expected) < 1e-6)
                }
            }
        }
    }

    @Test func turnsCostWhatCarLuaSays() {
        let car = TurnCosts.car
        // Straight on through a junction is all but free; a bend where two roads meet is free whatever its angle
        #expect(car.seconds(angleDegrees: 0, roads: 4, isUTurn: false) < 0.01)
        #expect(car.seconds(angleDegrees: 90, roads: 2, isUTurn: false) == 0)
        // Right 90° ≈ 2.1 s; left 90° ≈ 5.4 s plus ≈ 1.9 s for crossing oncoming traffic; a U-turn ≈ 7.45 + 20 s
        #expect(abs(car.seconds(angleDegrees: 90, roads: 3, isUTurn: false) - 2.10) < 0.01)
        #expect(abs(car.seconds(angleDegrees: -90, roads: 3, isUTurn: false) - 7.32) < 0.01)
        #expect(abs(car.seconds(angleDegrees: 180, roads: 1, isUTurn: true) - 27.45) < 0.01)
    }
}
