import Foundation
import Geo
import TestSupport
import Testing
import Theaters

@testable import Planner

@Suite(.offThePool) struct MapRendererStreetsTests {
    static let origin = Coordinate(uncheckedLatitude: 60.1699, longitude: 24.9384)

    static func theater(_ name: String, _ latitude: Double, _ longitude: Double, id: Int64 = 1) -> Theater {
        Theater(
            osmType: .node, osmID: id, name: name,
            coordinate: Coordinate(uncheckedLatitude: latitude, longitude: longitude),
            category: .cinema, tags: [:], fallbackID: name)
    }

    static let routes = EstimateRouter().routes(
        from: origin,
        to: [theater("Kino Engel", 60.168428, 24.952016), theater("Bio Rex", 60.1705904, 24.9360162, id: 2)],
        mode: .walk)

    /// A street of each kind across the view, west to east.
    static let streets = MapStreet.Kind.allCases.enumerated().map { i, kind in
        MapStreet(
            kind: kind,
            coordinates: [
                Coordinate(uncheckedLatitude: 60.1690 + Double(i) * 0.0005, longitude: 24.937),
                Coordinate(uncheckedLatitude: 60.1690 + Double(i) * 0.0005, longitude: 24.950),
            ])
    }

    @Test func theStreetsAreDrawnUnderTheRoutesAndMainRoadsOverTheOtherStreets() throws {
        // Given the streets in the wrong order, main roads first
        let svg = MapRenderer().svg(
            origin: Self.origin, originLabel: "Start", routes: Self.routes, streets: Self.streets.reversed(),
            attribution: "© OpenStreetMap contributors")
        // Then each is one path, faintest first, and the routes come after all of them
        let position = { (text: String) in try #require(svg.range(of: text)).lowerBound }
        #expect(svg.components(separatedBy: "<path class=\"street").count == 5)
        #expect(try position("<path class=\"street path\"") < position("<path class=\"street minor\""))
        #expect(try position("<path class=\"street minor\"") < position("<path class=\"street\" "))
        #expect(try position("<path class=\"street\" ") < position("<path class=\"street major\""))
        #expect(try position("<path class=\"street major\"") < position("<polyline class=\"route\""))
        // And the land, the style and a legend come with them
        #expect(svg.contains("<rect class=\"land\""))
        #expect(svg.contains("<style>.street{"))
        #expect(svg.contains("<g class=\"legend\""))
        #expect(svg.contains(">main road</text>"))
    }

    @Test func withoutStreetsTheCanvasIsBlankAsBefore() {
        let svg = MapRenderer().svg(
            origin: Self.origin, originLabel: "Start", routes: Self.routes, attribution: "© OpenStreetMap contributors")
        for part in ["street", "<style", "land", "legend"] { #expect(!svg.contains(part), "\(part)") }
        #expect(svg.components(separatedBy: "<polyline class=\"route\"").count == 3)
    }

    @Test func theVisibleBoxHoldsTheOriginTheTheatersAndTheMarginAroundThem() {
        let renderer = MapRenderer()
        let box = renderer.visibleBox(origin: Self.origin, routes: Self.routes)
        for route in Self.routes { #expect(box.contains(route.theater.coordinate)) }
        #expect(box.contains(Self.origin))
        // The routes span about 900 m east to west; the page is wider than that by its margins and its shape.
        let widthMeters = Coordinate(uncheckedLatitude: box.south, longitude: box.west)
            .distanceMeters(to: Coordinate(uncheckedLatitude: box.south, longitude: box.east))
        #expect(widthMeters > 900 && widthMeters < 1_400, "\(widthMeters)")
        let heightMeters = Coordinate(uncheckedLatitude: box.south, longitude: box.west)
            .distanceMeters(to: Coordinate(uncheckedLatitude: box.north, longitude: box.west))
        #expect(abs(widthMeters / heightMeters - renderer.widthPixels / renderer.heightPixels) < 0.01)
    }

    @Test func aStraightRunOfPointsIsDrawnAsItsTwoEnds() {
        let points: [(x: Double, y: Double)] = (0...10).map { i in
            let wobble: Double = i % 2 == 0 ? 0.1 : -0.1
            return (x: Double(i) * 10, y: 5 + wobble)
        }
        let simplified = MapRenderer.simplified(points, tolerance: 0.5)
        #expect(simplified.count == 2)
        #expect(simplified.first?.x == 0)
        #expect(simplified.last?.x == 100)
    }

    @Test func aCornerIsKept() {
        let points = [(x: 0.0, y: 0.0), (x: 5.0, y: 0.1), (x: 10.0, y: 0.0), (x: 10.0, y: 10.0)]
        #expect(MapRenderer.simplified(points, tolerance: 0.5).map(\.x) == [0, 10, 10])
    }

    @Test func aStreetThatRoundsToADotIsLeftOut() {
        let renderer = MapRenderer()
        #expect(renderer.pathData([(x: 1.01, y: 2.0), (x: 1.02, y: 2.0)]) == nil)
        #expect(renderer.pathData([(x: 1, y: 2), (x: 3, y: 4), (x: 5, y: 6)]) == "M1.0,2.0L3.0,4.0 5.0,6.0")
    }
}
