import Foundation
import Geo
import Testing
@testable import Theaters

@Suite struct TheaterCatalogTests {
    static let dataDirectory = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Data")

    func bundled() throws -> TheaterCatalog {
        try TheaterCatalog(
            contentsOf: Self.dataDirectory.appendingPathComponent("theaters.csv"), source: "bundled",
            coverage: CoverageArea.read(contentsOf: Self.dataDirectory.appendingPathComponent("coverage.csv")))
    }

    @Test func theBundledCatalogHoldsTheFourHelsinkiCinemas() throws {
        let catalog = try bundled()
        let cinemas = catalog.theaters.filter { $0.category == .cinema }.map(\.name).sorted()
        #expect(cinemas == ["Bio Rex", "Kesäkino Engel", "Kino Engel", "Kinopalatsi"])
        let kinopalatsi = try #require(catalog.theaters.first { $0.name == "Kinopalatsi" })
        #expect(kinopalatsi.id == "node/1376356017")
        #expect(kinopalatsi.address == "Kaisaniemenkatu 2, 00100 Helsinki")
        #expect(kinopalatsi.operatorName == "Finnkino")
        #expect(kinopalatsi.openStreetMapURL == "https://www.openstreetmap.org/node/1376356017")
    }

    @Test func waysArePlacedAtTheirCentroid() throws {
        let catalog = try bundled()
        let nationalTheatre = try #require(catalog.theaters.first { $0.id == "way/122595207" })
        // The Finnish National Theatre stands on the north side of the railway square.
        #expect(abs(nationalTheatre.coordinate.latitude - 60.1725) < 0.0005)
        #expect(abs(nationalTheatre.coordinate.longitude - 24.9438) < 0.0005)
    }

    @Test func searchReturnsNearestFirstAndHonoursTheLimit() throws {
        let catalog = try bundled()
        let center = try Coordinate(latitude: 60.1699, longitude: 24.9384)
        let hits = catalog.search(near: center, radiusMeters: 5000, query: .category(.cinema, driveIn: false), limit: 3)
        #expect(hits.map(\.theater.name) == ["Bio Rex", "Kinopalatsi", "Kesäkino Engel"])
        #expect(hits.map(\.distanceMeters) == hits.map(\.distanceMeters).sorted())
    }

    @Test func theRadiusIsExact() throws {
        let catalog = try bundled()
        let center = try Coordinate(latitude: 60.1699, longitude: 24.9384)
        let kinopalatsi = try #require(catalog.theaters.first { $0.name == "Kinopalatsi" })
        let d = center.distanceMeters(to: kinopalatsi.coordinate)
        let cinema = TheaterQuery.category(.cinema, driveIn: false)
        #expect(catalog.search(near: center, radiusMeters: d, query: cinema, limit: 10).contains { $0.theater == kinopalatsi })
        #expect(!catalog.search(near: center, radiusMeters: d.nextDown, query: cinema, limit: 10).contains { $0.theater == kinopalatsi })
    }

    @Test func aCSVCatalogWithoutCategoryCountsAsCinemasAndKeepsOtherColumnsAsTags() throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("catalog-\(UUID().uuidString).csv")
        try "name,lat,lon,screens,phone\nOdeon,51.5,-0.12,6,+44 20\nBroken,x,y,1,\n".write(to: url, atomically: true, encoding: .utf8)
        let catalog = try TheaterCatalog(contentsOf: url)
        #expect(catalog.theaters.count == 1)
        #expect(catalog.skippedRows == 1)
        let odeon = catalog.theaters[0]
        #expect(odeon.category == .cinema)
        #expect(odeon.screens == 6)
        #expect(odeon.phone == "+44 20")
    }

    @Test func aCSVCatalogWithoutCoordinatesIsRejectedWithItsMissingColumn() throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("catalog-\(UUID().uuidString).csv")
        try "name,latitude\nOdeon,51.5\n".write(to: url, atomically: true, encoding: .utf8)
        #expect(throws: TheatersError.missingColumn(path: url.path, column: "lon")) {
            try TheaterCatalog(contentsOf: url)
        }
    }

    @Test func aGeoJSONCatalogReadsPointsAndOSMIds() throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("catalog-\(UUID().uuidString).geojson")
        try """
        {"type":"FeatureCollection","features":[
          {"type":"Feature","id":"way/42","geometry":{"type":"Point","coordinates":[2.35,48.86]},"properties":{"name":"Le Grand Rex","amenity":"cinema","screen":7}},
          {"type":"Feature","geometry":{"type":"Point","coordinates":[2.34,48.87]},"properties":{"name":"Opéra","amenity":"theatre"}},
          {"type":"Feature","geometry":{"type":"LineString","coordinates":[[0,0],[1,1]]},"properties":{"name":"Not a point"}}
        ]}
        """.write(to: url, atomically: true, encoding: .utf8)
        let catalog = try TheaterCatalog(contentsOf: url)
        #expect(catalog.theaters.map(\.id) == ["way/42", "catalog/2"])
        #expect(catalog.theaters[0].screens == 7)
        #expect(catalog.theaters[1].category == .theatre)
        #expect(catalog.skippedRows == 1)
    }

    @Test func malformedGeoJSONIsReportedNotCrashed() throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("catalog-\(UUID().uuidString).geojson")
        try "{\"type\": \"FeatureCollection\", \"features\": [".write(to: url, atomically: true, encoding: .utf8)
        #expect(throws: TheatersError.malformedGeoJSON(path: url.path, reason: "the file is not valid JSON")) {
            try TheaterCatalog(contentsOf: url)
        }
    }

    @Test func coverageTellsInsidePartialAndOutside() throws {
        let catalog = try bundled()
        let station = try Coordinate(latitude: 60.171, longitude: 24.941)
        #expect(catalog.coverageFit(center: station, radiusMeters: 100) == .complete)
        #expect(catalog.coverageFit(center: station, radiusMeters: 50_000) == .partial)
        let sydney = try Coordinate(latitude: -33.8688, longitude: 151.2093)
        guard case .outside(let area, let distance) = catalog.coverageFit(center: sydney, radiusMeters: 10_000) else {
            Issue.record("Sydney should be outside the Helsinki data")
            return
        }
        #expect(area.name == "central Helsinki")
        #expect(distance > 15_000_000)
    }
}

@Suite("A theater's address")
struct TheaterAddressTests {
    /// Every mix of present, blank and missing address tags gives what joining the present ones with arrays gave.
    @Test func joinsWhateverAddressTagsThereAre() throws {
        func arrayWay(_ theater: Theater) -> String? {
            let street = [theater.tag("addr:street"), theater.tag("addr:housenumber")].compactMap { $0 }
                .joined(separator: " ")
            let town = [theater.tag("addr:postcode"), theater.tag("addr:city")].compactMap { $0 }.joined(separator: " ")
            let parts = [street, town].filter { !$0.isEmpty }
            if !parts.isEmpty { return parts.joined(separator: ", ") }
            let plain = [theater.tag("address", "adresse"), theater.tag("commune", "city", "town")].compactMap { $0 }
            return plain.isEmpty ? nil : plain.joined(separator: ", ")
        }
        let keys = ["addr:street", "addr:housenumber", "addr:postcode", "addr:city", "adresse", "commune", "town"]
        let coordinate = try Coordinate(latitude: 60.17, longitude: 24.94)
        var checked = 0
        for mask in 0..<(1 << keys.count) {
            for blank in [false, true] {
                var tags: [String: String] = [:]
                for (bit, key) in keys.enumerated() where mask & (1 << bit) != 0 {
                    tags[key] = blank && bit.isMultiple(of: 2) ? "  " : " \(key) value"
                }
                let theater = Theater(
                    osmType: .node, osmID: 1, name: "Kino", coordinate: coordinate, category: .cinema, tags: tags,
                    fallbackID: "x")
                #expect(theater.address == arrayWay(theater), "\(tags)")
                checked += 1
            }
        }
        #expect(checked == 256)
    }
}

