extension RoutingProfile {
    /// Driving, after OSRM `profiles/car.lua` (v5/v6): its `speeds.highway` table in km/h, `speed_reduction = 0.8`
    /// applied to a tagged `maxspeed`, the `access_tag_blacklist`, and implied one-way roundabouts and motorways.
    public static let car = RoutingProfile(
        mode: .drive,
        highwaySpeedsKilometersPerHour: [
            "motorway": 90, "motorway_link": 45, "trunk": 85, "trunk_link": 40, "primary": 65, "primary_link": 30,
            "secondary": 55, "secondary_link": 25, "tertiary": 40, "tertiary_link": 20, "unclassified": 25,
            "residential": 25, "living_street": 10, "service": 15,
        ],
        explicitAccessSpeedKilometersPerHour: nil,
        excludedHighways: [],
        accessKeys: ["motorcar", "motor_vehicle", "vehicle", "access"],
        deniedAccessValues: [
            "no", "private", "agricultural", "forestry", "emergency", "psv", "customers", "delivery",
        ],
        allowedAccessValues: ["yes", "motorcar", "motor_vehicle", "vehicle", "permissive", "designated", "destination"],
        onewayKeys: ["oneway"],
        impliesOnewayOnRoundabouts: true,
        onewayExceptions: [],
        maxspeedFactor: 0.8,
        excludesAreas: true)

    /// Walking, after OSRM `profiles/foot.lua`: `walking_speed = 5` km/h on every way it accepts, motorways and
    /// trunk roads closed, `foot`/`access` tags, and only `oneway:foot` restricting direction.
    public static let foot = RoutingProfile(
        mode: .walk,
        highwaySpeedsKilometersPerHour: Dictionary(
            uniqueKeysWithValues: [
                "primary", "primary_link", "secondary", "secondary_link", "tertiary", "tertiary_link",
                "unclassified", "residential", "road", "living_street", "service", "track", "path", "steps",
                "pedestrian", "platform", "footway", "pier", "cycleway", "bridleway", "corridor",
            ].map { ($0, 5.0) }),
        explicitAccessSpeedKilometersPerHour: 5,
        excludedHighways: ["motorway", "motorway_link", "trunk", "trunk_link", "construction", "proposed"],
        accessKeys: ["foot", "access"],
        deniedAccessValues: ["no", "private", "agricultural", "forestry", "delivery", "use_sidepath"],
        allowedAccessValues: ["yes", "foot", "permissive", "designated"],
        onewayKeys: ["oneway:foot"],
        impliesOnewayOnRoundabouts: false,
        onewayExceptions: [],
        maxspeedFactor: nil,
        excludesAreas: false)

    /// Cycling, after OSRM `profiles/bicycle.lua`: `default_speed = 15` km/h on cycleways and the roads it accepts,
    /// motorways and trunk roads closed, footways and pedestrian streets only with `bicycle=yes|designated`,
    /// `bicycle`/`vehicle`/`access` tags, and one-way streets respected unless `oneway:bicycle=no` or
    /// `cycleway=opposite*` (OSRM's walking-against-the-flow fallback is not modelled).
    public static let bicycle = RoutingProfile(
        mode: .bike,
        highwaySpeedsKilometersPerHour: Dictionary(
            uniqueKeysWithValues: [
                "cycleway", "primary", "primary_link", "secondary", "secondary_link", "tertiary", "tertiary_link",
                "residential", "unclassified", "living_street", "road", "service", "track", "path",
            ].map { ($0, 15.0) }),
        explicitAccessSpeedKilometersPerHour: 15,
        excludedHighways: ["motorway", "motorway_link", "trunk", "trunk_link", "construction", "proposed"],
        accessKeys: ["bicycle", "vehicle", "access"],
        deniedAccessValues: ["no", "private", "agricultural", "forestry", "delivery", "use_sidepath"],
        allowedAccessValues: ["yes", "permissive", "designated"],
        onewayKeys: ["oneway:bicycle", "oneway"],
        impliesOnewayOnRoundabouts: true,
        onewayExceptions: [
            (key: "cycleway", value: "opposite"), (key: "cycleway", value: "opposite_lane"),
            (key: "cycleway", value: "opposite_track"),
        ],
        maxspeedFactor: nil,
        excludesAreas: false)
}
