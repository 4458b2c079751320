import Foundation
import Geo
import Testing

/// Reading the radius the user typed.
@Suite struct RadiusTests {
    @Test func aBareNumberIsDegreesOfArc() throws {
        let radius = try Radius(parsing: "0.5")
        #expect(abs(radius.meters - 55_597.54) < 0.01)
        #expect(radius.description == "55.6 km")
    }

    @Test(arguments: [("800m", 800.0), ("5km", 5000.0), ("3mi", 4828.032), (" 2 KM ", 2000.0), ("1deg", 111_195.08)])
    func distancesWithUnitsAreRead(text: String, meters: Double) throws {
        #expect(abs(try Radius(parsing: text).meters - meters) < 0.01)
    }

    @Test func malformedRadiiAreRejected() {
        #expect(throws: GeoError.malformedRadius("abc")) { try Radius(parsing: "abc") }
        #expect(throws: GeoError.malformedRadius("nan")) { try Radius(parsing: "nan") }
        #expect(throws: GeoError.malformedRadius("km")) { try Radius(parsing: "km") }
        #expect(throws: GeoError.malformedRadius("0x10")) { try Radius(parsing: "0x10") }
        #expect(throws: GeoError.malformedRadius("infkm")) { try Radius(parsing: "infkm") }
        #expect(throws: Never.self) { try Radius(parsing: "1e3m") }
    }

    @Test func nonPositiveRadiiAreRejected() {
        #expect(throws: GeoError.nonPositiveRadius("-1")) { try Radius(parsing: "-1") }
        #expect(throws: GeoError.nonPositiveRadius("0")) { try Radius(parsing: "0") }
    }

    @Test func radiiBeyondHalfTheEarthAreRejected() {
        #expect(throws: GeoError.radiusBeyondHalfEarth("30000km")) { try Radius(parsing: "30000km") }
        #expect(throws: Never.self) { try Radius(parsing: "20000km") }
    }

    @Test func distancesAreFormattedForPeople() {
        #expect(DistanceFormat.human(meters: 420) == "420 m")
        #expect(DistanceFormat.human(meters: 1234) == "1.2 km")
        #expect(DistanceFormat.minutes(seconds: 10) == "1 min")
        #expect(DistanceFormat.minutes(seconds: 3900) == "1 h 05 min")
    }

    @Test func travelMinutesRoundUpSoThatLeaveByTimesHold() {
        #expect(DistanceFormat.wholeMinutes(seconds: 364) == 7)
        #expect(DistanceFormat.wholeMinutes(seconds: 480) == 8)
        #expect(DistanceFormat.wholeMinutes(seconds: 480.000_000_1) == 8)
        #expect(DistanceFormat.wholeMinutes(seconds: 481) == 9)
        #expect(DistanceFormat.wholeMinutes(seconds: 0) == 1)
        #expect(DistanceFormat.minutes(seconds: 3541) == "1 h 00 min")
    }
}
