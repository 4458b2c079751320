import Foundation
import Geo
import TestSupport
import Testing

@testable import Routing

/// The goal-directed one-to-many (A* towards the destinations, on reused labels) against plain Dijkstra: the same
/// durations and lengths, on the bundled Helsinki area and, when present, on Columbus.
@Suite(.offThePool) struct GoalDirectedSearchTests {
    static let helsinki = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Data/areas/helsinki.roadgraph")

    /// Searches `rounds` random origins to four random destinations each, both ways, and compares.
    static func expectSameAsDijkstra(_ graph: RoadGraph, rounds: Int, seed: UInt64) {
        var generator = SeededGenerator(seed: seed)
        let plain = PathSearch(graph: graph)
        let bound = GoalBound(graph)
        #expect(bound != nil)
        var workspace = NodeSearchWorkspace(nodeCount: graph.nodeCount)
        let node = { (generator: inout SeededGenerator) in Int32(Int.random(in: 0..<graph.nodeCount, using: &generator)) }
        for round in 0..<rounds {
            let seeds = [SearchSeed(node: node(&generator), durationSeconds: 0, lengthMeters: 0)]
            let destinations = (0..<4).map { _ in
                [SearchSeed(node: node(&generator), durationSeconds: 1.5, lengthMeters: 2)]
            }
            let limit = round % 3 == 2 ? 2 : nil
            let expected = plain.oneToMany(seeds: seeds, destinations: destinations, limit: limit)
            let found = plain.oneToMany(
                seeds: seeds, destinations: destinations, direct: [], limit: limit, bound: bound, workspace: &workspace)
            for (want, got) in zip(expected, found) {
                // With a limit only the limit fastest are promised: where both searches found one, they agree.
                if limit == nil { #expect((want == nil) == (got == nil)) }
                if let want, let got {
                    #expect(got.durationSeconds == want.durationSeconds)
                    #expect(abs(got.lengthMeters - want.lengthMeters) < 1e-6)
                    #expect(got.nodes.first == seeds[0].node || got.nodes.isEmpty)
                }
            }
            if let limit {
                let fastest = { (paths: [SearchPath?]) in
                    paths.compactMap { $0?.durationSeconds }.sorted().prefix(limit)
                }
                #expect(fastest(found) == fastest(expected))
            }
        }
    }

    @Test func theBoundedSearchFindsWhatDijkstraFindsOnTheBundledHelsinkiArea() throws {
        // Given the bundled central Helsinki area's walking and cycling graphs
        let area = try RoadArea(contentsOf: Self.helsinki)
        for mode in [TravelMode.walk, .bike] {
            let graph = try #require(area.graphs[mode])
            // When random origins are routed to four random destinations each, with and without the bound
            // Then the durations and lengths are the same
            Self.expectSameAsDijkstra(graph, rounds: 60, seed: 41)
        }
    }

    @Test(.enabled(if: SharedData.exists(SharedData.columbus), SharedData.skipMessage))
    func theBoundedSearchFindsWhatDijkstraFindsInColumbus() throws {
        // Given Columbus's walking graph as imported
        let area = try RoadGraphBuilder(modes: [.walk]).build(from: SharedData.url(SharedData.columbus))
        let graph = try #require(area.graphs[.walk])
        // When random origins are routed to four random destinations each, with and without the bound
        // Then the durations and lengths are the same
        Self.expectSameAsDijkstra(graph, rounds: 20, seed: 42)
    }

    @Test func theBoundIsNeverMoreThanAnEdgeTakes() throws {
        // Given the bundled area's graphs and their bounds
        let area = try RoadArea(contentsOf: Self.helsinki)
        for mode in [TravelMode.walk, .bike] {
            let graph = try #require(area.graphs[mode])
            let bound = try #require(GoalBound(graph))
            // Then, towards any goal, no edge lowers the bound by more than the edge takes (the bound is consistent)
            var generator = SeededGenerator(seed: 43)
            let goal = Int32(Int.random(in: 0..<graph.nodeCount, using: &generator))
            let goals = try #require(GoalBound.Goals(bound, nodes: [goal], graph: graph))
            for node in 0..<graph.nodeCount {
                for edge in graph.edgeRange(of: node) {
                    let target = Int(graph.edgeTargets[edge])
                    #expect(
                        goals.seconds(to: node, graph: graph)
                            <= graph.edgeDurationsSeconds[edge] + goals.seconds(to: target, graph: graph) + 1e-9)
                }
            }
        }
    }
}

/// Paths read off a destination's tree against the forward one-to-many: the same durations and lengths.
@Suite(.offThePool) struct DestinationTreeTests {
    /// Routes `rounds` random origins to `destinations` random destinations, through trees and by search.
    static func expectSameAsSearch(_ graph: RoadGraph, destinations count: Int, rounds: Int, seed: UInt64) {
        var generator = SeededGenerator(seed: seed)
        let reverse = ReverseAdjacency(graph)
        let search = PathSearch(graph: graph)
        let node = { (generator: inout SeededGenerator) in Int32(Int.random(in: 0..<graph.nodeCount, using: &generator)) }
        let destinations = (0..<count).map { _ in
            [SearchSeed(node: node(&generator), durationSeconds: 2.5, lengthMeters: 3),
             SearchSeed(node: node(&generator), durationSeconds: 0.5, lengthMeters: 1)]
        }
        let trees = destinations.map { DestinationTree(graph: graph, reverse: reverse, entries: $0) }
        for _ in 0..<rounds {
            let seeds = [SearchSeed(node: node(&generator), durationSeconds: 1, lengthMeters: 4),
                         SearchSeed(node: node(&generator), durationSeconds: 3, lengthMeters: 9)]
            let searched = search.oneToMany(seeds: seeds, destinations: destinations)
            for (tree, want) in zip(trees, searched) {
                let got = tree.path(from: seeds, direct: nil, graph: graph)
                #expect((got == nil) == (want == nil))
                if let got, let want {
                    #expect(abs(got.durationSeconds - want.durationSeconds) < 1e-9)
                    #expect(abs(got.lengthMeters - want.lengthMeters) < 1e-6)
                    #expect(got.nodes.first == want.nodes.first && got.nodes.last == want.nodes.last)
                }
            }
        }
    }

    @Test func treesGiveWhatTheSearchGivesOnTheBundledHelsinkiArea() throws {
        // Given the bundled central Helsinki area's walking and cycling graphs
        let area = try RoadArea(contentsOf: GoalDirectedSearchTests.helsinki)
        for mode in [TravelMode.walk, .bike] {
            let graph = try #require(area.graphs[mode])
            // When random origins are routed to eight destinations through their trees and by search
            // Then the durations and lengths are the same
            Self.expectSameAsSearch(graph, destinations: 8, rounds: 40, seed: 51)
        }
    }

    @Test(.enabled(if: SharedData.exists(SharedData.columbus), SharedData.skipMessage))
    func treesGiveWhatTheSearchGivesInColumbus() throws {
        // Given Columbus's cycling graph as imported
        let area = try RoadGraphBuilder(modes: [.bike]).build(from: SharedData.url(SharedData.columbus))
        let graph = try #require(area.graphs[.bike])
        // When random origins are routed to four destinations through their trees and by search
        // Then the durations and lengths are the same
        Self.expectSameAsSearch(graph, destinations: 4, rounds: 10, seed: 52)
    }

    @Test func aRouterWithTreesRoutesTheAreasPlacesAsOneWithout() throws {
        // Given the bundled area, routed as a command routes it and as a server does (trees to its places, their
        // sides of the driving hierarchy, a fine snapping grid)
        let area = try RoadArea(contentsOf: GoalDirectedSearchTests.helsinki)
        let plain = RoadRouter(area: area)
        let withTrees = RoadRouter(area: area, treesToPlaces: true, fineSnapping: true)
        var generator = SeededGenerator(seed: 53)
        let box = area.boundingBox
        for _ in 0..<30 {
            let origin = Coordinate(
                uncheckedLatitude: Double.random(in: box.south...box.north, using: &generator),
                longitude: Double.random(in: box.west...box.east, using: &generator))
            for mode in TravelMode.allCases {
                // When random origins are routed to every place of the area
                let want = plain.routes(from: origin, to: area.places, mode: mode)
                let got = withTrees.routes(from: origin, to: area.places, mode: mode)
                // Then the routes agree
                #expect(want.count == got.count)
                for (a, b) in zip(want, got) {
                    #expect(abs(a.durationSeconds - b.durationSeconds) < 1e-9)
                    #expect(abs(a.distanceMeters - b.distanceMeters) < 1e-6)
                    #expect(a.source == b.source)
                }
            }
        }
    }
}
