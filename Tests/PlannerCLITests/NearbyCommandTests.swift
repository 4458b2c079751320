import Foundation
import TestSupport
import Testing

@Suite("planner nearby, run as a user runs it")
struct NearbyCommandTests {
    let planner = PlannerProcess()

    @Test func theReadmeCommandListsTheFourHelsinkiCinemasNearestFirst() async throws {
        // When the README's first command runs on the bundled data
        let result = try await planner.run(["nearby", "--near", "Helsinki", "--radius", "0.5", "--keyword", "movie theatre"])
        // Then it succeeds and lists the four cinemas, sorted by distance
        #expect(result.status == 0)
        let names = ["Bio Rex", "Kinopalatsi", "Kesäkino Engel", "Kino Engel"]
        let positions = try names.map { name in
            try #require(result.stdout.range(of: name), "missing \(name)").lowerBound
        }
        #expect(positions == positions.sorted())
        #expect(!result.stdout.contains("Lilla Teatern"))
    }

    @Test(arguments: ["walk", "bike", "drive"])
    func eachModesTableTimesFollowTheRoads(_ mode: String) async throws {
        // When a table is asked for in each mode (it reads only that mode's road graph of the bundled area)
        let result = try await planner.run(["nearby", "--near", "Helsinki", "--mode", mode, "--offline"])
        // Then its times follow that mode's roads, for the same four cinemas
        #expect(result.status == 0)
        #expect(result.stdout.contains("\(mode.capitalized) times follow the roads (source: road-network)."))
        for name in ["Bio Rex", "Kinopalatsi", "Kesäkino Engel", "Kino Engel"] { #expect(result.stdout.contains(name)) }
    }

    @Test func theDefaultKeywordIsMovieTheatre() async throws {
        let result = try await planner.run(["nearby", "--near", "60.1699,24.9384", "--format", "json"])
        #expect(result.status == 0)
        let json = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as! [String: Any]
        let theaters = json["theaters"] as! [[String: Any]]
        #expect(theaters.count == 4)
        #expect(theaters.allSatisfy { $0["category"] as? String == "cinema" })
    }

    @Test func theatreReturnsTheatresNotCinemas() async throws {
        let result = try await planner.run(["nearby", "--near", "Helsinki", "--keyword", "theatre", "--format", "json"])
        #expect(result.status == 0)
        let json = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as! [String: Any]
        let theaters = json["theaters"] as! [[String: Any]]
        #expect(theaters.count == 8)
        #expect(theaters.allSatisfy { $0["category"] as? String == "theatre" })
        #expect(theaters.contains { $0["name"] as? String == "Svenska Teatern" })
    }

    @Test func anUnknownKeywordFallsBackToANameMatchAndSaysSo() async throws {
        let result = try await planner.run(["nearby", "--near", "Helsinki", "--keyword", "ENGEL"])
        #expect(result.status == 0)
        #expect(result.stdout.contains("not a known category"))
        #expect(result.stdout.contains("Kino Engel"))
        #expect(result.stdout.contains("Kesäkino Engel"))
        #expect(!result.stdout.contains("Kinopalatsi"))
    }

    @Test func anAccentlessNameStillMatches() async throws {
        let result = try await planner.run(["nearby", "--near", "Helsinki", "--keyword", "kesakino"])
        #expect(result.status == 0)
        #expect(result.stdout.contains("Kesäkino Engel"))
    }

    @Test func wideCharactersKeepTheColumnsAligned() async throws {
        // Given a catalog with a Japanese name (two columns per character on a terminal) and a Latin one
        let csv = planner.home.appendingPathComponent("tokyo.csv")
        try "name,lat,lon\n東京シネマ,35.6812,139.7671\nKino Latin,35.6800,139.7700\n".write(
            to: csv, atomically: true, encoding: .utf8)
        let result = try await planner.run(["nearby", "--near", "35.6812,139.7671", "--radius", "2km", "--catalog", csv.path])
        #expect(result.status == 0, "\(result.stderr)")
        // Then the distance column ends in the same terminal column on every row
        func columns(_ text: Substring) -> Int {
            text.unicodeScalars.reduce(0) { $0 + (($1.value >= 0x3000 && $1.value <= 0x9FFF) ? 2 : 1) }
        }
        let rows = result.stdout.split(separator: "\n").filter { $0.contains(" m  ") }
        #expect(rows.count == 2)
        let ends = rows.compactMap { row in row.range(of: " m  ").map { columns(row[..<$0.lowerBound]) } }
        #expect(Set(ends).count == 1, "\(rows)")
    }

    @Test func anotherNameOfTheCityFindsTheSameCinemas() async throws {
        let result = try await planner.run(["nearby", "--near", "Helsingfors"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("of Helsinki, FI"))
        #expect(result.stdout.contains("Kinopalatsi"))
    }

    @Test func distancesAgreeWithAnIndependentHaversineWithinATenthOfAMeter() async throws {
        let result = try await planner.run(["nearby", "--near", "60.1699,24.9384", "--format", "json"])
        let json = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as! [String: Any]
        for theater in json["theaters"] as! [[String: Any]] {
            let lat = theater["lat"] as! Double, lon = theater["lon"] as! Double
            // An independent haversine, written out here on R = 6,371,008.8 m.
            let r = 6_371_008.8, p = Double.pi / 180
            let a = pow(sin((lat - 60.1699) * p / 2), 2) + cos(60.1699 * p) * cos(lat * p) * pow(sin((lon - 24.9384) * p / 2), 2)
            let expected = 2 * r * atan2(a.squareRoot(), (1 - a).squareRoot())
            #expect(abs((theater["distance_m"] as! Double) - expected) <= 0.1)
        }
    }

    @Test(arguments: [
        ["--near", "91,0"], ["--near", "nan,1"], ["--radius", "-1"], ["--radius", "0"], ["--radius", "abc"],
        ["--near", "Atlantis"], ["--radius", "30000km"], ["--near", "Helsinki", "--limit", "0"],
        ["--near", "Helsinki", "--mode", "teleport"], ["--catalog", "/nonexistent/catalog.csv"],
        ["--near", "Helsinki", "--limit", "-3"], ["--radius", "0x10"], ["--radius", "infkm"],
    ])
    func badInputGetsOneLineAndANonZeroExit(_ arguments: [String]) async throws {
        let base = arguments.contains("--near") ? ["nearby"] : ["nearby", "--near", "Helsinki"]
        let output = planner.home.appendingPathComponent("out-\(UUID().uuidString).json")
        let result = try await planner.run(base + arguments + ["--format", "json", "--output", output.path])
        #expect(result.status != 0)
        #expect(result.stdout.isEmpty)
        let lines = result.stderr.split(separator: "\n")
        #expect(lines.count == 1, "stderr: \(result.stderr)")
        #expect(lines.first?.hasPrefix("planner: error: ") == true)
        #expect(!result.stderr.contains("Missing value"), "a negative number must be read as the value it is")
        #expect(!FileManager.default.fileExists(atPath: output.path))
    }

    @Test func noOriginAndNoHomeSaysHowToGiveOne() async throws {
        let result = try await planner.run(["nearby"])
        #expect(result.status != 0)
        #expect(result.stderr.contains("--near"))
        #expect(result.stderr.contains("planner config set home"))
    }

    @Test func aSavedHomeIsUsedWithoutNear() async throws {
        let saved = try await planner.run(["config", "set", "home", "60.1699,24.9384"])
        #expect(saved.status == 0)
        let result = try await planner.run(["nearby", "--format", "csv"])
        #expect(result.status == 0)
        #expect(result.stdout.split(separator: "\n").count == 5)
    }

    @Test func negativeCoordinatesAreReadAsTypedNotAsOptions() async throws {
        // Given a catalog with one cinema in Sydney
        let catalog = planner.home.appendingPathComponent("sydney.geojson")
        try """
        {"type":"FeatureCollection","features":[{"type":"Feature","geometry":{"type":"Point","coordinates":[151.2069,-33.8731]},
        "properties":{"name":"State Theatre","amenity":"cinema"}}]}
        """.write(to: catalog, atomically: true, encoding: .utf8)
        // When searching from a negative latitude
        let result = try await planner.run(["nearby", "--near", "-33.8688,151.2093", "--radius", "2km", "--catalog", catalog.path])
        // Then the coordinate is understood and the cinema found
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("State Theatre"))
    }

    @Test func aSearchWithNothingMatchingSucceedsAndSaysSo() async throws {
        let result = try await planner.run(["nearby", "--near", "Helsinki", "--keyword", "drive-in"])
        #expect(result.status == 0)
        #expect(result.stdout.contains("no drive-in cinemas within"))
    }

    @Test func geoJSONOutputIsRFC7946() async throws {
        let output = planner.home.appendingPathComponent("nearby.geojson")
        let result = try await planner.run(["nearby", "--near", "Helsinki", "--format", "geojson", "--output", output.path])
        #expect(result.status == 0)
        let data = try Data(contentsOf: output)
        let json = try JSONSerialization.jsonObject(with: data) as! [String: Any]
        #expect(json["type"] as? String == "FeatureCollection")
        #expect(json["crs"] == nil)
        let features = json["features"] as! [[String: Any]]
        #expect(features.count == 5)
        for feature in features {
            let geometry = feature["geometry"] as! [String: Any]
            let position = geometry["coordinates"] as! [Double]
            // [lon, lat]: Helsinki's longitude is ~24.9, its latitude ~60.2
            #expect((24.9...25.0).contains(position[0]))
            #expect((60.1...60.2).contains(position[1]))
        }
        let kinopalatsi = try #require(features.first { ($0["properties"] as! [String: Any])["name"] as? String == "Kinopalatsi" })
        let properties = kinopalatsi["properties"] as! [String: Any]
        #expect(properties["distance_m"] is Double)
        let durations = properties["duration_s"] as! [String: Double]
        #expect(Set(durations.keys) == ["walk", "bike", "drive"])
    }

    @Test func csvOutputHasOneRowPerTheater() async throws {
        let result = try await planner.run(["nearby", "--near", "Helsinki", "--format", "csv", "--limit", "2"])
        #expect(result.status == 0)
        let lines = result.stdout.split(separator: "\n")
        #expect(lines.count == 3)
        #expect(lines[0].hasPrefix("rank,id,name"))
        #expect(lines[1].contains("Bio Rex"))
    }

    @Test(.enabled(if: SharedData.isAvailable, "skipped: ../shared/data is absent"))
    func theFrenchCinemaListWorksAsACatalog() async throws {
        let path = SharedData.path("cinemas/fr_cnc_etablissements-cinematographiques_2022.csv")
        let result = try await planner.run([
            "nearby", "--near", "Paris, FR", "--radius", "1km", "--catalog", path, "--format", "json",
        ])
        #expect(result.status == 0, "\(result.stderr)")
        let json = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as! [String: Any]
        #expect((json["count"] as! Int) >= 1)
    }

    @Test func aboutCreditsTheDataSources() async throws {
        let result = try await planner.run(["about"])
        #expect(result.stdout.contains("© OpenStreetMap contributors, ODbL 1.0"))
        #expect(result.stdout.contains("GeoNames, CC BY 4.0"))
        #expect(result.stdout.contains("This product uses the TMDB API but is not endorsed or certified by TMDB"))
    }
}
