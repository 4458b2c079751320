import Geo

/// What a table says of a route besides its distance and time: the off-road part, and why an estimate is one.
public enum RouteNotes {
    /// The shortest off-road part a table mentions, in meters: the few metres from a door to the street are in
    /// every route by road and go unsaid.
    public static let offRoadNoticeMeters = 100.0

    /// "includes 1.2 km off-road" for a route by road whose ends lie `offRoadNoticeMeters` or more from the road
    /// (walked straight at foot speed, and counted in its distance and time); nil otherwise.
    public static func offRoad<Destination>(_ route: Route<Destination>) -> String? {
        guard route.source == .roadNetwork, route.offRoadMeters >= offRoadNoticeMeters else { return nil }
        return "includes \(DistanceFormat.human(meters: route.offRoadMeters)) off-road"
    }

    /// Why a route is an estimate, in words: "no imported area covers ORIGIN and DESTINATION for drive" or "no
    /// path by road between ORIGIN and DESTINATION"; nil for a route by road.
    public static func estimateReason<Destination>(
        _ route: Route<Destination>, origin: String, destination: String
    ) -> String? {
        switch route.estimateReason {
        case nil: nil
        case .noArea?: "no imported area with roads for \(route.mode.rawValue) covers both \(origin) and \(destination)"
        case .noPath?: "no path by road between \(origin) and \(destination)"
        }
    }
}
