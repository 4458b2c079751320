import Foundation
import Geo
import TestSupport
import Testing

@testable import Routing

/// The saved areas fuzzing found crashing or hanging `planner` (FUZZING.md): each is now refused with
/// `RoutingError.corruptGraphFile`, or loads and routes in a moment.
@Suite(.offThePool) struct FuzzFindingsTests {
    /// The reason a damaged file is refused for, or nil when it loads.
    func reasonForRefusing(_ url: URL, summaryOnly: Bool = false) -> String? {
        do {
            if summaryOnly { _ = try RoadArea.summary(contentsOf: url) } else { _ = try RoadArea(contentsOf: url) }
            return nil
        } catch let RoutingError.corruptGraphFile(path, reason) where path == url.path {
            return reason
        } catch {
            return "\(error)"
        }
    }

    @Test(arguments: [false, true])
    func aCountBeyondIntIsRefusedNotTrappedOn(summaryOnly: Bool) {
        // Given a file whose summary counts 18,446,744,073,709,551,377 missing node references
        let url = FuzzFindings.url("count-beyond-int.roadgraph")
        // Then both readers refuse it by name
        #expect(reasonForRefusing(url, summaryOnly: summaryOnly) == "a count of 18446744073709551377 is out of range")
    }

    @Test func billionsOfTheatersAreReadOneAtATimeNotReservedUpFront() {
        // Given a 2 KB file claiming 2,804,375,872 theaters: reserving for them asked for 269 GB
        let url = FuzzFindings.url("billions-of-theaters.roadgraph")
        // Then it is refused when its bytes run out
        #expect(reasonForRefusing(url) == "a string runs past the end")
    }

    @Test func aGraphNodeOffTheGlobeIsRefused() {
        // Given an area whose cycling graph has a node at longitude 2.9e78° (the segment index trapped turning it into
        // a grid cell)
        let url = FuzzFindings.url("node-off-the-globe.roadgraph")
        #expect(reasonForRefusing(url) == "bike graph node 22 has an invalid coordinate")
    }

    @Test(arguments: [false, true])
    func aBoxOffTheGlobeIsRefused(summaryOnly: Bool) {
        // Given an area whose box has its east edge at -2e30°, on which `contains` trapped for every origin in its
        // band of latitudes
        let url = FuzzFindings.url("box-off-the-globe.roadgraph")
        #expect(reasonForRefusing(url, summaryOnly: summaryOnly) == "the bounding box is out of range")
    }

    @Test(.timeLimit(.minutes(1)))
    func aSegment7000KilometersLongIsIndexedWithoutACellForEverySquareOfItsBox() throws {
        // Given an area with a walking node moved to 0°N 0°E, so that one segment runs from there to Helsinki: the
        // grid tried to put it in each of the 200 million cells of its box
        let area = try RoadArea(contentsOf: FuzzFindings.url("segment-7000-km-long.roadgraph"))
        // When a router is built over it and asked for routes
        let router = RoadRouter(area: area)
        let origin = try Coordinate(latitude: 60.1711, longitude: 24.9462)
        let routes = router.routes(from: origin, to: area.places, mode: .walk)
        // Then it answers, one route per place
        #expect(routes.count == area.places.count)
    }

    @Test func hierarchyOffsetsThatRunPastTheArcsAreRefused() {
        // Given a format-5 area whose driving hierarchy's upward offsets rise past its arcs at one edge and fall
        // back to their count at the end (the check read the arcs they pointed at, out of bounds)
        let url = FuzzFindings.url("hierarchy-offsets-past-the-arcs.roadgraph")
        // Then it is refused by name
        #expect(reasonForRefusing(url)?.hasPrefix("drive graph: the hierarchy's offsets run past its arcs at") == true)
    }

    @Test func incomingOffsetsThatRunPastTheEdgesAreRefusedBeforeTheyAreFollowed() throws {
        // Given a saved preparation's incoming offsets for a graph of three nodes and two edges, rising to 5 at the
        // first node and back to 2 at the end
        let graph = RoadGraph(
            mode: .walk, latitudes: [60, 60.001, 60.002], longitudes: [24, 24, 24], osmNodeIDs: [1, 2, 3],
            edgeOffsets: [0, 1, 2, 2], edgeTargets: [1, 2], edgeDurationsSeconds: [1, 1],
            edgeLengthsMeters: [100, 100], edgeWeightsSeconds: [1, 1])
        // Then they are refused where they go back, before any slot they name is read
        #expect(throws: BinaryReader.Failure.self) {
            try ReverseAdjacency(offsets: [0, 5, 1, 2], sources: [0, 1], edges: [0, 1], of: graph)
        }
        // And the graph's own incoming edges are taken
        let own = ReverseAdjacency(graph)
        let saved = try ReverseAdjacency(offsets: own.offsets, sources: own.sources, edges: own.edges, of: graph)
        #expect(saved.edges == own.edges)
    }

    @Test func aLongSegmentIsStillFoundBySnapping() throws {
        // Given a graph of one road, 300 km long, between two nodes
        let graph = RoadGraph(
            mode: .walk, latitudes: [60, 62.7], longitudes: [24, 24], osmNodeIDs: [1, 2], edgeOffsets: [0, 1, 2],
            edgeTargets: [1, 0], edgeDurationsSeconds: [1, 1], edgeLengthsMeters: [300_000, 300_000],
            edgeWeightsSeconds: [1, 1])
        // When a point beside its middle is snapped
        let index = SegmentIndex(graph)
        let beside = try Coordinate(latitude: 61.35, longitude: 24.001)
        let snap = index.nearest(to: beside, in: graph, maximumMeters: 1_000)
        // Then the long segment is found, about 54 m away
        #expect(snap?.nodeA == 0 && snap?.nodeB == 1)
        #expect(abs((snap?.distanceMeters ?? 0) - 53.6) < 1)
    }
}
