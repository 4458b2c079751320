import Foundation
import Geo
import Tabular

/// The area a catalog is complete for: an extract's bounding box, or the box around a user's points.
public struct CoverageArea: Sendable, Hashable {
    public let name: String
    public let box: BoundingBox

    public init(name: String, box: BoundingBox) {
        self.name = name
        self.box = box
    }

    /// The great-circle distance from `point` to the nearest point of the box (0 inside it), in meters.
    /// The nearest point is taken by clamping latitude and longitude, which is close for boxes of city size.
    public func distanceMeters(from point: Coordinate) -> Double {
        if box.contains(point) { return 0 }
        let lat = min(max(point.latitude, box.south), box.north)
        var lon = point.longitude
        if !box.longitudeRanges.contains(where: { $0.contains(lon) }) {
            func gap(_ edge: Double) -> Double {
                let d = abs(edge - lon).truncatingRemainder(dividingBy: 360)
                return min(d, 360 - d)
            }
            lon = gap(box.west) <= gap(box.east) ? box.west : box.east
        }
        return point.distanceMeters(to: Coordinate(uncheckedLatitude: lat, longitude: lon))
    }

    /// Reads `coverage.csv` (name,south,west,north,east,source).
    public static func read(contentsOf url: URL) -> [CoverageArea] {
        guard let text = try? String(contentsOf: url, encoding: .utf8) else { return [] }
        guard let table = try? CSVTable(text: text) else { return [] }
        guard let n = table.column("name"), let s = table.column("south"), let w = table.column("west"),
            let no = table.column("north"), let e = table.column("east")
        else { return [] }
        return table.rows.compactMap { row in
            guard row.count > max(n, s, w, no, e), let south = Double(row[s]), let west = Double(row[w]),
                let north = Double(row[no]), let east = Double(row[e])
            else { return nil }
            return CoverageArea(name: row[n], box: BoundingBox(south: south, west: west, north: north, east: east))
        }
    }

    /// The box around a set of points (a user catalog's extent).
    public static func enclosing(_ points: [Coordinate], name: String) -> CoverageArea? {
        guard let first = points.first else { return nil }
        var box = (s: first.latitude, w: first.longitude, n: first.latitude, e: first.longitude)
        for p in points.dropFirst() {
            box = (min(box.s, p.latitude), min(box.w, p.longitude), max(box.n, p.latitude), max(box.e, p.longitude))
        }
        return CoverageArea(name: name, box: BoundingBox(south: box.s, west: box.w, north: box.n, east: box.e))
    }
}

/// How a search circle sits against the areas a catalog covers.
public enum CoverageFit: Sendable, Equatable {
    /// The whole circle lies inside covered areas.
    case complete
    /// The circle reaches covered areas but also runs past them.
    case partial
    /// The circle touches no covered area; the nearest is this far from the center.
    case outside(nearest: CoverageArea, distanceMeters: Double)
}

extension TheaterCatalog {
    /// How the circle of `radiusMeters` around `center` sits against the catalog's coverage.
    public func coverageFit(center: Coordinate, radiusMeters: Double) -> CoverageFit {
        guard !coverage.isEmpty else { return .partial }
        let circle = BoundingBox(around: center, radiusMeters: radiusMeters)
        for area in coverage where !circle.crossesAntimeridian && !area.box.crossesAntimeridian {
            if circle.south >= area.box.south && circle.north <= area.box.north && circle.west >= area.box.west
                && circle.east <= area.box.east
            {
                return .complete
            }
        }
        let distances = coverage.map { ($0, $0.distanceMeters(from: center)) }
        if distances.contains(where: { $0.1 <= radiusMeters }) { return .partial }
        let nearest = distances.min { $0.1 < $1.1 }!
        return .outside(nearest: nearest.0, distanceMeters: nearest.1)
    }
}
