import Foundation
import Geo

extension MapRenderer {
    /// How far a drawn street may stray from the road graph's line, in pixels: less than a pixel does not show,
    /// and it keeps the page small.
    static let streetTolerancePixels = 0.5

    /// The land under the streets.
    static let landColor = "#eeeae2"

    /// How each kind of street looks: white streets on light land, main roads wider and yellow, paths thin.
    static let streetStyle = """
        .street{fill:none;stroke:#fff;stroke-width:3.2;stroke-linecap:round;stroke-linejoin:round}\
        .street.path{stroke:#cbbfa9;stroke-width:0.8}\
        .street.minor{stroke-width:1.8}\
        .street.major{stroke:#f8d27a;stroke-width:5.5}
        """

    /// The streets as one group of `<path class="street …">` elements, faintest first, on land drawn as far as
    /// they reach (beyond, the page stays blank: the area's data ends there), with a legend of the kinds shown.
    func streetLayer(_ streets: [MapStreet], _ projection: Projection) -> String {
        var paths: [String] = []
        var minX = widthPixels
        var minY = heightPixels
        var maxX = 0.0
        var maxY = 0.0
        for street in streets.sorted(by: { $0.kind < $1.kind }) {
            let projected = street.coordinates.map(projection.project)
            for point in projected {
                (minX, maxX) = (min(minX, point.x), max(maxX, point.x))
                (minY, maxY) = (min(minY, point.y), max(maxY, point.y))
            }
            let points = Self.simplified(projected, tolerance: Self.streetTolerancePixels)
            guard let data = pathData(points) else { continue }
            let kind = street.kind == .street ? "" : " \(street.kind.rawValue)"
            paths.append("<path class=\"street\(kind)\" d=\"\(data)\"/>")
        }
        (minX, minY) = (max(0, minX), max(0, minY))
        (maxX, maxY) = (min(widthPixels, maxX), min(heightPixels, maxY))
        let land =
            maxX > minX && maxY > minY
            ? "<rect class=\"land\" x=\"\(format(minX))\" y=\"\(format(minY))\" width=\"\(format(maxX - minX))\" "
                + "height=\"\(format(maxY - minY))\" fill=\"\(Self.landColor)\"/>" : ""
        return
            (["<style>\(Self.streetStyle)</style>", land, "<g class=\"streets\">"] + paths
            + ["</g>", legend(Set(streets.map(\.kind)))]).filter { !$0.isEmpty }.joined(separator: "\n")
    }

    /// A key in the top left corner: a sample line and a name for each kind drawn (narrow streets go unnamed).
    func legend(_ kinds: Set<MapStreet.Kind>) -> String {
        let entries: [(MapStreet.Kind, String)] = [(.major, "main road"), (.street, "street"), (.path, "path")]
            .filter { kinds.contains($0.0) }
        guard !entries.isEmpty else { return "" }
        var parts = [
            "<g class=\"legend\" font-size=\"12\" fill=\"#333\">",
            "<rect x=\"10\" y=\"10\" width=\"112\" height=\"\(12 + 18 * entries.count)\" rx=\"4\" fill=\"#fffdf8\" "
                + "fill-opacity=\"0.9\" stroke=\"#ccc\"/>",
        ]
        for (i, (kind, name)) in entries.enumerated() {
            let y = 25 + 18 * i
            let line = kind == .street ? "" : " \(kind.rawValue)"
            // A white street needs an outline to show on the legend's white.
            if kind == .street {
                parts.append(
                    "<path d=\"M20,\(y - 4)L48,\(y - 4)\" stroke=\"#bbb\" stroke-width=\"5\" stroke-linecap=\"round\"/>"
                )
            }
            parts.append("<path class=\"key street\(line)\" d=\"M20,\(y - 4)L48,\(y - 4)\"/>")
            parts.append("<text x=\"58\" y=\"\(y)\">\(name)</text>")
        }
        parts.append("</g>")
        return parts.joined(separator: "\n")
    }

    /// SVG path data for a line (`M x,y L x,y x,y …`), rounded to a tenth of a pixel; nil when it rounds to a dot.
    func pathData(_ points: [(x: Double, y: Double)]) -> String? {
        var texts: [String] = []
        for point in points {
            let text = "\(format(point.x)),\(format(point.y))"
            if texts.last != text { texts.append(text) }
        }
        guard texts.count >= 2 else { return nil }
        return "M" + texts[0] + "L" + texts.dropFirst().joined(separator: " ")
    }

    /// The line with the points dropped that lie within `tolerance` of it (Douglas–Peucker); the ends stay.
    /// The points are in any planar unit (the map's pixels, or meters east and north for the API's streets).
    public static func simplified(_ points: [(x: Double, y: Double)], tolerance: Double) -> [(x: Double, y: Double)] {
        guard points.count > 2 else { return points }
        var keep = [Bool](repeating: false, count: points.count)
        keep[0] = true
        keep[points.count - 1] = true
        var spans = [(0, points.count - 1)]
        while let (first, last) = spans.popLast() {
            guard last - first > 1 else { continue }
            var farthest = first
            var distance = 0.0
            for i in (first + 1)..<last {
                let d = distanceFromSegment(points[i], points[first], points[last])
                if d > distance { (farthest, distance) = (i, d) }
            }
            if distance > tolerance {
                keep[farthest] = true
                spans.append((first, farthest))
                spans.append((farthest, last))
            }
        }
        return points.indices.filter { keep[$0] }.map { points[$0] }
    }

    /// The distance from `p` to the segment from `a` to `b`, in the points' units.
    static func distanceFromSegment(
        _ p: (x: Double, y: Double), _ a: (x: Double, y: Double), _ b: (x: Double, y: Double)
    )
        -> Double
    {
        let dx = b.x - a.x
        let dy = b.y - a.y
        let lengthSquared = dx * dx + dy * dy
        let t = lengthSquared == 0 ? 0 : max(0, min(1, ((p.x - a.x) * dx + (p.y - a.y) * dy) / lengthSquared))
        return hypot(p.x - (a.x + t * dx), p.y - (a.y + t * dy))
    }
}
