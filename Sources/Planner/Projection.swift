import Foundation
import Geo

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

    /// The point at pixel (`x`, `y`): the inverse of ``project(_:)``, its longitude wrapped into ±180°.
    func coordinate(x: Double, y: Double) -> Coordinate {
        let k = Earth.metersPerDegreeOfArc
        let east = (x - offsetX) / pixelsPerMeter, north = (offsetY - y) / pixelsPerMeter
        var longitude = center.longitude + east / (k * cos(center.latitude * .pi / 180))
        if longitude > 180 { longitude -= 360 }
        if longitude < -180 { longitude += 360 }
        let latitude = min(90, max(-90, center.latitude + north / k))
        return Coordinate(uncheckedLatitude: latitude, longitude: longitude)
    }

    /// The box of everything drawn on a `width` × `height` page.
    func box(width: Double, height: Double) -> BoundingBox {
        let southWest = coordinate(x: 0, y: height), northEast = coordinate(x: width, y: 0)
        return BoundingBox(
            south: southWest.latitude, west: southWest.longitude, north: northEast.latitude, east: northEast.longitude)
    }
}
