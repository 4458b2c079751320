import Geo

/// Which ways a travel mode may use and how fast, kept as data apart from the graph builder.
///
/// The defaults follow OSRM's profiles (github.com/Project-OSRM/osrm-backend, `profiles/car.lua`,
/// `profiles/foot.lua`, `profiles/bicycle.lua`); see `RoutingProfile+Defaults.swift` for the numbers.
/// Modelled for cars as OSRM does: turn penalties by angle (`TurnCosts`), a `routability` weight that the search
/// minimises apart from the duration it reports (`WaySpeeds` weight factors), and the time lost at traffic
/// signals, stop signs, give-way signs and gates. Not modelled: turn restrictions, surface and smoothness
/// penalties, ferries, and bicycles pushed against one-way streets.
public struct RoutingProfile: Sendable {
    /// The travel mode the profile serves.
    public let mode: TravelMode
    /// Speed by `highway` value, in km/h; a `highway` missing here is not routable unless explicitly allowed.
    public let highwaySpeedsKilometersPerHour: [String: Double]
    /// Speeds for ways without a tabled `highway`, by other keys in order (`railway=platform`, `man_made=pier`).
    public let otherSpeedsKilometersPerHour: [(key: String, speeds: [String: Double])]
    /// The speed used on a way opened only by an explicit access tag (`bicycle=yes` on a footway), in km/h;
    /// nil when explicit access cannot open a way missing from the speed table.
    public let explicitAccessSpeedKilometersPerHour: Double?
    /// `highway` values never used, whatever their access tags say (motorways for walking).
    public let excludedHighways: Set<String>
    /// Access keys from the most to the least specific (`motor_vehicle` before `access`); the first present decides.
    public let accessKeys: [String]
    /// Access values that close a way (`no`, `private`, …).
    public let deniedAccessValues: Set<String>
    /// Access values that open a way (`yes`, `designated`, …).
    public let allowedAccessValues: Set<String>
    /// Keys read for one-way travel, most specific first (`oneway:bicycle`, then `oneway`).
    public let onewayKeys: [String]
    /// True when `junction=roundabout|circular` and motorways imply one-way travel.
    public let impliesOnewayOnRoundabouts: Bool
    /// Tag/value pairs that lift one-way travel for this mode (`cycleway=opposite`).
    public let onewayExceptions: [(key: String, value: String)]
    /// The share of a tagged `maxspeed` driven (OSRM's `speed_reduction`), or nil when `maxspeed` is ignored.
    public let maxspeedFactor: Double?
    /// True when `area=yes` closes a way (a car does not drive across a pedestrian square).
    public let excludesAreas: Bool
    /// The only `barrier` values a node may carry and still be passed (cars), or nil to use `blockingBarriers`.
    public let passableBarriers: Set<String>?
    /// `barrier` values that block passage when `passableBarriers` is nil (walking and cycling).
    public let blockingBarriers: Set<String>
    /// True when ways under construction (`highway=construction`, or `construction=*` other than `no`, `minor`
    /// and `widening`) are closed, as OSRM's `avoid` set says for cars and bicycles.
    public let avoidsConstruction: Bool
    /// True when `motorroad=yes` closes a way (walking and cycling).
    public let avoidsMotorroads: Bool
    /// The time lost at a `highway=traffic_signals` node, added to the edges that reach it, in seconds
    /// (OSRM's `traffic_signal_penalty`, 2 s in all three profiles).
    public let trafficSignalPenaltySeconds: Double
    /// Seconds lost at other obstacle nodes, by `highway` value (`stop`, `give_way`); see `nodePenaltySeconds`.
    public let obstaclePenaltiesSeconds: [String: Double]
    /// Seconds lost at a passable barrier node without access tags, by `barrier` value (OSRM's
    /// `barrier_penalties`: gates for cars).
    public let barrierPenaltiesSeconds: [String: Double]
    /// The share of a way's speed its routing weight counts (OSRM's `routability` rate factors), by tag and value:
    /// `service=alley` 0.5 makes an alley weigh twice its duration. The smallest factor that applies wins.
    public let weightFactors: [(key: String, values: [String: Double])]
    /// The weight factor of a two-way road with at most one lane (`lanes=1`), or nil to ignore `lanes`.
    public let singleLaneWeightFactor: Double?
    /// Turn penalties, or nil when turns cost nothing (then paths are searched node by node).
    public let turnCosts: TurnCosts?
    /// Ways the traveller may walk along, pushing, by `highway` value, with the speed: for cycling, footways and
    /// pedestrian streets (OSRM bicycle.lua's `pedestrian_speeds`, mode `pushing_bike`).
    public let pushingSpeedsKilometersPerHour: [String: Double]
    /// The speed of walking a one-way street against its flow (pushing a bike), or nil when that is not allowed.
    /// Roundabouts are never taken backwards.
    public let pushingAgainstOnewayKilometersPerHour: Double?

    /// `construction` values that leave a way open (OSRM's `construction_whitelist`).
    public static let openConstructionValues: Set<String> = ["no", "widening", "minor"]

    /// Creates a profile from its data.
    public init(
        mode: TravelMode, highwaySpeedsKilometersPerHour: [String: Double],
        otherSpeedsKilometersPerHour: [(key: String, speeds: [String: Double])] = [],
        explicitAccessSpeedKilometersPerHour: Double?, excludedHighways: Set<String>, accessKeys: [String],
        deniedAccessValues: Set<String>, allowedAccessValues: Set<String>, onewayKeys: [String],
        impliesOnewayOnRoundabouts: Bool, onewayExceptions: [(key: String, value: String)], maxspeedFactor: Double?,
        excludesAreas: Bool, passableBarriers: Set<String>? = nil, blockingBarriers: Set<String> = [],
        avoidsConstruction: Bool = false, avoidsMotorroads: Bool = false, trafficSignalPenaltySeconds: Double = 2,
        obstaclePenaltiesSeconds: [String: Double] = [:], barrierPenaltiesSeconds: [String: Double] = [:],
        weightFactors: [(key: String, values: [String: Double])] = [], singleLaneWeightFactor: Double? = nil,
        turnCosts: TurnCosts? = nil, pushingSpeedsKilometersPerHour: [String: Double] = [:],
        pushingAgainstOnewayKilometersPerHour: Double? = nil
    ) {
        self.pushingSpeedsKilometersPerHour = pushingSpeedsKilometersPerHour
        self.pushingAgainstOnewayKilometersPerHour = pushingAgainstOnewayKilometersPerHour
        self.mode = mode
        self.highwaySpeedsKilometersPerHour = highwaySpeedsKilometersPerHour
        self.otherSpeedsKilometersPerHour = otherSpeedsKilometersPerHour
        self.explicitAccessSpeedKilometersPerHour = explicitAccessSpeedKilometersPerHour
        self.excludedHighways = excludedHighways
        self.accessKeys = accessKeys
        self.deniedAccessValues = deniedAccessValues
        self.allowedAccessValues = allowedAccessValues
        self.onewayKeys = onewayKeys
        self.impliesOnewayOnRoundabouts = impliesOnewayOnRoundabouts
        self.onewayExceptions = onewayExceptions
        self.maxspeedFactor = maxspeedFactor
        self.excludesAreas = excludesAreas
        self.passableBarriers = passableBarriers
        self.blockingBarriers = blockingBarriers
        self.avoidsConstruction = avoidsConstruction
        self.avoidsMotorroads = avoidsMotorroads
        self.trafficSignalPenaltySeconds = trafficSignalPenaltySeconds
        self.obstaclePenaltiesSeconds = obstaclePenaltiesSeconds
        self.barrierPenaltiesSeconds = barrierPenaltiesSeconds
        self.weightFactors = weightFactors
        self.singleLaneWeightFactor = singleLaneWeightFactor
        self.turnCosts = turnCosts
    }

    /// The profile for `mode`.
    public static func forMode(_ mode: TravelMode) -> RoutingProfile {
        switch mode {
        case .walk: .foot
        case .bike: .bicycle
        case .drive: .car
        }
    }

    /// The speeds of a way with these tags, or nil when the profile may not use it at all.
    public func speeds(for tags: [String: String]) -> WaySpeeds? {
        let highway = tags["highway"]
        if let highway, excludedHighways.contains(highway) { return nil }
        if excludesAreas && tags["area"] == "yes" { return nil }
        if tags["impassable"] == "yes" || tags["status"] == "impassable" { return nil }
        if avoidsMotorroads && tags["motorroad"] == "yes" { return nil }
        if avoidsConstruction {
            if highway == "construction" { return nil }
            if let construction = tags["construction"], !Self.openConstructionValues.contains(construction) {
                return nil
            }
        }
        var explicitlyAllowed = false
        if let key = accessKeys.first(where: { tags[$0] != nil }), let value = tags[key] {
            if deniedAccessValues.contains(value) { return nil }
            explicitlyAllowed = allowedAccessValues.contains(value)
        }
        let baseSpeed: Double
        if let highway, let tabled = highwaySpeedsKilometersPerHour[highway] {
            baseSpeed = tabled
        } else if let other = otherSpeed(tags) {
            baseSpeed = other
        } else if highway != nil, explicitlyAllowed, let explicit = explicitAccessSpeedKilometersPerHour {
            baseSpeed = explicit
        } else if let highway, let pushing = pushingSpeedsKilometersPerHour[highway] {
            baseSpeed = pushing
        } else {
            return nil
        }
        var forward = baseSpeed
        var backward = baseSpeed
        if let factor = maxspeedFactor {
            if let limit = tags["maxspeed"].flatMap(MaxSpeed.kilometersPerHour) { forward = limit * factor }
            backward = forward
            if let limit = tags["maxspeed:forward"].flatMap(MaxSpeed.kilometersPerHour) { forward = limit * factor }
            if let limit = tags["maxspeed:backward"].flatMap(MaxSpeed.kilometersPerHour) { backward = limit * factor }
        }
        let direction = oneway(tags, highway: highway)
        let factor = weightFactor(tags, bidirectional: direction == .both)
        let roundabout = tags["junction"] == "roundabout" || tags["junction"] == "circular"
        if let push = pushingAgainstOnewayKilometersPerHour, !roundabout {
            // Against the flow on foot, pushing (OSRM bicycle.lua: `backward_mode = mode.pushing_bike`).
            switch direction {
            case .forward:
                return WaySpeeds(forwardKilometersPerHour: forward, backwardKilometersPerHour: push, weightFactor: factor)
            case .backward:
                return WaySpeeds(forwardKilometersPerHour: push, backwardKilometersPerHour: backward, weightFactor: factor)
            default: break
            }
        }
        switch direction {
        case .both:
            return WaySpeeds(
                forwardKilometersPerHour: forward, backwardKilometersPerHour: backward, weightFactor: factor)
        case .forward:
            return WaySpeeds(forwardKilometersPerHour: forward, backwardKilometersPerHour: nil, weightFactor: factor)
        case .backward:
            return WaySpeeds(forwardKilometersPerHour: nil, backwardKilometersPerHour: backward, weightFactor: factor)
        case .closed: return nil
        }
    }

    /// The time lost passing a node with these tags, in seconds: traffic signals, the `obstaclePenaltiesSeconds`
    /// (stop and give-way signs), and a penalised barrier (a gate) when no access tag of the profile is set,
    /// as OSRM's `process_node` and `Obstacles.process_node` charge them.
    public func nodePenaltySeconds(nodeTags tags: [String: String]) -> Double {
        var seconds = 0.0
        if let highway = tags["highway"] {
            if highway == "traffic_signals" { seconds += trafficSignalPenaltySeconds }
            seconds += obstaclePenaltiesSeconds[highway] ?? 0
        }
        if let barrier = tags["barrier"], let penalty = barrierPenaltiesSeconds[barrier],
            !accessKeys.contains(where: { tags[$0] != nil })
        {
            seconds += penalty
        }
        return seconds
    }

    /// The smallest weight factor that applies to a way (1 when none does).
    private func weightFactor(_ tags: [String: String], bidirectional: Bool) -> Double {
        var factor = 1.0
        for (key, values) in weightFactors {
            if let value = tags[key], let tabled = values[value] { factor = min(factor, tabled) }
        }
        if bidirectional, let single = singleLaneWeightFactor, let lanes = tags["lanes"].flatMap({ Int($0) }),
            lanes <= 1
        {
            factor = min(factor, single)
        }
        return factor
    }

    /// True when a node with these tags cannot be passed (a gate with `access=no`, a wall, a bollard for cars);
    /// the builder then drops the segments that touch it. An allowing access tag overrides the barrier.
    public func blocksPassage(nodeTags tags: [String: String]) -> Bool {
        if let key = accessKeys.first(where: { tags[$0] != nil }), let value = tags[key] {
            if deniedAccessValues.contains(value) { return true }
            if allowedAccessValues.contains(value) { return false }
        }
        guard let barrier = tags["barrier"] else { return false }
        if let passableBarriers { return !passableBarriers.contains(barrier) }
        return blockingBarriers.contains(barrier)
    }

    private func otherSpeed(_ tags: [String: String]) -> Double? {
        for (key, speeds) in otherSpeedsKilometersPerHour {
            if let value = tags[key], let speed = speeds[value] { return speed }
        }
        return nil
    }

    private enum Direction { case both, forward, backward, closed }

    private func oneway(_ tags: [String: String], highway: String?) -> Direction {
        if onewayExceptions.contains(where: { tags[$0.key] == $0.value }) { return .both }
        if let key = onewayKeys.first(where: { tags[$0] != nil }), let value = tags[key] {
            switch value {
            case "yes", "1", "true": return .forward
            case "-1", "reverse": return .backward
            case "reversible", "alternating": return .closed
            case "no", "0", "false": return .both
            default: break
            }
        }
        if impliesOnewayOnRoundabouts {
            if tags["junction"] == "roundabout" || tags["junction"] == "circular" { return .forward }
            if highway == "motorway" || highway == "motorway_link" { return .forward }
        }
        return .both
    }
}
