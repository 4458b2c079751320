import Foundation
import Geo
import Planner
import TestSupport
import Testing
import Theaters

@testable import Routing

@Suite(.offThePool) struct RoadRouterTests {
    static func theater(_ name: String, _ coordinate: Coordinate) -> Theater {
        Theater(
            osmType: .node, osmID: 1, name: name, coordinate: coordinate, category: .cinema, tags: [:],
            fallbackID: name)
    }

    /// The grid with every street two-way except the bottom row, one-way east (1 → 2 → 3).
    static func gridRouter() throws -> RoadRouter {
        RoadRouter(area: try gridArea())
    }

    /// The same grid as an imported area.
    static func gridArea() throws -> RoadArea {
        var extract = TinyExtract()
        extract.way(100, [1, 2, 3], ["highway": "residential", "oneway": "yes"])
        extract.way(101, [4, 5, 6], ["highway": "residential"])
        extract.way(102, [7, 8, 9], ["highway": "residential"])
        extract.way(103, [1, 4, 7], ["highway": "residential"])
        extract.way(104, [2, 5, 8], ["highway": "residential"])
        extract.way(105, [3, 6, 9], ["highway": "residential"])
        let url = try extract.write()
        defer { try? FileManager.default.removeItem(at: url) }
        return try RoadGraphBuilder().build(from: url)
    }

    @Test func aOnewayStreetIsDrivenOnlyItsWay() throws {
        let router = try RoadRouterTests.gridRouter()
        let east = try #require(
            router.path(from: TinyExtract.coordinate(1), to: TinyExtract.coordinate(3), mode: .drive))
        let west = try #require(
            router.path(from: TinyExtract.coordinate(3), to: TinyExtract.coordinate(1), mode: .drive))
        let walkWest = try #require(
            router.path(from: TinyExtract.coordinate(3), to: TinyExtract.coordinate(1), mode: .walk))
        let rowMeters = TinyExtract.coordinate(1).distanceMeters(to: TinyExtract.coordinate(3))
        // East along the one-way row; west by a detour through the next row; walkers straight back
        #expect(abs(east.distanceMeters - rowMeters) < 0.5)
        #expect(west.distanceMeters > rowMeters + 200)
        #expect(abs(walkWest.distanceMeters - rowMeters) < 0.5)
    }

    @Test func aPointBesideARoadIsSnappedOntoIt() throws {
        // Given a point 30 m north of the middle of the first segment of the bottom row
        let router = try RoadRouterTests.gridRouter()
        let midpoint = TinyExtract.coordinate(1).intermediate(to: TinyExtract.coordinate(2), fraction: 0.5)
        let beside = midpoint.destination(distanceMeters: 30, bearingDegrees: 0)
        let snap = try #require(router.snap(beside, mode: .drive))
        // Then it lands on that segment, halfway, 30 m away
        #expect(abs(snap.distanceMeters - 30) < 0.5)
        #expect(abs(snap.fraction - 0.5) < 0.01)
        #expect(snap.coordinate.distanceMeters(to: midpoint) < 0.5)
    }

    @Test func routesOnOneSegmentGoStraightAlongIt() throws {
        let router = try RoadRouterTests.gridRouter()
        let a = TinyExtract.coordinate(4).intermediate(to: TinyExtract.coordinate(5), fraction: 0.2)
        let b = TinyExtract.coordinate(4).intermediate(to: TinyExtract.coordinate(5), fraction: 0.7)
        let path = try #require(router.path(from: a, to: b, mode: .drive))
        #expect(abs(path.distanceMeters - a.distanceMeters(to: b)) < 0.5)
        #expect(path.geometry.count == 2)
    }

    @Test func anOriginFarFromAnyRoadFallsBackToTheEstimate() throws {
        let router = try RoadRouterTests.gridRouter()
        let far = try Coordinate(latitude: 60.1, longitude: 24.0)
        let kino = RoadRouterTests.theater("Kino", TinyExtract.coordinate(5))
        let routes = router.routes(from: far, to: [kino], mode: .walk)
        #expect(routes.map(\.source) == [.estimate])
        #expect(routes == EstimateRouter().routes(from: far, to: [kino], mode: .walk))
    }

    @Test func routesComeBackInTheOrderGivenWithTheirSource() throws {
        let router = try RoadRouterTests.gridRouter()
        let theaters = [9, 2, 5].map { RoadRouterTests.theater("T\($0)", TinyExtract.coordinate($0)) }
        let routes = router.routes(from: TinyExtract.coordinate(1), to: theaters, mode: .drive)
        #expect(routes.map(\.theater.name) == ["T9", "T2", "T5"])
        #expect(routes.allSatisfy { $0.source == .roadNetwork })
        #expect(routes.allSatisfy { $0.geometry.first == TinyExtract.coordinate(1) })
        let nearest = router.nearestRoutes(from: TinyExtract.coordinate(1), among: theaters, count: 2, mode: .drive)
        #expect(nearest.map(\.theater.name) == ["T2", "T5"])
    }

    @Test(.enabled(if: SharedData.exists(SharedData.helsinki), SharedData.skipMessage))
    func aWalkInHelsinkiToKinopalatsiIsPlausible() throws {
        // Given the Helsinki walking graph and its cinemas
        let area = try RoadGraphBuilder(modes: [.walk], places: .theaters)
            .build(from: SharedData.url(SharedData.helsinki))
        let router = RoadRouter(area: area)
        let origin = try Coordinate(latitude: 60.1699, longitude: 24.9384)
        let kinopalatsi = try #require(area.places.first { $0.id == "node/1376356017" })
        // When a route is asked for
        let route = try #require(router.routes(from: origin, to: [kinopalatsi], mode: .walk).first)
        // Then it runs on the network, between 1.0× and 1.6× the straight line, at walking speed
        #expect(route.source == .roadNetwork)
        let ratio = route.distanceMeters / route.straightLineMeters
        #expect(ratio >= 1.0 && ratio <= 1.6, "network/straight = \(ratio)")
        // (5 km/h, plus 2 s at each traffic signal reached)
        let walkingSeconds = route.distanceMeters / (5 / 3.6)
        #expect(route.durationSeconds >= walkingSeconds - 1e-6 && route.durationSeconds <= walkingSeconds + 60)
        // And the bidirectional search agrees with the one-to-many search, the walk to and from the road aside
        let path = try #require(router.path(from: origin, to: kinopalatsi.coordinate, mode: .walk))
        let connectorSeconds = (path.originSnapMeters + path.destinationSnapMeters) / (5 / 3.6)
        #expect(abs(path.durationSeconds + connectorSeconds - route.durationSeconds) < 1e-6)
        // And the route's line starts at the origin and ends at the cinema's door
        #expect(route.geometry.first == origin)
        #expect(route.geometry.last == kinopalatsi.coordinate)
        // And the four cinemas rank the same either way
        let cinemas = area.places.filter { $0.kind == "cinema" }
        let nearest = router.nearestRoutes(from: origin, among: cinemas, count: 4, mode: .walk)
        let all = router.routes(from: origin, to: cinemas, mode: .walk).sorted {
            $0.durationSeconds < $1.durationSeconds
        }
        #expect(nearest.map(\.destination.id) == all.map(\.destination.id))
    }
}

@Suite(.offThePool) struct SnappingAtNodesTests {
    @Test func aPointOnANodeLeavesByAnyStreetWhicheverSegmentItSnappedTo() throws {
        // Given a node 2 where a one-way street 2 → 1 and a two-way street 2 – 3 meet
        var extract = TinyExtract()
        extract.way(100, [2, 1], ["highway": "residential", "oneway": "yes"])
        extract.way(101, [2, 3], ["highway": "residential"])
        let url = try extract.write()
        defer { try? FileManager.default.removeItem(at: url) }
        let router = RoadRouter(area: try RoadGraphBuilder(modes: [.drive]).build(from: url))
        // When routing from exactly node 2 to node 3, and from node 3 to node 2
        let out = try #require(
            router.path(from: TinyExtract.coordinate(2), to: TinyExtract.coordinate(3), mode: .drive))
        let back = try #require(
            router.path(from: TinyExtract.coordinate(3), to: TinyExtract.coordinate(2), mode: .drive))
        // Then both take the single segment between them
        let segment = TinyExtract.coordinate(2).distanceMeters(to: TinyExtract.coordinate(3))
        #expect(abs(out.distanceMeters - segment) < 0.5)
        #expect(abs(back.distanceMeters - segment) < 0.5)
    }

    @Test(arguments: [TravelMode.drive, .walk])
    func aOnewayPocketNearerThanTheNetworkIsNotSnappedOnto(mode: TravelMode) throws {
        // Given a two-way square 0–1–2–3 and, beside it, a pocket 4 → 5 → 0 that can be left but never entered
        let points = [
            (60.000, 24.000), (60.000, 24.004), (60.002, 24.004), (60.002, 24.000), (59.9990, 23.9990),
            (59.9995, 23.9995),
        ].map { Coordinate(uncheckedLatitude: $0.0, longitude: $0.1) }
        var edges: [RoadEdge] = []
        func add(_ a: Int, _ b: Int, twoWay: Bool) {
            let length = points[a].distanceMeters(to: points[b])
            edges.append(RoadEdge(source: Int32(a), target: Int32(b), durationSeconds: length / 10, lengthMeters: length))
            if twoWay {
                edges.append(
                    RoadEdge(source: Int32(b), target: Int32(a), durationSeconds: length / 10, lengthMeters: length))
            }
        }
        for (a, b) in [(0, 1), (1, 2), (2, 3), (3, 0)] { add(a, b, twoWay: true) }
        add(4, 5, twoWay: false)
        add(5, 0, twoWay: false)
        let router = RoadRouter(graphs: [RoadGraph(mode: mode, coordinates: points, edges: edges)])
        // When a point right beside the pocket is routed to and from the far corner
        let besidePocket = Coordinate(uncheckedLatitude: 59.99925, longitude: 23.99935)
        // Then it snaps onto the square (the largest strongly connected part), and both ways find a road path
        let snap = try #require(router.snap(besidePocket, mode: mode))
        #expect(Set([snap.nodeA, snap.nodeB]).isSubset(of: [0, 1, 2, 3]))
        #expect(router.path(from: points[2], to: besidePocket, mode: mode) != nil)
        #expect(router.path(from: besidePocket, to: points[2], mode: mode) != nil)
    }

    @Test(arguments: [TravelMode.drive, .walk])
    func aRouteToTheSamePointIsNothingToTravel(mode: TravelMode) throws {
        // Given the grid and a door 40 m north of the street 4 – 5
        let router = try RoadRouterTests.gridRouter()
        let door = TinyExtract.coordinate(4).intermediate(to: TinyExtract.coordinate(5), fraction: 0.5)
            .intermediate(to: TinyExtract.coordinate(8), fraction: 0.36)
        // When it is routed to itself
        let route = try #require(router.routes(from: door, to: [RoadRouterTests.theater("Here", door)], mode: mode).first)
        // Then the trip is nil metres and seconds, drawn as the one point, not twice the way to the road
        #expect(route.source == .roadNetwork)
        #expect(route.distanceMeters < 1)
        #expect(route.durationSeconds < 1)
        #expect(route.geometry == [door])
    }

    @Test func routeGeometriesNeverRepeatAPoint() throws {
        // Given the grid, and trips from a grid node (a snap onto a node) to a node and to a point beside a street
        let router = try RoadRouterTests.gridRouter()
        let beside = TinyExtract.coordinate(8).intermediate(to: TinyExtract.coordinate(9), fraction: 0.3)
        for mode in TravelMode.allCases {
            let routes = router.routes(
                from: TinyExtract.coordinate(1),
                to: [RoadRouterTests.theater("Node", TinyExtract.coordinate(9)), RoadRouterTests.theater("Beside", beside)], mode: mode)
            for route in routes {
                // Then no two consecutive points of a line are the same
                #expect(route.source == .roadNetwork)
                #expect(zip(route.geometry, route.geometry.dropFirst()).allSatisfy { $0 != $1 })
            }
        }
    }
}
