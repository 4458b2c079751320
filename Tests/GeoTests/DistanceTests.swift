import Basics
import Foundation
import Geo
import Testing

/// Haversine distance, bearing, compass point and destination.
@Suite struct DistanceTests {
    /// Vincenty's formula for the sphere (the atan2 form), an independent check on the haversine.
    static func vincentyMeters(_ a: Coordinate, _ b: Coordinate) -> Double {
        let φ1 = a.latitude * .pi / 180, φ2 = b.latitude * .pi / 180
        let Δλ = (b.longitude - a.longitude) * .pi / 180
        let y = hypot(cos(φ2) * sin(Δλ), cos(φ1) * sin(φ2) - sin(φ1) * cos(φ2) * cos(Δλ))
        let x = sin(φ1) * sin(φ2) + cos(φ1) * cos(φ2) * cos(Δλ)
        return Earth.meanRadiusMeters * atan2(y, x)
    }

    static let helsinki = Coordinate(uncheckedLatitude: 60.1699, longitude: 24.9384)
    static let sydney = Coordinate(uncheckedLatitude: -33.8688, longitude: 151.2093)

    @Test func haversineAgreesWithVincentyWithinATenthOfAMeter() {
        var rng = SplitMix64(seed: 21)
        var worst = 0.0
        for _ in 0..<20_000 {
            let a = rng.uniformCoordinate()
            let b = Bool.random(using: &rng) ? rng.uniformCoordinate() : a.destination(
                distanceMeters: Double.random(in: 0...20_015_000, using: &rng),
                bearingDegrees: Double.random(in: 0..<360, using: &rng))
            worst = max(worst, abs(a.distanceMeters(to: b) - Self.vincentyMeters(a, b)))
        }
        #expect(worst < 0.1)
    }

    @Test func helsinkiToSydneyIsAbout15200Kilometers() {
        // 15,200,625.66 m by Vincenty's spherical formula on the same radius.
        #expect(abs(Self.helsinki.distanceMeters(to: Self.sydney) - 15_200_625.66) < 0.1)
        #expect(Self.helsinki.distanceMeters(to: Self.sydney) == Self.sydney.distanceMeters(to: Self.helsinki))
    }

    @Test func knownDistancesAreReproduced() {
        let bigBen = Coordinate(uncheckedLatitude: 51.5007, longitude: -0.1246)
        let liberty = Coordinate(uncheckedLatitude: 40.6892, longitude: -74.0445)
        #expect(abs(bigBen.distanceMeters(to: liberty) - 5_574_848.16) < 0.1)
        let north = Coordinate(uncheckedLatitude: 90, longitude: 0)
        let south = Coordinate(uncheckedLatitude: -90, longitude: 77)
        #expect(abs(north.distanceMeters(to: south) - Earth.halfCircumferenceMeters) < 1e-6)
        // One degree of longitude across the antimeridian on the equator.
        let west = Coordinate(uncheckedLatitude: 0, longitude: 179.5)
        let east = Coordinate(uncheckedLatitude: 0, longitude: -179.5)
        #expect(abs(west.distanceMeters(to: east) - Earth.metersPerDegreeOfArc) < 1e-6)
        #expect(Self.helsinki.distanceMeters(to: Self.helsinki) == 0)
    }

    @Test func bearingsPointAlongTheCardinalDirections() {
        let origin = Coordinate(uncheckedLatitude: 0, longitude: 0)
        #expect(abs(origin.initialBearingDegrees(to: Coordinate(uncheckedLatitude: 1, longitude: 0))) < 1e-9)
        #expect(abs(origin.initialBearingDegrees(to: Coordinate(uncheckedLatitude: 0, longitude: 1)) - 90) < 1e-9)
        #expect(abs(origin.initialBearingDegrees(to: Coordinate(uncheckedLatitude: -1, longitude: 0)) - 180) < 1e-9)
        #expect(abs(origin.initialBearingDegrees(to: Coordinate(uncheckedLatitude: 0, longitude: -1)) - 270) < 1e-9)
        #expect(origin.initialBearingDegrees(to: origin) == 0)
        // Eastward across the antimeridian.
        let west = Coordinate(uncheckedLatitude: 0, longitude: 179.5)
        #expect(abs(west.initialBearingDegrees(to: Coordinate(uncheckedLatitude: 0, longitude: -179.5)) - 90) < 1e-9)
    }

    @Test func compassPointsCoverTheirFortyFiveDegreeSectors() {
        let table: [(Double, CompassPoint)] = [
            (0, .north), (22.49, .north), (22.5, .northEast), (67.4, .northEast), (90, .east),
            (135, .southEast), (180, .south), (225, .southWest), (270, .west), (315, .northWest),
            (337.49, .northWest), (337.5, .north), (359.99, .north), (-45, .northWest), (720, .north),
        ]
        for (bearing, expected) in table {
            #expect(CompassPoint(bearingDegrees: bearing) == expected, "bearing \(bearing)")
        }
        #expect(Self.helsinki.compassPoint(to: Self.sydney) == .east)
    }

    @Test func destinationRoundTripsDistanceAndBearing() {
        var rng = SplitMix64(seed: 22)
        for _ in 0..<2000 {
            let start = Coordinate(
                uncheckedLatitude: Double.random(in: -85...85, using: &rng),
                longitude: Double.random(in: -180...180, using: &rng))
            let distance = Double.random(in: 1...15_000_000, using: &rng)
            let bearing = Double.random(in: 0..<360, using: &rng)
            let end = start.destination(distanceMeters: distance, bearingDegrees: bearing)
            #expect((-180...180).contains(end.longitude))
            #expect(abs(start.distanceMeters(to: end) - distance) < 1e-3)
            let back = start.initialBearingDegrees(to: end)
            #expect(min(abs(back - bearing), 360 - abs(back - bearing)) < 1e-6)
        }
    }

    @Test func intermediatePointsLieOnTheGreatCircle() {
        let half = Self.helsinki.intermediate(to: Self.sydney, fraction: 0.5)
        let total = Self.helsinki.distanceMeters(to: Self.sydney)
        #expect(abs(Self.helsinki.distanceMeters(to: half) - total / 2) < 1e-3)
        #expect(abs(half.distanceMeters(to: Self.sydney) - total / 2) < 1e-3)
    }
}
