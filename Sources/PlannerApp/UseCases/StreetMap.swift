import Foundation
import Geo
import Planner
import Routing

/// `GET /v1/map/streets`: the streets and paths around a place, from the road graph of the area that covers it, as
/// `planner map` draws them under its routes, for a page that draws a map of its own.
///
/// ```swift
/// let map = try StreetMap.find(near: "Helsinki", radius: "1km", environment: environment)
/// print(map.areaName ?? "no area", map.lines.count)
/// let text = map.collection.encoded(pretty: false)
/// ```
package struct StreetMap {
    /// The radius when none is asked for, in meters.
    package static let defaultRadiusMeters = 1_000.0
    /// The farthest from the origin streets are given, in meters: a larger radius is cut to this, which keeps an
    /// answer from a city-sized area to a few megabytes.
    package static let maximumRadiusMeters = 5_000.0
    /// How far a line may stray from the road graph's, as a share of the radius: half a pixel on a map 2,000 pixels
    /// across the circle, which no screen shows.
    static let toleranceShareOfRadius = 1.0 / 2_000
    /// Decimals kept in each position: 6 is about a decimeter, finer than a street map can show.
    static let positionScale = 1_000_000.0

    /// Where the streets are centred.
    package let origin: Origin
    /// How far from the origin they reach, in meters (the asked radius, at most ``maximumRadiusMeters``).
    package let radiusMeters: Double
    /// The area they come from; nil where no imported or bundled area with roads covers the origin.
    package let areaName: String?
    /// The streets and paths, faintest first, joined between junctions.
    package let lines: [StreetLine]

    /// Finds the streets within `radius` of `near`.
    /// - Parameters:
    ///   - near: a place name or `LAT,LON`; nil reads the saved home.
    ///   - radius: as `--radius` reads it (`800m`, `2km`, `0.01` degrees); nil is ``defaultRadiusMeters``.
    /// - Throws: `GeoError` for a bad coordinate or radius, `PlacesError.unknownPlace`, or
    ///   `PlannerAppError.noOrigin` without `near` or a home.
    package static func find(near: String?, radius: String?, environment: Environment) throws
        -> StreetMap
    {
        let origin = try Origin.resolve(
            near: near, settings: try environment.settings(), gazetteer: environment.gazetteer)
        let asked = try radius.map { try Radius(parsing: $0).meters } ?? defaultRadiusMeters
        let radiusMeters = min(asked, maximumRadiusMeters)
        let area = Areas(environment: environment).covering(origin.coordinate).first(where: \.hasRoads)
        let box = BoundingBox(around: origin.coordinate, radiusMeters: radiusMeters)
        return StreetMap(
            origin: origin, radiusMeters: radiusMeters, areaName: area?.name,
            lines: area.map { $0.streetLines(in: box) } ?? [])
    }

    /// The streets as an RFC 7946 FeatureCollection (https://www.rfc-editor.org/rfc/rfc7946#section-3.3): first the
    /// origin as a Point (role `origin`, with `name`, `area` and `radius_m`), then one LineString per street (role
    /// `street`, with its `kind`: `path`, `minor`, `street` or `major`), faintest first, each simplified within
    /// ``toleranceShareOfRadius`` of the radius and its positions rounded to six decimals.
    package var collection: GeoJSON.FeatureCollection {
        var features = [
            GeoJSON.Feature(
                geometry: .point(origin.coordinate),
                properties: [
                    "role": "origin", "name": .string(origin.label),
                    "area": areaName.map(GeoJSON.Value.string) ?? .null, "radius_m": .number(radiusMeters.rounded()),
                ])
        ]
        features.reserveCapacity(lines.count + 1)
        let tolerance = radiusMeters * Self.toleranceShareOfRadius
        for line in lines {
            features.append(
                GeoJSON.Feature(
                    geometry: .lineString(simplified(line.coordinates, toleranceMeters: tolerance)),
                    properties: ["role": "street", "kind": .string(MapStreet(line).kind.rawValue)]))
        }
        return GeoJSON.FeatureCollection(features: features)
    }

    /// The line with the points dropped that lie within `toleranceMeters` of it
    /// (``MapRenderer/simplified(_:tolerance:)`` on meters east and north of the origin), its positions rounded.
    func simplified(_ line: [Coordinate], toleranceMeters: Double) -> [Coordinate] {
        let metersPerDegree = Earth.metersPerDegreeOfArc
        // East–west meters shrink with the latitude; a floor keeps the division defined at a pole.
        let eastScale = metersPerDegree * max(cos(origin.coordinate.latitude * .pi / 180), 0.01)
        let local = line.map {
            (
                x: ($0.longitude - origin.coordinate.longitude) * eastScale,
                y: ($0.latitude - origin.coordinate.latitude) * metersPerDegree
            )
        }
        return MapRenderer.simplified(local, tolerance: toleranceMeters).map { point in
            Coordinate(
                uncheckedLatitude: Self.rounded(origin.coordinate.latitude + point.y / metersPerDegree),
                longitude: Self.rounded(origin.coordinate.longitude + point.x / eastScale))
        }
    }

    static func rounded(_ degrees: Double) -> Double { (degrees * positionScale).rounded() / positionScale }
}
