import Testing

@testable import Routing

/// The area file's value checks on the bits agree with the comparisons they stand for, at every edge of the range.
@Suite struct AreaValueChecksTests {
    static let values: [Double] = [
        0, -0.0, 1, -1, 89.999_999, 90, 90.000_000_000_1, -90, -90.000_000_000_1, 180, 180.000_000_000_1, -180,
        .leastNonzeroMagnitude, -.leastNonzeroMagnitude, .greatestFiniteMagnitude, -.greatestFiniteMagnitude,
        .infinity, -.infinity, .nan, -.nan, .signalingNaN,
    ]

    @Test(arguments: values)
    func eachValueIsJudgedAsTheComparisonsJudgeIt(value: Double) {
        for limit in [90.0, 180.0] {
            #expect(RoadArea.allWithin([1, value, -2], limit) == (abs(value) <= limit), "\(value) within \(limit)")
        }
        #expect(RoadArea.allNonNegativeAndFinite([3, value, 0]) == (value >= 0 && value.isFinite), "\(value)")
    }

    @Test func emptyArraysPass() {
        #expect(RoadArea.allWithin([], 90))
        #expect(RoadArea.allNonNegativeAndFinite([]))
    }
}

/// Saved incoming edges that are not the graph's are refused by the slot and the node they were found under.
@Suite struct IncomingEdgeChecksTests {
    // Four nodes in a line, 0 → 1 → 2 → 3, and 3 → 0: node 0 has one incoming edge, as has each other node.
    static let graph = RoadGraph(
        mode: .walk, latitudes: [60, 60.001, 60.002, 60.003], longitudes: [24, 24, 24, 24], osmNodeIDs: [1, 2, 3, 4],
        edgeOffsets: [0, 1, 2, 3, 4], edgeTargets: [1, 2, 3, 0], edgeDurationsSeconds: [1, 1, 1, 1],
        edgeLengthsMeters: [100, 100, 100, 100], edgeWeightsSeconds: [1, 1, 1, 1])

    static func reason(sources: [Int32], edges: [Int32]) -> String? {
        let own = ReverseAdjacency(graph)
        do {
            _ = try ReverseAdjacency(offsets: own.offsets, sources: sources, edges: edges, of: graph)
            return nil
        } catch {
            return error.reason
        }
    }

    @Test func theGraphsOwnIncomingEdgesAreTaken() {
        let own = ReverseAdjacency(Self.graph)
        #expect(Self.reason(sources: own.sources, edges: own.edges) == nil)
        #expect(own.offsets == [0, 1, 2, 3, 4])
    }

    @Test func aWrongEdgeIsNamedByItsSlotAndTheNodeItIsUnder() {
        let own = ReverseAdjacency(Self.graph)
        var edges = own.edges
        edges[2] = edges[1]  // slot 2, under node 2, names node 1's incoming edge
        #expect(
            Self.reason(sources: own.sources, edges: edges) == "walk graph incoming edge 2 is not an edge into node 2")
        var sources = own.sources
        sources[3] = 7  // a source past the nodes
        #expect(
            Self.reason(sources: sources, edges: own.edges) == "walk graph incoming edge 3 is not an edge into node 3")
        edges = own.edges
        edges[0] = -1
        #expect(
            Self.reason(sources: own.sources, edges: edges) == "walk graph incoming edge 0 is not an edge into node 0")
    }
}
