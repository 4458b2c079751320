import Foundation
import Geo
import TestSupport
import Testing
import Theaters

@testable import Routing

/// Issue #14: inside an imported area a route follows the roads however far its ends lie from them, joined to
/// them by straight legs walked at foot speed; the estimate answers only outside the area or without a path.
@Suite(.offThePool) struct OffRoadLegTests {
    /// 43.712,7.43: out at sea south of Monaco, inside the extract's bounds, some 1.7 km from the nearest road.
    static let atSea = Coordinate(uncheckedLatitude: 43.712, longitude: 7.43)
    /// 43.7384,7.4246: on the Rocher, beside a street.
    static let monacoVille = Coordinate(uncheckedLatitude: 43.7384, longitude: 7.4246)

    static func point(_ name: String, _ coordinate: Coordinate) -> Theater {
        Theater(
            osmType: nil, osmID: nil, name: name, coordinate: coordinate, category: .other("point"), tags: [:],
            fallbackID: name)
    }

    @Test(
        .enabled(if: SharedData.exists(SharedData.monaco), SharedData.skipMessage),
        arguments: [TravelMode.drive, .walk])
    func anOriginOutAtSeaOffMonacoIsRoutedByRoadWithItsOffRoadLegCounted(mode: TravelMode) throws {
        // Given Monaco's area and an origin out at sea, farther from any road than the old 1 km snapping limit
        let area = try RoadGraphBuilder(modes: [mode]).build(from: SharedData.url(SharedData.monaco))
        let router = RoadRouter(area: area)
        #expect(area.boundingBox.contains(Self.atSea))
        let snap = try #require(router.snap(Self.atSea, mode: mode))
        #expect(snap.distanceMeters > RoadRouter.defaultMaximumSnapMeters)

        // When it is routed to a point on the Rocher
        let route = router.routes(from: Self.atSea, to: [Self.point("Rocher", Self.monacoVille)], mode: mode)[0]
        let path = try #require(router.path(from: Self.atSea, to: Self.monacoVille, mode: mode))

        // Then it goes by road, and the leg from the sea to the road is in its distance and time, walked
        #expect(route.source == .roadNetwork)
        #expect(route.estimateReason == nil)
        #expect(route.originSnapMeters == snap.distanceMeters)
        #expect(route.offRoadMeters >= snap.distanceMeters)
        #expect(abs(route.distanceMeters - (path.distanceMeters + route.offRoadMeters)) < 0.01)
        let walkedSeconds = route.offRoadMeters / TravelMode.walk.speedMetersPerSecond
        #expect(abs(route.durationSeconds - (path.durationSeconds + walkedSeconds)) < 0.01)
        #expect(route.geometry.first == Self.atSea)
        #expect(route.geometry[1] == snap.coordinate)
    }

    @Test(.enabled(if: SharedData.exists(SharedData.monaco), SharedData.skipMessage))
    func theTenNearestFromOutAtSeaAreRankedByRoadNotByTheEstimate() throws {
        let area = try RoadGraphBuilder(modes: [.drive]).build(from: SharedData.url(SharedData.monaco))
        let router = RoadRouter(area: area)
        let points = (0..<5).map { i in
            Self.point("P\(i)", Self.monacoVille.destination(distanceMeters: Double(i) * 300, bearingDegrees: 60))
        }
        let nearest = router.nearestRoutes(from: Self.atSea, among: points, count: 3, mode: .drive)
        #expect(nearest.count == 3)
        #expect(nearest.allSatisfy { $0.source == .roadNetwork && ($0.originSnapMeters ?? 0) > 1_000 })
    }

    @Test(.enabled(if: SharedData.exists(SharedData.monaco), SharedData.skipMessage))
    func aDestinationOutsideEveryAreaIsAnEstimateThatSaysNoAreaCoversIt() throws {
        let area = try RoadGraphBuilder(modes: [.drive]).build(from: SharedData.url(SharedData.monaco))
        let router = RoadRouter(area: area)
        let nice = Coordinate(uncheckedLatitude: 43.7034, longitude: 7.2663)
        #expect(!area.boundingBox.contains(nice))
        let route = router.routes(from: Self.monacoVille, to: [Self.point("Nice", nice)], mode: .drive)[0]
        #expect(route.source == .estimate)
        #expect(route.estimateReason == .noArea)
        #expect(route.originSnapMeters == nil)
    }

    @Test func aPointKilometresFromTheRoadsButInsideTheAreaSnapsOntoTheNearest() throws {
        // Given the tiny grid, with bounds reaching kilometres beyond it, and a point 2.5 km east of its corner
        let graphs = Array(try RoadRouterTests.gridArea().graphs.values)
        let corner = TinyExtract.coordinate(9)
        let far = corner.destination(distanceMeters: 2_500, bearingDegrees: 90)
        let wide = BoundingBox(
            south: corner.latitude - 0.05, west: corner.longitude - 0.1, north: corner.latitude + 0.05,
            east: corner.longitude + 0.1)
        let bounded = RoadRouter(graphs: graphs, coverage: wide)
        let unbounded = RoadRouter(graphs: graphs)

        // Then inside the bounds it snaps 2.5 km to the grid's eastern corner; without bounds, not beyond 1 km
        let snap = try #require(bounded.snap(far, mode: .walk))
        #expect(abs(snap.distanceMeters - 2_500) < 5)
        #expect(snap.coordinate.distanceMeters(to: corner) < 5)
        #expect(unbounded.snap(far, mode: .walk) == nil)
        let route = bounded.routes(from: far, to: [Self.point("Five", TinyExtract.coordinate(5))], mode: .walk)[0]
        #expect(route.source == .roadNetwork)
        #expect(route.offRoadMeters >= 2_495)
    }

    @Test func aPointHundredsOfKilometresFromTheRoadsOfAHugeAreaSnapsByOnePassOverTheSegments() throws {
        // Given the tiny grid in bounds some 400 km across, and a point 150 km east of it
        let graphs = Array(try RoadRouterTests.gridArea().graphs.values)
        let corner = TinyExtract.coordinate(9)
        let huge = BoundingBox(
            south: corner.latitude - 2, west: corner.longitude - 4, north: corner.latitude + 2,
            east: corner.longitude + 4)
        let far = corner.destination(distanceMeters: 150_000, bearingDegrees: 90)
        // Then it snaps onto the grid's eastern street (past 64 rings of cells, by checking every segment; the
        // great circle heading east drifts south, so the nearest point is the street's southern end)
        let snap = try #require(RoadRouter(graphs: graphs, coverage: huge).snap(far, mode: .drive))
        #expect(snap.coordinate.distanceMeters(to: TinyExtract.coordinate(3)) < 5)
        #expect(abs(snap.distanceMeters - 150_000) < 1_500)
    }
}
