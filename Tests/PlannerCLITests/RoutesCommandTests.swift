import Foundation
import TestSupport
import Testing

@Suite("planner routes, route and map")
struct RoutesCommandTests {
    let planner = PlannerProcess()

    @Test func theRouteListInJSONSaysEachModesSourceAndGivesTheOriginAsNumbers() async throws {
        let result = try await planner.run(["routes", "--near", "60.1699,24.9384", "--limit", "2", "--format", "json"])
        #expect(result.status == 0, "\(result.stderr)")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let origin = try #require(json["origin"] as? [String: Any])
        #expect(origin["lat"] as? Double == 60.1699)
        #expect(origin["lon"] as? Double == 24.9384)
        for route in try #require(json["routes"] as? [[String: Any]]) {
            let sources = try #require(route["sources"] as? [String: String])
            #expect(Set(sources.keys) == ["walk", "bike", "drive"])
            #expect(sources.values.allSatisfy { $0 == "road-network" || $0 == "estimate" })
            #expect(route["source"] as? String == sources["walk"])
        }
    }

    @Test func theRouteListGivesPhoneDistanceTimesAndLinks() async throws {
        let result = try await planner.run(["routes", "--near", "Helsinki", "--keyword", "Engel"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("Kino Engel"))
        #expect(result.stdout.contains("phone    +358201555801"))
        #expect(result.stdout.contains("geo:60.168428,24.952016"))
        #expect(result.stdout.contains("https://www.openstreetmap.org/node/2493674692"))
        #expect(result.stdout.contains("walk"))
        #expect(result.stdout.contains("drive"))
    }

    @Test func oneRouteInHelsinkiFollowsTheBundledRoads() async throws {
        let file = planner.home.appendingPathComponent("route.geojson")
        let result = try await planner.run(["route", "--near", "60.1699,24.9384", "--to", "node/1376356017", "--geojson", file.path])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("source    road-network"))
        let json = try JSONSerialization.jsonObject(with: Data(contentsOf: file)) as! [String: Any]
        let features = json["features"] as! [[String: Any]]
        let line = try #require(features.first { ($0["geometry"] as! [String: Any])["type"] as? String == "LineString" })
        let properties = line["properties"] as! [String: Any]
        #expect(properties["source"] as? String == "road-network")
        #expect(properties["theater_name"] as? String == "Kinopalatsi")
        #expect(properties["mode"] as? String == "walk")
        let ratio = (properties["distance_m"] as! Double) / (properties["straight_line_m"] as! Double)
        #expect(ratio >= 1.0 && ratio <= 1.6, "road / straight line = \(ratio)")
    }

    @Test(.enabled(if: SharedData.exists(SharedData.monaco), "skipped: ../shared/data is absent"))
    func oneRouteFromOutAtSeaOffMonacoGoesByRoadAndSaysHowFarItIsOffRoad() async throws {
        // Given Monaco imported, and an origin out at sea inside its bounds, 1.7 km from the nearest road
        let imported = try await planner.run(["areas", "import", SharedData.path(SharedData.monaco), "--name", "monaco"])
        #expect(imported.status == 0, "\(imported.stderr)")
        let table = try await planner.run(["route", "--near", "43.712,7.43", "--to", "43.7384,7.4246", "--mode", "drive"])
        #expect(table.status == 0, "\(table.stderr)")
        // Then the route goes by road, and the table says how much of it is off-road
        #expect(table.stdout.contains("source    road-network"))
        #expect(table.stdout.contains("; includes 1.7 km off-road)"), "\(table.stdout)")
        let json = try await planner.run([
            "route", "--near", "43.712,7.43", "--to", "43.7384,7.4246", "--mode", "drive", "--format", "json",
        ])
        let collection = try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as! [String: Any]
        let line = try #require((collection["features"] as! [[String: Any]]).first {
            ($0["properties"] as! [String: Any])["role"] as? String == "route"
        })
        let properties = line["properties"] as! [String: Any]
        #expect((properties["origin_snap_m"] as? Double ?? 0) > 1_000)
        #expect((properties["destination_snap_m"] as? Double ?? 1_000) < 50)
        #expect(properties["estimate_reason"] == nil)
        let list = try await planner.run(["routes", "--near", "43.712,7.43", "--mode", "drive", "--radius", "5"])
        #expect(list.status == 0, "\(list.stderr)")
        #expect(list.stdout.contains("   note     the drive route includes 1."), "\(list.stdout)")
    }

    @Test func oneRouteWhereNoAreaCoversTheOriginSaysSo() async throws {
        let result = try await planner.run(["route", "--near", "48.8566,2.3522", "--to", "48.8606,2.3376"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains(
            "source    estimate (no imported area with roads for walk covers both 48.856600,2.352200 and 48.860600,2.337600)"),
            "\(result.stdout)")
    }

    @Test func oneRouteWhereNoAreaReachesIsAGreatCircleLabelledEstimate() async throws {
        let file = planner.home.appendingPathComponent("route.geojson")
        let result = try await planner.run(["route", "--near", "48.8566,2.3522", "--to", "48.8606,2.3376", "--geojson", file.path])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("source    estimate"))
        let json = try JSONSerialization.jsonObject(with: Data(contentsOf: file)) as! [String: Any]
        let line = try #require((json["features"] as! [[String: Any]]).first {
            ($0["geometry"] as! [String: Any])["type"] as? String == "LineString"
        })
        let coordinates = (line["geometry"] as! [String: Any])["coordinates"] as! [[Double]]
        #expect(coordinates.count >= 24)  // 1.2 km sampled every 50 m or less
        #expect((line["properties"] as! [String: Any])["source"] as? String == "estimate")
    }

    @Test func anUnknownDestinationIsOneLine() async throws {
        let result = try await planner.run(["route", "--near", "Helsinki", "--to", "Nowhere Cinema"])
        #expect(result.status != 0)
        #expect(result.stderr.split(separator: "\n").count == 1)
    }

    @Test(.enabled(if: Python.hasModule("geojson"), "skipped: Python's geojson package is not installed"))
    func everyGeoJSONTheToolWritesIsValidAndLonLat() async throws {
        let runs: [[String]] = [
            ["nearby", "--near", "Helsinki", "--format", "geojson"],
            ["routes", "--near", "Helsinki", "--format", "geojson", "--mode", "drive"],
            ["route", "--near", "Helsinki", "--to", "Kinopalatsi", "--format", "geojson"],
        ]
        for arguments in runs {
            let file = planner.home.appendingPathComponent("\(arguments[0]).geojson")
            let result = try await planner.run(arguments + ["--output", file.path])
            #expect(result.status == 0, "\(arguments): \(result.stderr)")
            let check = try await Python.run("""
                import geojson, sys
                doc = geojson.load(open(sys.argv[1]))
                assert doc.is_valid, doc.errors()
                assert 'crs' not in doc
                for f in doc['features']:
                    coords = list(geojson.utils.coords(f))
                    assert all(24.9 < lon < 25.0 and 60.1 < lat < 60.2 for lon, lat in coords), coords[:3]
                print('ok', len(doc['features']))
                """, arguments: [file.path])
            #expect(check.status == 0, "\(arguments): \(check.stderr)")
        }
    }

    @Test func theMapIsAPageWithAnInlineSVG() async throws {
        let file = planner.home.appendingPathComponent("map.html")
        let result = try await planner.run(["map", "--near", "Helsinki", "--output", file.path])
        #expect(result.status == 0, "\(result.stderr)")
        let html = try String(contentsOf: file, encoding: .utf8)
        for name in ["Bio Rex", "Kinopalatsi", "Kesäkino Engel", "Kino Engel"] { #expect(html.contains(name)) }
        #expect(html.contains("<svg"))
        #expect(!html.contains("<script"))
        #expect(!html.contains("src=\"http"))
    }

    @Test(.enabled(if: Chromium.path != nil, "skipped: headless Chromium is not installed"))
    func theMapRendersInHeadlessChromium() async throws {
        let file = planner.home.appendingPathComponent("map.html")
        _ = try await planner.run(["map", "--near", "Helsinki", "--output", file.path])
        let png = planner.home.appendingPathComponent("map.png")
        let shot = try await Chromium.screenshot(file, to: png)
        #expect(shot.status == 0, "\(shot.stderr)")
        let data = try Data(contentsOf: png)
        #expect(data.starts(with: [0x89, 0x50, 0x4E, 0x47]))
        #expect(data.count > 20_000)
    }
}
