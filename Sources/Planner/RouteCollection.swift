import Geo
import Theaters

/// The GeoJSON of a set of routes: one FeatureCollection with the origin, the theaters and one LineString per route.
public enum RouteCollection {
    /// Builds the collection. Each line carries `mode`, `distance_m`, `duration_s`, `source` and the theater's
    /// name and id; a route by road adds `origin_snap_m` and `destination_snap_m` (the off-road legs walked at each
    /// end, counted in the distance), an estimate `estimate_reason` (`no-area` or `no-path`). A line that crosses
    /// the antimeridian becomes a MultiLineString (RFC 7946 §3.1.9).
    public static func featureCollection(
        origin: Coordinate, originLabel: String, routes: [Route<Theater>]
    ) -> GeoJSON.FeatureCollection {
        var features = [
            GeoJSON.Feature(
                id: "origin", geometry: .point(origin), properties: ["role": "origin", "name": .string(originLabel)])
        ]
        var seen = Set<String>()
        for route in routes where seen.insert(route.theater.id).inserted {
            features.append(
                GeoJSON.Feature(
                    id: route.theater.id, geometry: .point(route.theater.coordinate),
                    properties: theaterProperties(route.theater)))
        }
        for route in routes {
            var properties: [String: GeoJSON.Value] = [
                "role": "route",
                "mode": .string(route.mode.rawValue),
                "distance_m": .number(round1(route.distanceMeters)),
                "straight_line_m": .number(round1(route.straightLineMeters)),
                "duration_s": .number(route.durationSeconds.rounded()),
                "source": .string(route.source.rawValue),
                "theater_id": .string(route.theater.id),
                "theater_name": .string(route.theater.name),
            ]
            if let meters = route.originSnapMeters { properties["origin_snap_m"] = .number(round1(meters)) }
            if let meters = route.destinationSnapMeters { properties["destination_snap_m"] = .number(round1(meters)) }
            if let reason = route.estimateReason { properties["estimate_reason"] = .string(reason.rawValue) }
            features.append(
                GeoJSON.Feature(
                    id: "route/\(route.mode.rawValue)/\(route.theater.id)",
                    geometry: route.geometry.count == 1
                        ? .point(route.geometry[0]) : GeoJSON.splittingAtAntimeridian(route.geometry),
                    properties: properties))
        }
        return GeoJSON.FeatureCollection(features: features)
    }

    static func theaterProperties(_ theater: Theater) -> [String: GeoJSON.Value] {
        var properties: [String: GeoJSON.Value] = [
            "role": "theater", "id": .string(theater.id), "name": .string(theater.name),
            "category": .string(theater.category.tagValue),
        ]
        if let address = theater.address { properties["address"] = .string(address) }
        if let phone = theater.phone { properties["phone"] = .string(phone) }
        if let website = theater.website { properties["website"] = .string(website) }
        return properties
    }

    static func round1(_ value: Double) -> Double { (value * 10).rounded() / 10 }
}
