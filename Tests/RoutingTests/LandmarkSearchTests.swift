import Foundation
import Geo
import TestSupport
import Testing

@testable import Routing

/// A* with landmarks against the plain turn-aware search: the same paths, to the last digit.
@Suite(.offThePool) struct LandmarkSearchTests {
    /// The same path: equal geometry and snaps, and totals equal up to the last bits of a Double (the two searches
    /// add the same weights in a different order, so a tie between parallel edges to within rounding may go
    /// either way; nothing larger may differ).
    static func same(_ found: RoadPath?, _ expected: RoadPath?) -> Bool {
        guard let found, let expected else { return found == nil && expected == nil }
        func close(_ a: Double, _ b: Double) -> Bool { abs(a - b) <= 1e-9 * max(1, abs(b)) }
        return found.geometry == expected.geometry && close(found.distanceMeters, expected.distanceMeters)
            && close(found.durationSeconds, expected.durationSeconds)
            && found.originSnapMeters == expected.originSnapMeters
            && found.destinationSnapMeters == expected.destinationSnapMeters
    }

    /// Random points near random nodes of `graph` (some on a node, most a little off it).
    static func points(near graph: RoadGraph, count: Int, generator: inout SeededGenerator) -> [Coordinate] {
        (0..<count).map { index in
            let node = Int.random(in: 0..<graph.nodeCount, using: &generator)
            let shift = index % 4 == 0 ? 0 : 0.0004
            return Coordinate(
                uncheckedLatitude: graph.latitudes[node] + Double.random(in: -shift...shift, using: &generator),
                longitude: graph.longitudes[node] + Double.random(in: -shift...shift, using: &generator))
        }
    }

    @Test(arguments: [21 as UInt64, 22, 23])
    func landmarkSearchFindsTheSamePathsAsTheBidirectionalSearch(seed: UInt64) {
        // Given a random graph with car turn costs and four landmarks
        var generator = SeededGenerator(seed: seed)
        let graph = TurnSearchTests.randomGraph(nodes: 150, generator: &generator)
        let landmarks = Landmarks(graph, count: 4)
        #expect(landmarks.count == 4)
        let reverse = ReverseAdjacency(graph)
        let turns = TurnTable(graph, reverse: reverse, costs: .car)
        let search = TurnSearch(graph: graph, reverse: reverse, turns: turns)
        var workspace = SearchWorkspace(edgeCount: graph.edgeCount, nodeCount: graph.nodeCount)
        // When random node pairs are searched both ways, reusing one workspace
        for _ in 0..<80 {
            let source = Int.random(in: 0..<graph.nodeCount, using: &generator)
            let target = Int.random(in: 0..<graph.nodeCount, using: &generator)
            guard source != target else { continue }
            let seeds = TurnSearchTests.nodeSeeds(graph, leaving: source)
            let ends = TurnSearchTests.nodeEnds(reverse, reaching: target)
            let plain = search.bidirectional(seeds: seeds, ends: ends, direct: nil)
            let aimed = search.landmarkSearch(
                seeds: seeds, ends: ends, direct: nil, landmarks: landmarks, workspace: &workspace)
            // Then both find the same path, of the reference weight
            #expect(plain == aimed)
            let expected = TurnSearchTests.referenceWeight(graph, turns, reverse, source, target)
            #expect(expected.isInfinite == (aimed == nil))
            if let aimed {
                #expect(abs(TurnSearchTests.expectConsistent(aimed, graph, turns, from: source) - expected) < 1e-6)
            }
        }
        // And the workspace is left as new
        #expect(workspace.weight.allSatisfy { $0 == .infinity } && workspace.parent.allSatisfy { $0 == -1 })
        #expect(workspace.potential.allSatisfy { $0 == -1 } && workspace.touchedEdges.isEmpty)
    }

    @Test(arguments: [31 as UInt64, 32])
    func routerWithLandmarksAnswersAsWithout(seed: UInt64) {
        // Given one random graph routed with and without landmarks
        var generator = SeededGenerator(seed: seed)
        let graph = TurnSearchTests.randomGraph(nodes: 200, generator: &generator)
        let aimed = RoadRouter(graphs: [graph.withLandmarks(Landmarks(graph, count: 6))])
        let plain = RoadRouter(graphs: [graph])
        let origins = Self.points(near: graph, count: 60, generator: &generator)
        let destinations = Self.points(near: graph, count: 60, generator: &generator)
        // When points on and off nodes are routed, including along one segment
        for (origin, destination) in Array(zip(origins, destinations)) + Array(zip(origins, origins.reversed())) {
            // Then the paths are identical: geometry, distance and duration
            let found = aimed.path(from: origin, to: destination, mode: .drive)
            let expected = plain.path(from: origin, to: destination, mode: .drive)
            #expect(Self.same(found, expected), "\(String(describing: found)) vs \(String(describing: expected))")
        }
    }

    @Test func landmarkBoundsNeverExceedTheTurnAwareWeight() {
        // Given a random graph and its landmarks
        var generator = SeededGenerator(seed: 41)
        let graph = TurnSearchTests.randomGraph(nodes: 120, generator: &generator)
        let landmarks = Landmarks(graph, count: 5)
        let reverse = ReverseAdjacency(graph)
        let turns = TurnTable(graph, reverse: reverse, costs: .car)
        for _ in 0..<20 {
            let source = Int.random(in: 0..<graph.nodeCount, using: &generator)
            let target = Int.random(in: 0..<graph.nodeCount, using: &generator)
            guard source != target else { continue }
            // Then the bound from the source is at most the reference weight to the target
            let goal = landmarks.goal(reaching: [Int32(target)])
            let bound = landmarks.lowerBound(from: source, to: goal)
            #expect(bound <= TurnSearchTests.referenceWeight(graph, turns, reverse, source, target))
        }
    }

    @Test func landmarksSurviveTheAreaFile() throws {
        // Given an area whose drive graph has landmarks
        var generator = SeededGenerator(seed: 51)
        let graph = TurnSearchTests.randomGraph(nodes: 80, generator: &generator)
        let area = RoadArea(
            name: "random", sourceFileName: "random.osm", boundingBox: BoundingBox(south: 60, west: 24, north: 61, east: 25),
            importedAt: Date(timeIntervalSince1970: 0), graphs: [.drive: graph.withLandmarks(Landmarks(graph, count: 3))],
            places: [], statistics: ImportStatistics())
        let url = temporaryURL(".roadgraph")
        defer { try? FileManager.default.removeItem(at: url) }
        // When it is saved and loaded
        try area.write(to: url)
        let loaded = try RoadArea(contentsOf: url)
        // Then the landmarks come back as they were
        #expect(loaded == area)
        #expect(loaded.graphs[.drive]?.landmarks?.count == 3)
    }

    @Test(.enabled(if: SharedData.exists(SharedData.columbus), SharedData.skipMessage))
    func columbusRoutesAreTheSameWithLandmarks() throws {
        // Given the Columbus car graph as imported (with landmarks) and the same graph without them
        let area = try RoadGraphBuilder(modes: [.drive]).build(from: SharedData.url(SharedData.columbus))
        let graph = try #require(area.graphs[.drive])
        #expect(graph.landmarks?.count == Landmarks.defaultCount)
        let aimed = RoadRouter(graphs: [graph.withHierarchy(nil)])
        let plain = RoadRouter(graphs: [graph.withLandmarks(nil).withHierarchy(nil)])
        let contracted = RoadRouter(graphs: [graph])
        var generator = SeededGenerator(seed: 61)
        let origins = Self.points(near: graph, count: 150, generator: &generator)
        let destinations = Self.points(near: graph, count: 150, generator: &generator)
        // When 150 random pairs are routed by car
        var found = 0
        for (origin, destination) in zip(origins, destinations) {
            let expected = plain.path(from: origin, to: destination, mode: .drive)
            let actual = aimed.path(from: origin, to: destination, mode: .drive)
            // Then each route has the same distance, duration and geometry, with landmarks and on the hierarchy
            #expect(Self.same(actual, expected), "\(origin) → \(destination)")
            #expect(
                Self.same(contracted.path(from: origin, to: destination, mode: .drive), expected),
                "hierarchy: \(origin) → \(destination)")
            if actual != nil { found += 1 }
        }
        #expect(found > 100)
    }
}
