import Foundation
import Geo
import Theaters

/// Draws the origin, the theaters and the routes as a self-contained HTML page with an inline SVG:
/// to scale, with a scale bar and a north arrow, and nothing loaded from the network.
public struct MapRenderer {
    public var widthPixels = 960.0
    public var heightPixels = 720.0
    public var marginPixels = 70.0

    public init() {}

    /// The page, ready to write to a `.html` file: the map, and below it a link that opens the theaters in
    /// geojson.io when ``RouteLinks/geojsonIO(theaters:maximumCharacters:)`` gives one.
    /// - Parameter streets: the streets to draw under the routes, faintest first; none gives a blank canvas.
    public func html(
        origin: Coordinate, originLabel: String, routes: [Route<Theater>], streets: [MapStreet] = [], title: String,
        attribution: String
    ) -> String {
        let svg = svg(origin: origin, originLabel: originLabel, routes: routes, streets: streets, attribution: attribution)
        let link = RouteLinks.geojsonIO(theaters: routes.map(\.theater)).map {
            "<p class=\"links\"><a class=\"open-in-a-map\" href=\"\(escape($0))\">Open the theaters in geojson.io</a></p>\n"
        }
        return """
            <!DOCTYPE html>
            <html lang="en">
            <head>
            <meta charset="utf-8">
            <title>\(escape(title))</title>
            <style>
            body { margin: 0; background: #f4f1ea; font-family: sans-serif; }
            h1 { font-size: 18px; margin: 12px 16px 0; color: #333; }
            svg { display: block; margin: 8px 16px; background: #fffdf8; border: 1px solid #ccc; }
            p.links { margin: 0 16px 12px; font-size: 14px; }
            </style>
            </head>
            <body>
            <h1>\(escape(title))</h1>
            \(svg)
            \(link ?? "")</body>
            </html>

            """
    }

    /// The SVG alone.
    /// - Parameter streets: the streets to draw under the routes; none gives a blank canvas.
    public func svg(
        origin: Coordinate, originLabel: String, routes: [Route<Theater>], streets: [MapStreet] = [],
        attribution: String
    ) -> String {
        let projection = projection(origin: origin, routes: routes)
        var parts: [String] = []
        parts.append(
            "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(Int(widthPixels))\" height=\"\(Int(heightPixels))\" "
                + "viewBox=\"0 0 \(Int(widthPixels)) \(Int(heightPixels))\" font-family=\"sans-serif\">")
        if !streets.isEmpty { parts.append(streetLayer(streets, projection)) }
        let colors = ["#d6336c", "#1c7ed6", "#2b8a3e", "#e8590c", "#7048e8", "#0c8599", "#c2255c", "#5c940d"]
        for (i, route) in routes.enumerated() {
            let points = route.geometry.map { projection.project($0) }
                .map { "\(format($0.x)),\(format($0.y))" }.joined(separator: " ")
            let dash = route.source == .estimate ? " stroke-dasharray=\"8 5\"" : ""
            parts.append(
                "<polyline class=\"route\" points=\"\(points)\" fill=\"none\" stroke=\"\(colors[i % colors.count])\" "
                    + "stroke-width=\"3\" stroke-opacity=\"0.85\"\(dash)/>")
        }
        var drawn = Set<String>()
        for (i, route) in routes.enumerated() where drawn.insert(route.theater.id).inserted {
            let p = projection.project(route.theater.coordinate)
            let color = colors[i % colors.count]
            parts.append("<circle class=\"theater\" cx=\"\(format(p.x))\" cy=\"\(format(p.y))\" r=\"6\" fill=\"\(color)\" stroke=\"#fff\" stroke-width=\"2\"/>")
            let minutes = DistanceFormat.minutes(seconds: route.durationSeconds)
            let anchorRight = p.x > widthPixels * 0.7
            let x = anchorRight ? p.x - 10 : p.x + 10
            let label = "\(route.theater.name) · \(DistanceFormat.human(meters: route.distanceMeters)) · \(minutes)"
            parts.append(
                "<text class=\"label\" x=\"\(format(x))\" y=\"\(format(p.y - 8 + Double(i % 3) * 0))\" font-size=\"14\" "
                    + "text-anchor=\"\(anchorRight ? "end" : "start")\" fill=\"#222\" stroke=\"#fffdf8\" stroke-width=\"4\" "
                    + "paint-order=\"stroke\">\(escape(label))</text>")
        }
        let o = projection.project(origin)
        parts.append("<circle class=\"origin\" cx=\"\(format(o.x))\" cy=\"\(format(o.y))\" r=\"8\" fill=\"#111\" stroke=\"#fff\" stroke-width=\"3\"/>")
        parts.append(
            "<text x=\"\(format(o.x + 12))\" y=\"\(format(o.y + 20))\" font-size=\"14\" font-weight=\"bold\" fill=\"#111\" "
                + "stroke=\"#fffdf8\" stroke-width=\"4\" paint-order=\"stroke\">\(escape(originLabel))</text>")
        parts.append(scaleBar(projection))
        parts.append(northArrow())
        parts.append(
            "<text x=\"\(format(widthPixels - 10))\" y=\"\(format(heightPixels - 10))\" font-size=\"11\" text-anchor=\"end\" "
                + "fill=\"#555\"\(Self.halo)>\(escape(attribution))</text>")
        parts.append("</svg>")
        return parts.joined(separator: "\n")
    }

    /// The part of the world the page shows: the origin, the routes and the theaters, with the margin around them.
    /// Streets are wanted inside it only.
    public func visibleBox(origin: Coordinate, routes: [Route<Theater>]) -> BoundingBox {
        projection(origin: origin, routes: routes).box(width: widthPixels, height: heightPixels)
    }

    func projection(origin: Coordinate, routes: [Route<Theater>]) -> Projection {
        Projection(
            center: origin, points: [origin] + routes.flatMap { $0.geometry + [$0.theater.coordinate] },
            width: widthPixels, height: heightPixels, margin: marginPixels)
    }

    func scaleBar(_ projection: Projection) -> String {
        let target = (widthPixels - 2 * marginPixels) / 4 / projection.pixelsPerMeter
        let nice = Self.niceDistance(atMost: target)
        let length = nice * projection.pixelsPerMeter
        let x0 = marginPixels / 2, y0 = heightPixels - 30
        return """
            <g class="scale-bar"><rect x="\(format(x0))" y="\(format(y0))" width="\(format(length / 2))" height="6" fill="#222"/>\
            <rect x="\(format(x0 + length / 2))" y="\(format(y0))" width="\(format(length / 2))" height="6" fill="#fff" stroke="#222"/>\
            <text x="\(format(x0))" y="\(format(y0 - 6))" font-size="12" fill="#222"\(Self.halo)>0</text>\
            <text x="\(format(x0 + length))" y="\(format(y0 - 6))" font-size="12" text-anchor="middle" fill="#222"\(Self.halo)>\(DistanceFormat.human(meters: nice))</text></g>
            """
    }

    func northArrow() -> String {
        let x = widthPixels - 40, y = 30.0
        return """
            <g class="north-arrow"><polygon points="\(format(x)),\(format(y)) \(format(x - 10)),\(format(y + 30)) \(format(x)),\(format(y + 22)) \(format(x + 10)),\(format(y + 30))" fill="#222"/>\
            <text x="\(format(x))" y="\(format(y + 48))" font-size="16" font-weight="bold" text-anchor="middle" fill="#222"\(Self.halo)>N</text></g>
            """
    }

    /// The largest of 1, 2 or 5 × 10ⁿ meters not above `meters`.
    static func niceDistance(atMost meters: Double) -> Double {
        guard meters > 0 else { return 1 }
        let magnitude = pow(10, floor(log10(meters)))
        for step in [5.0, 2, 1] where step * magnitude <= meters { return step * magnitude }
        return magnitude
    }

    /// A page-coloured outline behind a text, so that it reads over streets.
    static let halo = " stroke=\"#fffdf8\" stroke-width=\"3\" paint-order=\"stroke\""

    func format(_ value: Double) -> String { String(format: "%.1f", value) }

    func escape(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
    }
}
