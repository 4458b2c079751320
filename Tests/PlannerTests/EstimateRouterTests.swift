import Geo
import Testing
import Theaters
@testable import Planner

@Suite struct EstimateRouterTests {
    func theater(_ name: String, _ lat: Double, _ lon: Double) throws -> Theater {
        Theater(
            osmType: .node, osmID: 1, name: name, coordinate: try Coordinate(latitude: lat, longitude: lon),
            category: .cinema, tags: [:], fallbackID: name)
    }

    @Test(arguments: TravelMode.allCases)
    func anEstimateIsTheStraightLineTimesCircuityOverSpeed(_ mode: TravelMode) throws {
        let origin = try Coordinate(latitude: 60.1699, longitude: 24.9384)
        let kinopalatsi = try theater("Kinopalatsi", 60.1711318, 24.9462642)
        let route = EstimateRouter().routes(from: origin, to: [kinopalatsi], mode: mode)[0]
        let straight = origin.distanceMeters(to: kinopalatsi.coordinate)
        #expect(route.source == .estimate)
        #expect(route.straightLineMeters == straight)
        #expect(abs(route.distanceMeters - straight * mode.circuity) < 1e-9)
        #expect(abs(route.durationSeconds - straight * mode.circuity / (mode.speedKilometersPerHour / 3.6)) < 1e-9)
    }

    @Test func theLineIsSampledAtMostEvery50Meters() throws {
        let origin = try Coordinate(latitude: 60.1699, longitude: 24.9384)
        let far = try theater("Far", 60.3, 25.2)
        let line = EstimateRouter().routes(from: origin, to: [far], mode: .walk)[0].geometry
        #expect(line.first == origin)
        #expect(line.last == far.coordinate)
        for (a, b) in zip(line, line.dropFirst()) { #expect(a.distanceMeters(to: b) <= 50.000001) }
    }

    @Test func aRouteAcrossTheAntimeridianIsSplitIntoAMultiLineString() throws {
        let origin = try Coordinate(latitude: -16.5, longitude: 179.99)
        let fiji = try theater("Across", -16.5, -179.99)
        let routes = EstimateRouter().routes(from: origin, to: [fiji], mode: .drive)
        let collection = RouteCollection.featureCollection(origin: origin, originLabel: "o", routes: routes)
        let line = collection.features.last!
        guard case .multiLineString(let parts) = line.geometry else {
            Issue.record("expected a MultiLineString, got \(line.geometry)")
            return
        }
        #expect(parts.count == 2)
        #expect(parts[0].last!.longitude == 180)
        #expect(parts[1].first!.longitude == -180)
    }

    @Test func eachLineCarriesModeDistanceDurationSourceAndTheTheater() throws {
        let origin = try Coordinate(latitude: 60.1699, longitude: 24.9384)
        let routes = EstimateRouter().routes(from: origin, to: [try theater("Kinopalatsi", 60.1711318, 24.9462642)], mode: .bike)
        let text = RouteCollection.featureCollection(origin: origin, originLabel: "Helsinki", routes: routes).encoded()
        for key in ["\"mode\": \"bike\"", "\"distance_m\"", "\"duration_s\"", "\"source\": \"estimate\"", "\"theater_name\": \"Kinopalatsi\"", "\"theater_id\""] {
            #expect(text.contains(key), "missing \(key)")
        }
        #expect(!text.contains("crs"))
    }
}

@Suite struct RouteLinksTests {
    @Test func aGeoURIFollowsRFC5870() throws {
        #expect(RouteLinks.geoURI(try Coordinate(latitude: 60.1711318, longitude: 24.9462642)) == "geo:60.1711318,24.9462642")
        #expect(RouteLinks.geoURI(try Coordinate(latitude: -33.8688, longitude: 151.2093)) == "geo:-33.8688,151.2093")
        #expect(RouteLinks.geoURI(try Coordinate(latitude: 0, longitude: -0.0)) == "geo:0,0")
    }
}

@Suite struct MapRendererTests {
    @Test func theMapShowsEveryTheaterLabelARouteAScaleBarAndANorthArrow() throws {
        let origin = try Coordinate(latitude: 60.1699, longitude: 24.9384)
        let theaters = [
            Theater(osmType: .node, osmID: 1, name: "Kino <Engel>", coordinate: try Coordinate(latitude: 60.168428, longitude: 24.952016), category: .cinema, tags: [:], fallbackID: "a"),
            Theater(osmType: .node, osmID: 2, name: "Bio Rex", coordinate: try Coordinate(latitude: 60.1705904, longitude: 24.9360162), category: .cinema, tags: [:], fallbackID: "b"),
        ]
        let routes = EstimateRouter().routes(from: origin, to: theaters, mode: .walk)
        let html = MapRenderer().html(origin: origin, originLabel: "Start", routes: routes, title: "t", attribution: "© OpenStreetMap contributors")
        #expect(html.contains("Kino &lt;Engel&gt;"))
        #expect(html.contains("Bio Rex"))
        #expect(html.components(separatedBy: "<polyline class=\"route\"").count == 3)
        #expect(html.contains("class=\"scale-bar\""))
        #expect(html.contains("class=\"north-arrow\""))
        #expect(!html.contains("http://") || html.contains("xmlns=\"http://www.w3.org/2000/svg\""))
        #expect(!html.contains("<script"))
    }

    @Test(arguments: [(1.0, 1.0), (7.0, 5.0), (180.0, 100.0), (999.0, 500.0), (2500.0, 2000.0)])
    func theScaleBarUsesRoundDistances(_ input: Double, _ expected: Double) {
        #expect(MapRenderer.niceDistance(atMost: input) == expected)
    }
}
