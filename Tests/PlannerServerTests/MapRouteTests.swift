import Foundation
import Hummingbird
import HummingbirdTesting
import Testing

@testable import PlannerServer

/// `GET /v1/map/streets`: the bundled area's streets around a place, for the web app's map.
@Suite struct MapRouteTests {
    @Test func theStreetsAroundHelsinkiAreTheBundledAreasRoadGraph() async throws {
        try await RouteTests.withApplication { client in
            // Given the bundled area of central Helsinki
            // When the streets within a kilometer of the city's centre are asked for
            try await client.execute(uri: "/v1/map/streets?near=60.1699,24.9384&radius=1km", method: .get) { response in
                // Then they come as GeoJSON: the origin, then hundreds of lines
                #expect(response.status == .ok)
                #expect(response.headers[.contentType] == "application/geo+json")
                let document = try #require(
                    try JSONSerialization.jsonObject(with: Data(buffer: response.body)) as? [String: Any])
                #expect(document["type"] as? String == "FeatureCollection")
                let features = try #require(document["features"] as? [[String: Any]])
                let origin = try #require(features.first?["properties"] as? [String: Any])
                #expect(origin["role"] as? String == "origin")
                #expect(origin["area"] is String)
                #expect((origin["radius_m"] as? NSNumber)?.doubleValue == 1000)
                let streets = features.dropFirst()
                #expect(streets.count > 200)
                for street in streets {
                    let geometry = try #require(street["geometry"] as? [String: Any])
                    #expect(geometry["type"] as? String == "LineString")
                    #expect(((geometry["coordinates"] as? [Any])?.count ?? 0) >= 2)
                    let kind = (street["properties"] as? [String: Any])?["kind"] as? String
                    #expect(["path", "minor", "street", "major"].contains(kind ?? ""), "\(String(describing: kind))")
                }
            }
        }
    }

    @Test func farFromEveryAreaTheStreetsAreOnlyTheOrigin() async throws {
        try await RouteTests.withApplication { client in
            try await client.execute(uri: "/v1/map/streets?near=0,0", method: .get) { response in
                #expect(response.status == .ok)
                let document = try #require(
                    try JSONSerialization.jsonObject(with: Data(buffer: response.body)) as? [String: Any])
                let features = try #require(document["features"] as? [[String: Any]])
                #expect(features.count == 1)
                #expect((features.first?["properties"] as? [String: Any])?["area"] is NSNull)
            }
        }
    }

    @Test(arguments: ["/v1/map/streets?near=Helsinki&radius=200", "/v1/map/streets?near=91,0"])
    func aBadRadiusOrPlaceIsA400NamingTheParameter(uri: String) async throws {
        try await RouteTests.withApplication { client in
            try await client.execute(uri: uri, method: .get) { response in
                #expect(response.status == .badRequest)
                let detail = try #require(try RouteTests.problem(response)["detail"] as? String)
                #expect(!detail.contains("--"), "\(detail)")
            }
        }
    }
}
