import Foundation
import Geo
import Testing
import Theaters

@testable import Planner

@Suite struct GeoJSONIOLinkTests {
    static func theaters(_ count: Int) -> [Theater] {
        (0..<count).map { i in
            Theater(
                osmType: .node, osmID: Int64(1_000 + i), name: "Kino \(i) & \"Co\" ÄÖ",
                coordinate: Coordinate(uncheckedLatitude: 60.16 + Double(i) * 0.001, longitude: 24.93),
                category: .cinema, tags: [:], fallbackID: "kino-\(i)")
        }
    }

    /// The FeatureCollection a link carries, decoded as geojson.io decodes it.
    static func collection(in link: String) throws -> [String: Any] {
        let prefix = "https://geojson.io/#data=data:application/json,"
        #expect(link.hasPrefix(prefix))
        let json = try #require(String(link.dropFirst(prefix.count)).removingPercentEncoding)
        return try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
    }

    @Test func theOpenInAMapLinkCarriesEveryTheaterWhenShortEnough() throws {
        // Given four theaters, one of them twice
        let theaters = Self.theaters(4)
        // When the link is made
        let link = try #require(RouteLinks.geojsonIO(theaters: theaters + [theaters[0]]))
        // Then it carries each theater once, as a point at [lon, lat] with its name
        let collection = try Self.collection(in: link)
        #expect(collection["type"] as? String == "FeatureCollection")
        let features = try #require(collection["features"] as? [[String: Any]])
        #expect(features.count == 4)
        let names = features.compactMap { ($0["properties"] as? [String: Any])?["name"] as? String }
        #expect(names == theaters.map(\.name))
        let point = try #require(features[1]["geometry"] as? [String: Any])
        #expect(point["type"] as? String == "Point")
        #expect(point["coordinates"] as? [Double] == [24.93, 60.161])
        // And only what encodeURIComponent leaves is left unencoded: no space, quote, brace or ampersand
        let data = link.dropFirst("https://geojson.io/#data=data:application/json,".count)
        #expect(data.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || "-_.!~*'()%".contains($0)) })
        #expect(link.count <= RouteLinks.geojsonIOMaximumCharacters)
    }

    @Test func aLinkLongerThanTheLimitIsLeftOut() {
        #expect(RouteLinks.geojsonIO(theaters: Self.theaters(200)) == nil)
        #expect(RouteLinks.geojsonIO(theaters: Self.theaters(4), maximumCharacters: 100) == nil)
        #expect(RouteLinks.geojsonIO(theaters: []) == nil)
    }

    @Test func theMapPageLinksToGeoJSONIOOnlyWhenTheLinkIsShortEnough() {
        let origin = Coordinate(uncheckedLatitude: 60.1699, longitude: 24.9384)
        let page = { (count: Int) in
            MapRenderer().html(
                origin: origin, originLabel: "Start",
                routes: EstimateRouter().routes(from: origin, to: Self.theaters(count), mode: .walk), title: "t",
                attribution: "© OpenStreetMap contributors")
        }
        #expect(page(3).contains("<a class=\"open-in-a-map\" href=\"https://geojson.io/#data=data:application/json,"))
        // Too many theaters for one link: the page is drawn the same, without it
        let crowded = page(200)
        #expect(!crowded.contains("geojson.io"))
        #expect(crowded.components(separatedBy: "<polyline class=\"route\"").count == 201)
    }
}
