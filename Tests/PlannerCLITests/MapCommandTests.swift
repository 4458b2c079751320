import Foundation
import Testing

@Suite("planner map draws the streets")
struct MapCommandTests {
    let planner = PlannerProcess()

    /// Writes the Helsinki map and reads it back.
    func helsinkiMap() async throws -> (file: URL, html: String) {
        let file = planner.home.appendingPathComponent("map.html")
        let result = try await planner.run(["map", "--near", "Helsinki", "--output", file.path])
        #expect(result.status == 0, "\(result.stderr)")
        return (file, try String(contentsOf: file, encoding: .utf8))
    }

    @Test func theHelsinkiMapDrawsItsStreetsUnderTheRoutes() async throws {
        // Given the map of the cinemas near Helsinki, which the bundled area covers
        let (file, html) = try await helsinkiMap()
        // Then it draws hundreds of streets, main roads among them, on land
        let streets = html.components(separatedBy: "<path class=\"street").count - 1
        #expect(streets > 300, "\(streets) streets")
        #expect(html.contains("<path class=\"street major\""))
        #expect(html.contains("<path class=\"street path\""))
        #expect(html.contains("<rect class=\"land\""))
        // And every street comes before the first route, so the routes are drawn over them
        let lastStreet = try #require(html.range(of: "<path class=\"street", options: .backwards)).lowerBound
        let firstRoute = try #require(html.range(of: "<polyline class=\"route\"")).lowerBound
        #expect(lastStreet < firstRoute)
        // And the page stays small and offline
        let bytes = try #require(try FileManager.default.attributesOfItem(atPath: file.path)[.size] as? Int)
        #expect(bytes < 1_000_000, "\(bytes) bytes")
        #expect(!html.contains("<script"))
        #expect(!html.contains("src=\"http"))
    }

    @Test(.enabled(if: Chromium.path != nil, "skipped: headless Chromium is not installed (apt-get install chromium)"))
    func theHelsinkiMapInHeadlessChromiumShowsLandStreetsAndMainRoads() async throws {
        // Given the Helsinki map, screenshot at 1200 × 900 by headless Chromium
        let (file, _) = try await helsinkiMap()
        let png = planner.home.appendingPathComponent("map.png")
        let shot = try await Chromium.screenshot(file, to: png, windowSize: "1200,900")
        // Then the screenshot is a PNG with something in it
        #expect(shot.status == 0, "\(shot.stderr)")
        let data = try Data(contentsOf: png)
        #expect(data.starts(with: [0x89, 0x50, 0x4E, 0x47]))
        #expect(data.count > 20_000)
        // And its pixels show the land, the white streets and the yellow main roads
        guard Python.path != nil else { return }
        let check = try await Python.run(Self.pixelShares, arguments: [png.path])
        #expect(check.status == 0, "\(check.stderr)")
        let shares = check.stdout.split(separator: " ").compactMap {
            Double($0.trimmingCharacters(in: .whitespacesAndNewlines))
        }
        try #require(shares.count == 3, "\(check.stdout)")
        #expect(shares[0] > 0.2, "land \(shares[0])")
        #expect(shares[1] > 0.01, "streets \(shares[1])")
        #expect(shares[2] > 0.005, "main roads \(shares[2])")
    }

    @Test func withoutAnAreaTheMapIsTheBlankCanvasAsBefore() async throws {
        // Given two cinemas in Tokyo, where no area's roads reach
        let csv = planner.home.appendingPathComponent("tokyo.csv")
        try "name,lat,lon\nKino Tokyo,35.6812,139.7671\nKino Ginza,35.6717,139.7650\n".write(
            to: csv, atomically: true, encoding: .utf8)
        let file = planner.home.appendingPathComponent("tokyo.html")
        // When their map is drawn
        let result = try await planner.run(
            ["map", "--near", "35.6812,139.7671", "--radius", "3km", "--catalog", csv.path, "--output", file.path])
        #expect(result.status == 0, "\(result.stderr)")
        let html = try String(contentsOf: file, encoding: .utf8)
        // Then it is the blank canvas: estimated routes, dashed, and no streets, land or legend
        #expect(html.components(separatedBy: "<polyline class=\"route\"").count == 3)
        #expect(html.contains("stroke-dasharray"))
        for part in ["street", "class=\"land\"", "legend", "<style>."] { #expect(!html.contains(part), "\(part)") }
        // And the link still opens both cinemas on a web map
        #expect(html.contains("href=\"https://geojson.io/#data=data:application/json,"))
    }

    @Test func theOpenInAMapLinkCarriesEveryTheaterWhenShortEnough() async throws {
        // Given the Helsinki map of its four cinemas
        let (_, html) = try await helsinkiMap()
        // When its link is read as geojson.io reads it
        let start = try #require(html.range(of: "href=\"https://geojson.io/#data=data:application/json,")).upperBound
        let end = try #require(html[start...].firstIndex(of: "\""))
        let json = try #require(String(html[start..<end]).removingPercentEncoding)
        let collection = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        // Then it holds a point for every cinema on the map, and nothing else
        let features = try #require(collection["features"] as? [[String: Any]])
        let names = Set(features.compactMap { ($0["properties"] as? [String: Any])?["name"] as? String })
        #expect(names == ["Bio Rex", "Kinopalatsi", "Kesäkino Engel", "Kino Engel"])
        #expect(features.allSatisfy { ($0["geometry"] as? [String: Any])?["type"] as? String == "Point" })
        #expect(html.distance(from: start, to: end) < 8_000)
    }

    /// Python that decodes a PNG (8-bit RGB or RGBA, as Chromium writes them) with the standard library and prints
    /// the shares of its pixels in the map's land colour, white (streets) and the main roads' yellow.
    static let pixelShares = """
        import collections, struct, sys, zlib
        data = open(sys.argv[1], 'rb').read()
        assert data[:8] == b'\\x89PNG\\r\\n\\x1a\\n'
        pos, idat = 8, b''
        while pos < len(data):
            length, kind = struct.unpack('>I4s', data[pos:pos + 8])
            body = data[pos + 8:pos + 8 + length]
            pos += 12 + length
            if kind == b'IHDR':
                width, height, depth, color, _, _, interlace = struct.unpack('>IIBBBBB', body)
            elif kind == b'IDAT':
                idat += body
        assert depth == 8 and color in (2, 6) and interlace == 0, (depth, color, interlace)
        n = 3 if color == 2 else 4
        raw, stride = zlib.decompress(idat), width * n
        prev, i, counts, colors = bytearray(stride), 0, [0, 0, 0], collections.Counter()
        targets = [(238, 234, 226), (255, 255, 255), (248, 210, 122)]
        for _ in range(height):
            kind, line = raw[i], bytearray(raw[i + 1:i + 1 + stride])
            i += 1 + stride
            if kind == 2:
                line = bytearray((x + y) & 255 for x, y in zip(line, prev))
            elif kind != 0:
                for x in range(stride):
                    a = line[x - n] if x >= n else 0
                    b = prev[x]
                    c = prev[x - n] if x >= n else 0
                    if kind == 1:
                        line[x] = (line[x] + a) & 255
                    elif kind == 3:
                        line[x] = (line[x] + (a + b) // 2) & 255
                    else:
                        p = a + b - c
                        pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                        line[x] = (line[x] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
            colors.update(zip(line[0::n], line[1::n], line[2::n]))
            prev = line
        for pixel, count in colors.items():
            for k, target in enumerate(targets):
                if all(abs(p - t) <= 3 for p, t in zip(pixel, target)):
                    counts[k] += count
        print(' '.join(f'{c / (width * height):.4f}' for c in counts))
        """
}
