import Foundation
import Geo
import Testing

/// The travel-time assumptions, checked as a table.
@Suite struct TravelModeTests {
    static let expected: [TravelMode: (speedKilometersPerHour: Double, circuity: Double)] = [
        .walk: (5, 1.22), .bike: (15, 1.25), .drive: (30, 1.23),
    ]

    @Test(arguments: TravelMode.allCases)
    func eachModeHasItsDocumentedSpeedAndCircuity(mode: TravelMode) throws {
        let row = try #require(Self.expected[mode])
        #expect(mode.speedKilometersPerHour == row.speedKilometersPerHour)
        #expect(mode.circuity == row.circuity)
        #expect((1.2...1.3).contains(mode.circuity))
        #expect(abs(mode.speedMetersPerSecond - row.speedKilometersPerHour / 3.6) < 1e-12)
    }

    @Test(arguments: TravelMode.allCases)
    func durationIsDistanceTimesCircuityOverSpeed(mode: TravelMode) {
        let seconds = mode.estimatedDurationSeconds(straightLineMeters: 1000)
        #expect(abs(seconds - 1000 * mode.circuity / mode.speedMetersPerSecond) < 1e-9)
        #expect(mode.estimatedNetworkDistanceMeters(straightLineMeters: 1000) == 1000 * mode.circuity)
        #expect(mode.estimatedDurationSeconds(straightLineMeters: 0) == 0)
    }

    @Test func walkingOneKilometerTakesAboutFifteenMinutes() {
        // 1 km × 1.22 at 5 km/h = 878.4 s.
        #expect(abs(TravelMode.walk.estimatedDurationSeconds(straightLineMeters: 1000) - 878.4) < 1e-9)
    }
}
