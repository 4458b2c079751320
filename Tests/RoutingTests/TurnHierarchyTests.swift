import Foundation
import Geo
import TestSupport
import Testing

@testable import Routing

/// The contraction hierarchy over turns against the plain turn-aware search: the same paths, to the last digit.
@Suite(.offThePool) struct TurnHierarchyTests {
    @Test(arguments: [31 as UInt64, 32, 33])
    func theHierarchyFindsTheSamePathsAsTheBidirectionalSearch(seed: UInt64) {
        // Given a random graph with car turn costs, contracted
        var generator = SeededGenerator(seed: seed)
        let graph = TurnSearchTests.randomGraph(nodes: 150, generator: &generator)
        let reverse = ReverseAdjacency(graph)
        let turns = TurnTable(graph, reverse: reverse, costs: .car)
        let hierarchy = TurnHierarchy(graph, turns: turns)
        #expect(hierarchy.problem(edgeCount: graph.edgeCount) == nil)
        let search = TurnSearch(graph: graph, reverse: reverse, turns: turns)
        var workspace = HierarchyWorkspace(nodeCount: graph.edgeCount)
        // When random node pairs are searched both ways, reusing one workspace
        for _ in 0..<80 {
            let source = Int.random(in: 0..<graph.nodeCount, using: &generator)
            let target = Int.random(in: 0..<graph.nodeCount, using: &generator)
            guard source != target else { continue }
            let seeds = TurnSearchTests.nodeSeeds(graph, leaving: source)
            let ends = TurnSearchTests.nodeEnds(reverse, reaching: target)
            let plain = search.bidirectional(seeds: seeds, ends: ends, direct: nil)
            let climbed = search.hierarchySearch(
                seeds: seeds, ends: ends, direct: nil, hierarchy: hierarchy, workspace: &workspace)
            // Then both find a path of the reference weight, with the same duration and length
            let expected = TurnSearchTests.referenceWeight(graph, turns, reverse, source, target)
            #expect(expected.isInfinite == (climbed == nil))
            #expect((plain == nil) == (climbed == nil))
            if let climbed, let plain {
                #expect(abs(TurnSearchTests.expectConsistent(climbed, graph, turns, from: source) - expected) < 1e-6)
                #expect(abs(climbed.durationSeconds - plain.durationSeconds) < 1e-6)
                #expect(abs(climbed.lengthMeters - plain.lengthMeters) < 1e-6)
            }
        }
    }

    static func area(_ graph: RoadGraph) -> RoadArea {
        RoadArea(
            name: "random", sourceFileName: "random.osm", boundingBox: BoundingBox(south: 60, west: 24, north: 61, east: 25),
            importedAt: Date(timeIntervalSince1970: 0), graphs: [.drive: graph], places: [],
            statistics: ImportStatistics())
    }

    @Test func theHierarchySurvivesTheAreaFile() throws {
        // Given an area whose drive graph has landmarks and a hierarchy
        var generator = SeededGenerator(seed: 52)
        let plain = TurnSearchTests.randomGraph(nodes: 80, generator: &generator)
        let turns = TurnTable(plain, reverse: ReverseAdjacency(plain), costs: .car)
        let graph = plain.withLandmarks(Landmarks(plain, count: 3)).withHierarchy(TurnHierarchy(plain, turns: turns))
        let area = Self.area(graph)
        let url = temporaryURL(".roadgraph")
        defer { try? FileManager.default.removeItem(at: url) }
        // When it is saved and loaded
        try area.write(to: url)
        let loaded = try RoadArea(contentsOf: url)
        // Then the hierarchy comes back as it was
        #expect(loaded == area)
        #expect(loaded.graphs[.drive]?.hierarchy != nil)
    }

    @Test func aShortcutThatDoesNotClimbIsRefusedWhenTheFileIsRead() throws {
        // Given a hierarchy whose first up arc is made to point down
        var generator = SeededGenerator(seed: 53)
        let plain = TurnSearchTests.randomGraph(nodes: 40, generator: &generator)
        let turns = TurnTable(plain, reverse: ReverseAdjacency(plain), costs: .car)
        let built = TurnHierarchy(plain, turns: turns)
        let node = try #require((0..<plain.edgeCount).first { built.upOffsets[$0] < built.upOffsets[$0 + 1] })
        var upNodes = built.upNodes
        upNodes[Int(built.upOffsets[node])] = Int32(node)
        let damaged = TurnHierarchy(
            rank: built.rank, upOffsets: built.upOffsets, upNodes: upNodes, upWeightsSeconds: built.upWeightsSeconds,
            upMiddles: built.upMiddles, downOffsets: built.downOffsets, downNodes: built.downNodes,
            downWeightsSeconds: built.downWeightsSeconds, downMiddles: built.downMiddles)
        let url = temporaryURL(".roadgraph")
        defer { try? FileManager.default.removeItem(at: url) }
        try Self.area(plain.withHierarchy(damaged)).write(to: url)
        // Then reading it says which arc is wrong
        #expect(
            throws: RoutingError.corruptGraphFile(
                path: url.path, reason: "drive graph: the hierarchy has an arc up from \(node) that does not climb")
        ) { try RoadArea(contentsOf: url) }
    }
}
