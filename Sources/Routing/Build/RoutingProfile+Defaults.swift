extension RoutingProfile {
    /// Driving, after OSRM `profiles/car.lua` (v5/v6): its `speeds.highway` table in km/h, `speed_reduction = 0.8`
    /// applied to a tagged `maxspeed`, the `access_tag_blacklist`, implied one-way roundabouts and motorways, and
    /// `barrier_whitelist` plus gates (OSRM 26.10 routes cars through untagged gates, so they pass here too; any
    /// other barrier node blocks a car unless an access tag allows it). Like OSRM's default `routability` weight, the
    /// search minimises a weight: the duration divided by car.lua's `service_penalties` (alleys, parking aisles,
    /// driveways, drive-throughs 0.5), `side_road_multiplier` 0.8 and the 0.5 of a two-way road
    /// with `lanes=1`; the time lost at nodes is car.lua's 2 s at signals, `Obstacles.process_node`'s 2 s at a stop
    /// and 1 s at a give-way sign, and `barrier_penalties` 60 s at a gate; turns cost `TurnCosts.car`.
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
        allowedAccessValues: [
            "yes", "motorcar", "motor_vehicle", "vehicle", "permissive", "designated", "destination",
        ],
        onewayKeys: ["oneway"],
        impliesOnewayOnRoundabouts: true,
        onewayExceptions: [],
        maxspeedFactor: 0.8,
        excludesAreas: true,
        passableBarriers: [
            "cattle_grid", "border_control", "toll_booth", "sally_port", "no", "entrance", "height_restrictor", "arch",
            "gate", "lift_gate", "swing_gate",
        ],
        avoidsConstruction: true,
        obstaclePenaltiesSeconds: ["stop": 2, "give_way": 1],
        barrierPenaltiesSeconds: ["gate": 60, "lift_gate": 60],
        weightFactors: [
            (
                key: "service",
                values: [
                    "alley": 0.5, "parking": 0.5, "parking_aisle": 0.5, "driveway": 0.5, "drive-through": 0.5,
                    "drive-thru": 0.5,
                ]
            ),
            (key: "side_road", values: ["yes": 0.8, "rotary": 0.8]),
        ],
        singleLaneWeightFactor: 0.5,
        turnCosts: .car)

    /// Walking, after OSRM `profiles/foot.lua` (v26.10): `walking_speed = 5` km/h on its `speeds` table (highway
    /// classes, `railway=platform`, `amenity=parking|parking_entrance`, `man_made=pier`), motorways and trunk roads
    /// closed, the `foot`/`access` hierarchy, and only `oneway:foot` restricting direction. As in OSRM, a cycleway
    /// needs `foot=yes|designated|permissive` (then it is walked at 5 km/h).
    public static let foot = RoutingProfile(
        mode: .walk,
        highwaySpeedsKilometersPerHour: Dictionary(
            uniqueKeysWithValues: [
                "primary", "primary_link", "secondary", "secondary_link", "tertiary", "tertiary_link",
                "unclassified", "residential", "living_street", "service", "track", "path", "steps",
                "pedestrian", "platform", "footway", "pier",
            ].map { ($0, 5.0) }),
        otherSpeedsKilometersPerHour: [
            (key: "railway", speeds: ["platform": 5]), (key: "amenity", speeds: ["parking": 5, "parking_entrance": 5]),
            (key: "man_made", speeds: ["pier": 5]),
        ],
        explicitAccessSpeedKilometersPerHour: 5,
        excludedHighways: ["motorway", "motorway_link", "trunk", "trunk_link", "proposed"],
        accessKeys: ["foot", "access"],
        deniedAccessValues: ["no", "private", "agricultural", "forestry", "delivery", "use_sidepath"],
        allowedAccessValues: ["yes", "foot", "permissive", "designated"],
        onewayKeys: ["oneway:foot"],
        impliesOnewayOnRoundabouts: false,
        onewayExceptions: [],
        maxspeedFactor: nil,
        excludesAreas: false,
        blockingBarriers: ["yes", "wall", "fence"],
        avoidsMotorroads: true)

    /// Cycling, after OSRM `profiles/bicycle.lua` (v26.10): `default_speed = 15` km/h on cycleways and the roads it
    /// accepts, 12 on tracks and 13 on paths, motorways and trunk roads closed, footways and pedestrian streets
    /// ridden at 15 with `bicycle=yes|designated|permissive` and otherwise walked, pushing the bike, at
    /// `walking_speed = 4` km/h (steps at 2: `pedestrian_speeds`), `bicycle`/`vehicle`/`access` tags, and one-way
    /// streets ridden one way unless `oneway:bicycle=no` or `cycleway=opposite*`, walked the other way at 4 km/h
    /// (bicycle.lua's `pushing_bike` against the flow; never round a roundabout backwards).
    public static let bicycle = RoutingProfile(
        mode: .bike,
        highwaySpeedsKilometersPerHour: Dictionary(
            uniqueKeysWithValues: [
                "cycleway", "primary", "primary_link", "secondary", "secondary_link", "tertiary", "tertiary_link",
                "residential", "unclassified", "living_street", "service",
            ].map { ($0, 15.0) }
        ).merging(["track": 12, "path": 13]) { $1 },
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
        excludesAreas: false,
        blockingBarriers: ["yes", "wall", "fence"],
        avoidsConstruction: true,
        avoidsMotorroads: true,
        pushingSpeedsKilometersPerHour: ["footway": 4, "pedestrian": 4, "steps": 2],
        pushingAgainstOnewayKilometersPerHour: 4)
}
