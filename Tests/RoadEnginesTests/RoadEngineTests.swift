import FlyingFox
import Foundation
import Geo
import TestSupport
import Testing
@testable import RoadEngines

/// A place to route to, as the planner's theaters are.
private struct Place: Locatable {
    let coordinate: Coordinate
}

private let origin = Coordinate(uncheckedLatitude: 60.1699, longitude: 24.9384)
private let places = [
    Place(coordinate: Coordinate(uncheckedLatitude: 60.1710, longitude: 24.9440)),
    Place(coordinate: Coordinate(uncheckedLatitude: 60.1650, longitude: 24.9310)),
]

private let osrmTable = """
    {"code":"Ok","durations":[[0,412.3,655.9]],"distances":[[0,540.1,880.4]],
     "sources":[{"hint":"x","distance":3.2,"name":"Mannerheimintie","location":[24.9384,60.1699]}],
     "destinations":[{"distance":0},{"distance":7.5},{"distance":12.25}]}
    """

/// An engine client that waits as long as a busy test machine may need: the fake server shares the test process with
/// hundreds of other tests, and a 3 s timeout there is a flaky test, not a slow engine. `aSlowEngineTimesOut` sets its own.
private func patient(_ engine: RoutingEngine, restSeconds: Double = RoadEngine.defaultRestSeconds) -> RoadEngine {
    RoadEngine(engine, timeoutSeconds: 60, restSeconds: restSeconds)
}

/// Blocking calls (the engine's requests) run off Swift's pool, so that the fake server keeps its threads.
@Suite(.offThePool) struct RoadEngineTests {
    @Test func nearestTimesCostOneTableRequestAndCarryTheEnginesSnaps() async throws {
        try await withFakeServer({ _, _ in Reply.json(osrmTable) }) { fake in
            let router = EngineRouter(
                engines: [.walk: patient(.osrm(fake.baseURL))], fallback: EstimateRouter(), fallbackName: "estimates")
            let routes = router.routesWithoutLines(from: origin, to: places, mode: .walk)
            #expect(routes.map(\.durationSeconds) == [412.3, 655.9])
            #expect(routes.map(\.distanceMeters) == [540.1, 880.4])
            #expect(routes.allSatisfy { $0.source == .osrm && $0.originSnapMeters == 3.2 })
            #expect(routes.map(\.destinationSnapMeters) == [7.5, 12.25])
            #expect(router.notes.isEmpty)
            let requests = await fake.log.requests
            #expect(requests.count == 1)
            let request = try #require(requests.first)
            #expect(request.path == "/table/v1/foot/24.9384000,60.1699000;24.9440000,60.1710000;24.9310000,60.1650000")
            #expect(request.query["sources"] == "0")
            #expect(request.query["annotations"] == "duration,distance")
        }
    }

    @Test func anEngineBehindAPathPrefixIsAskedUnderIt() async throws {
        try await withFakeServer({ _, _ in Reply.json(osrmTable) }) { fake in
            let engine = try RoutingEngine(parsing: "osrm:" + fake.baseURL.absoluteString + "/engines/osrm/")
            let routes = EngineRouter(engines: [.walk: patient(engine)], fallback: EstimateRouter(), fallbackName: "estimates")
                .routesWithoutLines(from: origin, to: places, mode: .walk)
            #expect(routes.first?.source == .osrm)
            #expect(await fake.log.requests.first?.path.hasPrefix("/engines/osrm/table/v1/foot/") == true)
        }
    }

    @Test func otherModesAreNotAskedOfTheEngine() async throws {
        try await withFakeServer({ _, _ in Reply.json(osrmTable) }) { fake in
            let router = EngineRouter(
                engines: [.walk: patient(.osrm(fake.baseURL))], fallback: EstimateRouter(), fallbackName: "estimates")
            let routes = router.routesWithoutLines(from: origin, to: places, mode: .drive)
            #expect(routes.allSatisfy { $0.source == .estimate })
            #expect(await fake.log.count == 0)
        }
    }

    @Test func aRouteIsDrawnFromTheEnginesGeoJSONLine() async throws {
        let body = """
            {"code":"Ok","routes":[{"distance":612.4,"duration":441.0,"geometry":{"type":"LineString",
             "coordinates":[[24.9384,60.1699],[24.9400,60.1705],[24.9440,60.1710]]}}],
             "waypoints":[{"distance":2.5},{"distance":9.0}]}
            """
        try await withFakeServer({ _, _ in Reply.json(body) }) { fake in
            let route = try #require(
                EngineRouter(engines: [.walk: patient(.osrm(fake.baseURL))], fallback: EstimateRouter(), fallbackName: "estimates")
                    .routes(from: origin, to: [places[0]], mode: .walk).first)
            #expect(route.distanceMeters == 612.4)
            #expect(route.durationSeconds == 441)
            #expect(route.geometry.count == 3)
            #expect(route.geometry.last == Coordinate(uncheckedLatitude: 60.1710, longitude: 24.9440))
            #expect(route.originSnapMeters == 2.5 && route.destinationSnapMeters == 9)
            let request = try #require(await fake.log.requests.first)
            #expect(request.path.hasPrefix("/route/v1/foot/"))
            #expect(request.query["overview"] == "full" && request.query["geometries"] == "geojson")
        }
    }

    @Test func noRouteFallsBackForThatPlaceAlone() async throws {
        let table = """
            {"code":"Ok","durations":[[0,null,655.9]],"distances":[[0,null,880.4]],"sources":[{"distance":1}],
             "destinations":[{"distance":0},{"distance":1},{"distance":2}]}
            """
        try await withFakeServer({ request, _ in
            request.path.hasPrefix("/route/")
                ? Reply.json(#"{"code":"NoRoute","message":"Impossible route between points"}"#, status: 400)
                : Reply.json(table)
        }) { fake in
            let router = EngineRouter(
                engines: [.walk: patient(.osrm(fake.baseURL))], fallback: EstimateRouter(), fallbackName: "estimates")
            let times = router.routesWithoutLines(from: origin, to: places, mode: .walk)
            #expect(times.map(\.source) == [.estimate, .osrm])
            let line = router.routes(from: origin, to: [places[0]], mode: .walk)
            #expect(line.first?.source == .estimate)
            #expect(router.notes == ["OSRM at \(fake.baseURL.absoluteString) found no walk route to 1 of 2 places; their times are estimates",
                                     "OSRM at \(fake.baseURL.absoluteString) found no walk route to 1 of 1 places; their times are estimates"])
        }
    }

    @Test func anEngineThatIsDownIsLeftAloneForAPause() async throws {
        try await withFakeServer({ _, _ in Reply.json(#"{"message":"overloaded"}"#, status: 503) }) { fake in
            let engine = patient(.osrm(fake.baseURL))
            let router = EngineRouter(engines: [.walk: engine], fallback: EstimateRouter(), fallbackName: "estimates")
            let first = router.routesWithoutLines(from: origin, to: places, mode: .walk)
            #expect(first.allSatisfy { $0.source == .estimate })
            #expect(router.notes == ["OSRM at \(fake.baseURL.absoluteString) answered HTTP 503; walk times are estimates"])
            // A second search within the pause asks nothing, and says why.
            let second = EngineRouter(engines: [.walk: engine], fallback: EstimateRouter(), fallbackName: "estimates")
            _ = second.routesWithoutLines(from: origin, to: [places[1]], mode: .walk)
            #expect(await fake.log.count == 1)
            #expect(second.notes.first?.contains("answered HTTP 503 a moment ago (asked again in") == true)
        }
    }

    @Test func anEngineIsAskedAgainOnceThePauseIsOver() async throws {
        try await withFakeServer({ _, number in
            number == 1 ? Reply.json("{}", status: 502) : Reply.json(osrmTable)
        }) { fake in
            let engine = patient(.osrm(fake.baseURL), restSeconds: 0.2)
            let down = EngineRouter(engines: [.walk: engine], fallback: EstimateRouter(), fallbackName: "estimates")
            #expect(down.routesWithoutLines(from: origin, to: places, mode: .walk).allSatisfy { $0.source == .estimate })
            try await Task.sleep(for: .milliseconds(400))
            let back = EngineRouter(engines: [.walk: engine], fallback: EstimateRouter(), fallbackName: "estimates")
            #expect(back.routesWithoutLines(from: origin, to: places, mode: .walk).allSatisfy { $0.source == .osrm })
            #expect(back.notes.isEmpty)
            #expect(await fake.log.count == 2)
        }
    }

    @Test func anEngineThatCannotBeReachedFallsBackInOneNote() async throws {
        // A port nothing listens on.
        try await withClosedPort { closed in
            let router = EngineRouter(
                engines: [.walk: patient(.osrm(closed.baseURL))], fallback: EstimateRouter(), fallbackName: "estimates")
            let routes = router.routesWithoutLines(from: origin, to: places, mode: .walk)
            #expect(routes.allSatisfy { $0.source == .estimate })
            #expect(
                router.notes == ["OSRM at \(closed.baseURL.absoluteString) could not be reached; walk times are estimates"])
        }
    }

    @Test func aSlowEngineTimesOut() async throws {
        try await withFakeServer({ _, _ in
            try await Task.sleep(for: .seconds(3))
            return Reply.json(osrmTable)
        }) { fake in
            let router = EngineRouter(
                engines: [.walk: RoadEngine(.osrm(fake.baseURL), timeoutSeconds: 0.5)], fallback: EstimateRouter(),
                fallbackName: "estimates")
            let routes = router.routesWithoutLines(from: origin, to: places, mode: .walk)
            #expect(routes.allSatisfy { $0.source == .estimate })
            #expect(router.notes.first?.contains("did not answer within 0.5 s") == true)
        }
    }

    @Test func repeatedInputsAreAnsweredFromMemory() async throws {
        try await withFakeServer({ _, _ in Reply.json(osrmTable) }) { fake in
            let engine = patient(.osrm(fake.baseURL))
            for _ in 0..<3 {
                _ = EngineRouter(engines: [.walk: engine], fallback: EstimateRouter(), fallbackName: "estimates")
                    .routesWithoutLines(from: origin, to: places, mode: .walk)
            }
            #expect(await fake.log.count == 1)
        }
    }

    @Test func valhallaIsAskedForAMatrixAndAShape() async throws {
        let matrix = """
            {"sources_to_targets":[[{"distance":0.5401,"time":412,"to_index":0,"from_index":0},
              {"distance":0.8804,"time":656,"to_index":1,"from_index":0}]],"units":"kilometers"}
            """
        let shape = encodePolyline6([origin, places[0].coordinate])
        let trip = """
            {"trip":{"legs":[{"shape":"\(shape)","summary":{"length":0.6124,"time":441.5}}],
             "summary":{"length":0.6124,"time":441.5},"status":0,"units":"kilometers"}}
            """
        try await withFakeServer({ request, _ in Reply.json(request.path == "/route" ? trip : matrix) }) { fake in
            let router = EngineRouter(
                engines: [.bike: patient(.valhalla(fake.baseURL))], fallback: EstimateRouter(), fallbackName: "estimates")
            let times = router.routesWithoutLines(from: origin, to: places, mode: .bike)
            #expect(times.map(\.durationSeconds) == [412, 656])
            #expect(abs(times[0].distanceMeters - 540.1) < 1e-6)
            #expect(times.allSatisfy { $0.source == .valhalla })
            let route = try #require(router.routes(from: origin, to: [places[0]], mode: .bike).first)
            #expect(abs(route.distanceMeters - 612.4) < 1e-6)
            #expect(route.geometry == [origin, places[0].coordinate])
            #expect(route.originSnapMeters == 0)
            let requests = await fake.log.requests
            #expect(requests.map(\.path) == ["/sources_to_targets", "/route"])
            let body = try #require(try JSONSerialization.jsonObject(with: requests[0].body) as? [String: Any])
            #expect(body["costing"] as? String == "bicycle")
            #expect((body["targets"] as? [Any])?.count == 2)
        }
    }

    @Test func valhallasNoPathIsNoRoute() async throws {
        let failure = #"{"error_code":442,"error":"No path could be found for input","status_code":400,"status":"Bad Request"}"#
        try await withFakeServer({ _, _ in Reply.json(failure, status: 400) }) { fake in
            let engine = patient(.valhalla(fake.baseURL))
            let router = EngineRouter(engines: [.drive: engine], fallback: EstimateRouter(), fallbackName: "estimates")
            #expect(router.routes(from: origin, to: [places[0]], mode: .drive).first?.source == .estimate)
            #expect(router.notes.first?.hasSuffix("found no drive route to 1 of 1 places; their times are estimates") == true)
            // NoRoute is no outage: the next request asks again.
            _ = router.routesWithoutLines(from: origin, to: places, mode: .drive)
            #expect(await fake.log.count == 2)
        }
    }
}

@Suite struct RoutingEngineSettingTests {
    @Test func theSettingNamesTheBuiltInRouterOrAnEngineByAddress() throws {
        #expect(try RoutingEngine(parsing: "builtin") == .builtin)
        #expect(try RoutingEngine(parsing: "osrm:http://127.0.0.1:5000") == .osrm(URL(string: "http://127.0.0.1:5000")!))
        #expect(try RoutingEngine(parsing: "valhalla:https://valhalla.example/api") == .valhalla(URL(string: "https://valhalla.example/api")!))
        for bad in ["", "osrm", "osrm:", "osrm:ftp://x", "graphhopper:http://x", "osrm:http://x/?a=1", "osrm:/just/a/path"] {
            #expect(throws: RoadEngineError.self, "\(bad)") { try RoutingEngine(parsing: bad) }
        }
    }

    @Test func aPasswordInTheAddressIsNeverShown() throws {
        let engine = try RoutingEngine(parsing: "osrm:http://user:s3cret@osrm.internal:5000/")
        #expect(engine.label == "OSRM at http://user:***@osrm.internal:5000")
        #expect(!engine.description.contains("s3cret"))
        let failure = RoadEngineError.down(engine: engine.label, reason: "could not be reached")
        #expect(!failure.description.contains("s3cret"))
    }
}

@Suite struct Polyline6Tests {
    @Test func googlesOwnExampleDecodesAtFivePlaces() throws {
        let points = try #require(Polyline6.decode("_p~iF~ps|U_ulLnnqC_mqNvxq`@", precision: 1e5))
        #expect(points.map(\.latitude) == [38.5, 40.7, 43.252])
        #expect(points.map(\.longitude) == [-120.2, -120.95, -126.453])
    }

    @Test func sixPlacesRoundTrip() throws {
        let line = [origin, places[0].coordinate, places[1].coordinate]
        #expect(Polyline6.decode(encodePolyline6(line)) == line)
    }

    @Test func aShapeCutShortIsRefused() {
        #expect(Polyline6.decode("_p~iF~ps|U_ulL", precision: 1e5) == nil)
        #expect(Polyline6.decode("_p~iF ps|U") == nil)
    }
}

/// The encoder the tests check the decoder against (Google's algorithm, six places).
func encodePolyline6(_ points: [Coordinate]) -> String {
    var text = ""
    var previous = (0, 0)
    func put(_ value: Int) {
        var rest = value < 0 ? ~(value << 1) : value << 1
        while rest >= 0x20 {
            text.unicodeScalars.append(UnicodeScalar(UInt8((0x20 | (rest & 0x1F)) + 63)))
            rest >>= 5
        }
        text.unicodeScalars.append(UnicodeScalar(UInt8(rest + 63)))
    }
    for point in points {
        let current = (Int((point.latitude * 1e6).rounded()), Int((point.longitude * 1e6).rounded()))
        put(current.0 - previous.0)
        put(current.1 - previous.1)
        previous = current
    }
    return text
}

