import Basics
import Foundation
import Geo
import Testing

/// GeoJSON output per RFC 7946.
@Suite struct GeoJSONTests {
    static func decoded(_ text: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    @Test func positionsAreLongitudeThenLatitudeWithAtMostSevenDecimals() throws {
        let kino = Coordinate(uncheckedLatitude: 60.171131849, longitude: 24.946264249)
        let collection = GeoJSON.FeatureCollection(features: [
            GeoJSON.Feature(id: "kino", geometry: .point(kino), properties: ["name": "Kinopalatsi", "screens": 10])
        ])
        let text = collection.encoded(pretty: false)
        #expect(text.contains("[24.9462642,60.1711318]"))
        #expect(!text.contains("crs"))
        let json = try Self.decoded(text)
        #expect(json["type"] as? String == "FeatureCollection")
        let feature = try #require((json["features"] as? [[String: Any]])?.first)
        #expect(feature["type"] as? String == "Feature")
        #expect(feature["id"] as? String == "kino")
        let geometry = try #require(feature["geometry"] as? [String: Any])
        #expect(geometry["type"] as? String == "Point")
        #expect(geometry["coordinates"] as? [Double] == [24.9462642, 60.1711318])
    }

    @Test func noPositionEverCarriesMoreThanSevenDecimals() throws {
        // Given 500 random points with full Double precision
        var rng = SplitMix64(seed: 51)
        let points = (0..<500).map { _ in rng.uniformCoordinate() }
        let features = points.map { GeoJSON.Feature(geometry: .point($0)) }
        // When encoded
        let text = GeoJSON.FeatureCollection(features: features).encoded(pretty: false)
        // Then every number has at most 7 digits after the point, and each is within 5e-8° of the input
        let fractions = text.matches(of: /\.[0-9]+/).map { text[$0.range].count - 1 }
        #expect(!fractions.isEmpty)
        #expect(fractions.allSatisfy { $0 <= 7 })
        let json = try Self.decoded(text)
        let decoded = try #require(json["features"] as? [[String: Any]]).compactMap {
            ($0["geometry"] as? [String: Any])?["coordinates"] as? [Double]
        }
        #expect(decoded.count == points.count)
        for (position, point) in zip(decoded, points) {
            #expect(abs(position[0] - point.longitude) <= 5.1e-8 && abs(position[1] - point.latitude) <= 5.1e-8)
        }
    }

    @Test func prettyAndCompactOutputsCarryTheSameData() throws {
        let line = [Coordinate(uncheckedLatitude: 1, longitude: 2), Coordinate(uncheckedLatitude: 3.25, longitude: 4)]
        let collection = GeoJSON.FeatureCollection(features: [GeoJSON.Feature(geometry: .lineString(line))])
        let pretty = try Self.decoded(collection.encoded(pretty: true))
        let compact = try Self.decoded(collection.encoded(pretty: false))
        #expect(NSDictionary(dictionary: pretty).isEqual(to: compact))
        #expect(collection.encoded(pretty: false).contains("[[2,1],[4,3.25]]"))
    }

    @Test func stringsAreEscaped() throws {
        let feature = GeoJSON.Feature(
            geometry: .point(Coordinate(uncheckedLatitude: 0, longitude: 0)), properties: ["name": "A \"B\"\n\\"])
        let json = try Self.decoded(GeoJSON.FeatureCollection(features: [feature]).encoded())
        let properties = try #require((json["features"] as? [[String: Any]])?.first?["properties"] as? [String: Any])
        #expect(properties["name"] as? String == "A \"B\"\n\\")
    }

    @Test func aLineAcrossTheAntimeridianIsSplitIntoAMultiLineString() {
        let line = [
            Coordinate(uncheckedLatitude: 10, longitude: 179), Coordinate(uncheckedLatitude: 12, longitude: -179),
        ]
        guard case .multiLineString(let parts) = GeoJSON.splittingAtAntimeridian(line) else {
            Issue.record("expected a MultiLineString")
            return
        }
        #expect(parts.count == 2)
        #expect(parts[0].last == Coordinate(uncheckedLatitude: 11, longitude: 180))
        #expect(parts[1].first == Coordinate(uncheckedLatitude: 11, longitude: -180))
        #expect(parts[1].last == line[1])
        // Westward too.
        guard case .multiLineString(let back) = GeoJSON.splittingAtAntimeridian(line.reversed()) else {
            Issue.record("expected a MultiLineString")
            return
        }
        #expect(back[0].last == Coordinate(uncheckedLatitude: 11, longitude: -180))
        #expect(back[1].first == Coordinate(uncheckedLatitude: 11, longitude: 180))
    }

    @Test func aLineThatStaysOnOneSideIsNotSplit() {
        let line = [
            Coordinate(uncheckedLatitude: 10, longitude: 170), Coordinate(uncheckedLatitude: 12, longitude: 179),
        ]
        #expect(GeoJSON.splittingAtAntimeridian(line) == .lineString(line))
    }

    @Test func aLineStartingOnTheAntimeridianHasNoNaNLatitude() {
        // Given a segment from exactly +180 to exactly -180 (no span once shifted)
        let line = [
            Coordinate(uncheckedLatitude: 5, longitude: 180), Coordinate(uncheckedLatitude: 6, longitude: -180),
        ]
        // When split and encoded
        let geometry = GeoJSON.splittingAtAntimeridian(line)
        let text = GeoJSON.FeatureCollection(features: [GeoJSON.Feature(geometry: geometry)]).encoded(pretty: false)
        // Then no latitude came out as NaN (written as null)
        #expect(!text.contains("null"))
    }
}
