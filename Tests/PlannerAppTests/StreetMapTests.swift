import Foundation
import Geo
import Testing

@testable import PlannerApp

/// The streets the web page draws under its map: the bundled area's road graph around a place.
@Suite final class StreetMapTests {
    let folder: URL
    let environment: Environment

    init() throws {
        folder = FileManager.default.temporaryDirectory.appending(path: "planner-streets-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        // The repository's Data/, three levels above this file.
        let data = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appending(path: "Data")
        environment = Environment(variables: [
            "PLANNER_DATA_DIR": data.path, "PLANNER_CONFIG": folder.appending(path: "config.json").path,
            "PLANNER_DB": folder.appending(path: "planner.sqlite").path,
        ])
    }

    deinit { try? FileManager.default.removeItem(at: folder) }

    @Test func theStreetsOfCentralHelsinkiComeFromTheBundledArea() throws {
        // Given the bundled area, when the streets within a kilometer of the centre are asked for
        let map = try StreetMap.find(near: "60.1699,24.9384", radius: "1km", environment: environment)
        // Then they come from it, and the collection holds the origin and every line
        #expect(map.areaName != nil)
        #expect(map.radiusMeters == 1_000)
        #expect(map.lines.count > 200)
        let features = map.collection.features
        #expect(features.count == map.lines.count + 1)
        #expect(features[0].geometry == .point(map.origin.coordinate))
        #expect(features[0].properties["role"] == "origin")
        #expect(features.dropFirst().allSatisfy { $0.properties["role"] == "street" })
    }

    @Test func aRadiusPastTheLimitIsCutToIt() throws {
        let map = try StreetMap.find(near: "60.1699,24.9384", radius: "50km", environment: environment)
        #expect(map.radiusMeters == StreetMap.maximumRadiusMeters)
    }

    @Test func farFromEveryAreaThereIsOnlyTheOrigin() throws {
        let map = try StreetMap.find(near: "0,0", radius: nil, environment: environment)
        #expect(map.areaName == nil)
        #expect(map.lines.isEmpty)
        #expect(map.radiusMeters == StreetMap.defaultRadiusMeters)
        #expect(map.collection.features.count == 1)
        #expect(map.collection.features[0].properties["area"] == .null)
    }

    @Test func aLineKeepsItsEndsAndItsBendsAndLosesWhatIsWithinTheTolerance() {
        // Given a line whose middle point strays 1 mm from the straight line, then a bend of 100 m
        let origin = Origin(
            coordinate: Coordinate(uncheckedLatitude: 60, longitude: 25), label: "here", countryCode: nil,
            alternatives: [])
        let map = StreetMap(origin: origin, radiusMeters: 1_000, areaName: "test", lines: [])
        let line = [
            Coordinate(uncheckedLatitude: 60, longitude: 25),
            Coordinate(uncheckedLatitude: 60.000_000_01, longitude: 25.001),
            Coordinate(uncheckedLatitude: 60, longitude: 25.002),
            Coordinate(uncheckedLatitude: 60.001, longitude: 25.002),
        ]
        // When it is simplified within half a meter
        let simplified = map.simplified(line, toleranceMeters: 0.5)
        // Then the stray point goes, the ends and the bend stay, rounded to six decimals
        #expect(simplified.count == 3)
        #expect(simplified.first == Coordinate(uncheckedLatitude: 60, longitude: 25))
        #expect(simplified[1].latitude == 60 && simplified[1].longitude == 25.002)
        #expect(simplified.last?.latitude == 60.001)
    }
}
