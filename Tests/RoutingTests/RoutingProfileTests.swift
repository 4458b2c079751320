import Geo
import TestSupport
import Testing

@testable import Routing

@Suite(.offThePool) struct RoutingProfileTests {
    @Test(arguments: [
        ("motorway", 90.0), ("trunk", 85), ("primary", 65), ("secondary", 55), ("tertiary", 40),
        ("unclassified", 25), ("residential", 25), ("living_street", 10), ("service", 15), ("motorway_link", 45),
    ])
    func carSpeedsFollowOSRMsTable(_ highway: String, _ kilometersPerHour: Double) throws {
        let speeds = try #require(RoutingProfile.car.speeds(for: ["highway": highway]))
        #expect(speeds.forwardKilometersPerHour == kilometersPerHour)
    }

    @Test(arguments: ["yes", "1", "true"])
    func onewayYesClosesTheBackwardDirection(_ value: String) throws {
        let speeds = try #require(RoutingProfile.car.speeds(for: ["highway": "residential", "oneway": value]))
        #expect(speeds.forwardKilometersPerHour == 25)
        #expect(speeds.backwardKilometersPerHour == nil)
    }

    @Test func onewayMinusOneClosesTheForwardDirection() throws {
        let speeds = try #require(RoutingProfile.car.speeds(for: ["highway": "residential", "oneway": "-1"]))
        #expect(speeds.forwardKilometersPerHour == nil)
        #expect(speeds.backwardKilometersPerHour == 25)
    }

    @Test(arguments: [TravelMode.drive, .bike])
    func aRoundaboutImpliesOneway(_ mode: TravelMode) throws {
        let tags = ["highway": "tertiary", "junction": "roundabout"]
        let speeds = try #require(RoutingProfile.forMode(mode).speeds(for: tags))
        #expect(speeds.forwardKilometersPerHour != nil)
        #expect(speeds.backwardKilometersPerHour == nil)
    }

    @Test func walkersIgnoreOnewayAndRoundabouts() throws {
        let tags = ["highway": "residential", "oneway": "yes", "junction": "roundabout"]
        let speeds = try #require(RoutingProfile.foot.speeds(for: tags))
        #expect(speeds == WaySpeeds(forwardKilometersPerHour: 5, backwardKilometersPerHour: 5))
    }

    @Test(arguments: [
        ["highway": "residential", "motor_vehicle": "private"], ["highway": "residential", "access": "no"],
        ["highway": "service", "access": "private"], ["highway": "residential", "motor_vehicle": "no"],
        ["highway": "footway"], ["highway": "pedestrian", "area": "yes"], ["highway": "construction"],
        ["building": "yes"],
    ])
    func carsCannotUse(_ tags: [String: String]) {
        #expect(RoutingProfile.car.speeds(for: tags) == nil)
    }

    @Test func roadsUnderConstructionAreClosedToCarsAndBikesOnly() {
        let tags = ["highway": "motorway", "construction": "motorway"]
        #expect(RoutingProfile.car.speeds(for: tags) == nil)
        #expect(RoutingProfile.car.speeds(for: ["highway": "primary", "construction": "minor"]) != nil)
        #expect(RoutingProfile.bicycle.speeds(for: ["highway": "residential", "construction": "yes"]) == nil)
        #expect(RoutingProfile.foot.speeds(for: ["highway": "residential", "construction": "yes"]) != nil)
    }

    @Test func aSpecificPermissionBeatsAGeneralBan() {
        let tags = ["highway": "residential", "access": "private", "motor_vehicle": "yes"]
        #expect(RoutingProfile.car.speeds(for: tags) != nil)
    }

    @Test(arguments: [
        ["highway": "motorway"], ["highway": "trunk"], ["highway": "footway", "foot": "no"],
        ["highway": "residential", "access": "private"],
    ])
    func walkersCannotUse(_ tags: [String: String]) {
        #expect(RoutingProfile.foot.speeds(for: tags) == nil)
    }

    @Test(arguments: ["footway", "pedestrian", "path", "steps", "residential", "platform", "track", "primary"])
    func walkersUseAt5KilometersPerHour(_ highway: String) {
        #expect(RoutingProfile.foot.speeds(for: ["highway": highway])?.forwardKilometersPerHour == 5)
    }

    @Test func walkersUseRailwayPlatformsAndCyclewaysOpenToThem() {
        #expect(RoutingProfile.foot.speeds(for: ["railway": "platform"])?.forwardKilometersPerHour == 5)
        #expect(RoutingProfile.foot.speeds(for: ["highway": "cycleway"]) == nil)
        #expect(RoutingProfile.foot.speeds(for: ["highway": "cycleway", "foot": "designated"]) != nil)
        #expect(RoutingProfile.car.speeds(for: ["railway": "platform"]) == nil)
    }

    @Test func cyclistsRideFootwaysWhenAllowedAndOtherwiseWalkThemPushing() {
        // As OSRM's bicycle.lua: pedestrian ways are walked at 4 km/h (steps at 2) unless riding is allowed
        #expect(RoutingProfile.bicycle.speeds(for: ["highway": "footway"]) == WaySpeeds(forwardKilometersPerHour: 4, backwardKilometersPerHour: 4))
        #expect(RoutingProfile.bicycle.speeds(for: ["highway": "pedestrian"])?.forwardKilometersPerHour == 4)
        #expect(RoutingProfile.bicycle.speeds(for: ["highway": "steps"])?.forwardKilometersPerHour == 2)
        #expect(RoutingProfile.bicycle.speeds(for: ["highway": "footway", "bicycle": "yes"])?.forwardKilometersPerHour == 15)
        #expect(RoutingProfile.bicycle.speeds(for: ["highway": "footway", "bicycle": "no"]) == nil)
        #expect(RoutingProfile.bicycle.speeds(for: ["highway": "motorway"]) == nil)
        #expect(RoutingProfile.bicycle.speeds(for: ["highway": "cycleway"])?.forwardKilometersPerHour == 15)
    }

    @Test func cyclistsWalkAOnewayStreetAgainstItsFlowButNeverARoundabout() {
        let oneway = RoutingProfile.bicycle.speeds(for: ["highway": "residential", "oneway": "yes"])
        #expect(oneway == WaySpeeds(forwardKilometersPerHour: 15, backwardKilometersPerHour: 4))
        let reversed = RoutingProfile.bicycle.speeds(for: ["highway": "residential", "oneway": "-1"])
        #expect(reversed == WaySpeeds(forwardKilometersPerHour: 4, backwardKilometersPerHour: 15))
        let roundabout = RoutingProfile.bicycle.speeds(for: ["highway": "tertiary", "junction": "roundabout"])
        #expect(roundabout?.backwardKilometersPerHour == nil)
        // Cars never go against the flow
        #expect(RoutingProfile.car.speeds(for: ["highway": "residential", "oneway": "yes"])?.backwardKilometersPerHour == nil)
    }

    @Test func cyclistsMayRideAgainstAOnewayWithAContraflowLane() {
        let tags = ["highway": "residential", "oneway": "yes", "cycleway": "opposite_lane"]
        #expect(RoutingProfile.bicycle.speeds(for: tags)?.backwardKilometersPerHour == 15)
        let signed = ["highway": "residential", "oneway": "yes", "oneway:bicycle": "no"]
        #expect(RoutingProfile.bicycle.speeds(for: signed)?.backwardKilometersPerHour == 15)
    }

    @Test func barriersFollowOSRMsListsAndAccessOverridesThem() {
        #expect(RoutingProfile.car.blocksPassage(nodeTags: ["barrier": "bollard"]))
        #expect(RoutingProfile.car.blocksPassage(nodeTags: ["barrier": "block"]))
        #expect(!RoutingProfile.car.blocksPassage(nodeTags: ["barrier": "gate"]))
        #expect(RoutingProfile.car.blocksPassage(nodeTags: ["barrier": "gate", "access": "private"]))
        #expect(!RoutingProfile.car.blocksPassage(nodeTags: ["barrier": "cattle_grid"]))
        #expect(!RoutingProfile.foot.blocksPassage(nodeTags: ["barrier": "bollard"]))
        #expect(RoutingProfile.foot.blocksPassage(nodeTags: ["barrier": "fence"]))
        #expect(RoutingProfile.foot.blocksPassage(nodeTags: ["barrier": "gate", "access": "no"]))
        #expect(!RoutingProfile.foot.blocksPassage(nodeTags: ["highway": "crossing"]))
    }

    @Test func aTaggedMaxspeedIsDrivenAt80Percent() {
        let speeds = RoutingProfile.car.speeds(for: ["highway": "residential", "maxspeed": "40"])
        #expect(speeds?.forwardKilometersPerHour == 32)
    }

    @Test(arguments: [
        ("50", 50.0 as Double?), ("30 mph", 48.28032), ("FI:urban", 50), ("DE:rural", 100), ("RU:urban", 60),
        ("none", nil), ("signals", nil), ("walk", nil), ("", nil), ("fast", nil), ("60 km/h", 60),
    ])
    func maxspeedValuesAreRead(_ text: String, _ expected: Double?) {
        let value = MaxSpeed.kilometersPerHour(text)
        if let expected {
            #expect(value.map { abs($0 - expected) < 1e-9 } == true)
        } else {
            #expect(value == nil)
        }
    }
}
