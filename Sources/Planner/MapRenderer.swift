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

    /// The page, ready to write to a `.html` file.
    public func html(origin: Coordinate, originLabel: String, routes: [Route], title: String, attribution: String) -> String {
        let svg = svg(origin: origin, originLabel: originLabel, routes: routes, attribution: attribution)
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
            </style>
            </head>
            <body>
            <h1>\(escape(title))</h1>
            \(svg)
            </body>
            </html>

            """
    }

    /// The SVG alone.
    public func svg(origin: Coordinate, originLabel: String, routes: [Route], attribution: String) -> String {
        let projection = Projection(
            center: origin, points: [origin] + routes.flatMap { $0.geometry + [$0.theater.coordinate] },
            width: widthPixels, height: heightPixels, margin: marginPixels)
        var parts: [String] = []
        parts.append(
            "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(Int(widthPixels))\" height=\"\(Int(heightPixels))\" "
                + "viewBox=\"0 0 \(Int(widthPixels)) \(Int(heightPixels))\" font-family=\"sans-serif\">")
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
                + "fill=\"#555\">\(escape(attribution))</text>")
        parts.append("</svg>")
        return parts.joined(separator: "\n")
    }

    func scaleBar(_ projection: Projection) -> String {
        let target = (widthPixels - 2 * marginPixels) / 4 / projection.pixelsPerMeter
        let nice = Self.niceDistance(atMost: target)
        let length = nice * projection.pixelsPerMeter
        let x0 = marginPixels / 2, y0 = heightPixels - 30
        return """
            <g class="scale-bar"><rect x="\(format(x0))" y="\(format(y0))" width="\(format(length / 2))" height="6" fill="#222"/>\
            <rect x="\(format(x0 + length / 2))" y="\(format(y0))" width="\(format(length / 2))" height="6" fill="#fff" stroke="#222"/>\
            <text x="\(format(x0))" y="\(format(y0 - 6))" font-size="12" fill="#222">0</text>\
            <text x="\(format(x0 + length))" y="\(format(y0 - 6))" font-size="12" text-anchor="middle" fill="#222">\(DistanceFormat.human(meters: nice))</text></g>
            """
    }

    func northArrow() -> String {
        let x = widthPixels - 40, y = 30.0
        return """
            <g class="north-arrow"><polygon points="\(format(x)),\(format(y)) \(format(x - 10)),\(format(y + 30)) \(format(x)),\(format(y + 22)) \(format(x + 10)),\(format(y + 30))" fill="#222"/>\
            <text x="\(format(x))" y="\(format(y + 48))" font-size="16" font-weight="bold" text-anchor="middle" fill="#222">N</text></g>
            """
    }

    /// The largest of 1, 2 or 5 × 10ⁿ meters not above `meters`.
    static func niceDistance(atMost meters: Double) -> Double {
        guard meters > 0 else { return 1 }
        let magnitude = pow(10, floor(log10(meters)))
        for step in [5.0, 2, 1] where step * magnitude <= meters { return step * magnitude }
        return magnitude
    }

    func format(_ value: Double) -> String { String(format: "%.1f", value) }

    func escape(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
    }
}

/// A local equirectangular projection around a center: meters east and north, scaled to fit the page.
/// Near a city this keeps distances true to well under 1 %, which is what a scale bar needs.
struct Projection {
    let center: Coordinate
    let pixelsPerMeter: Double
    let offsetX: Double
    let offsetY: Double

    init(center: Coordinate, points: [Coordinate], width: Double, height: Double, margin: Double) {
        self.center = center
        let local = points.map { Projection.meters($0, center: center) }
        let minX = local.map(\.x).min() ?? 0, maxX = local.map(\.x).max() ?? 0
        let minY = local.map(\.y).min() ?? 0, maxY = local.map(\.y).max() ?? 0
        let spanX = max(maxX - minX, 100), spanY = max(maxY - minY, 100)
        pixelsPerMeter = min((width - 2 * margin) / spanX, (height - 2 * margin) / spanY)
        offsetX = width / 2 - (minX + maxX) / 2 * pixelsPerMeter
        offsetY = height / 2 + (minY + maxY) / 2 * pixelsPerMeter
    }

    static func meters(_ c: Coordinate, center: Coordinate) -> (x: Double, y: Double) {
        var dLon = c.longitude - center.longitude
        if dLon > 180 { dLon -= 360 }
        if dLon < -180 { dLon += 360 }
        let k = Earth.metersPerDegreeOfArc
        return (dLon * k * cos(center.latitude * .pi / 180), (c.latitude - center.latitude) * k)
    }

    func project(_ c: Coordinate) -> (x: Double, y: Double) {
        let m = Projection.meters(c, center: center)
        return (offsetX + m.x * pixelsPerMeter, offsetY - m.y * pixelsPerMeter)
    }
}
