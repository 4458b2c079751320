import Basics
import Foundation
import Geo
import Testing

/// `BoundingBox(around:radiusMeters:)` must hold every point of the circle, wherever the circle is.
@Suite struct BoundingBoxTests {
    /// Describes the first brute-force hit outside the box, or nil.
    static func firstEscape(points: [Coordinate], centers: [Coordinate], radiiMeters: [Double]) -> String? {
        for center in centers {
            for radius in radiiMeters {
                let box = BoundingBox(around: center, radiusMeters: radius)
                for hit in BruteForce.neighbors(within: radius, of: center, in: points)
                where !box.contains(points[hit.index]) {
                    return "\(points[hit.index]) is \(hit.distanceMeters) m from \(center) but outside \(box)"
                }
            }
        }
        return nil
    }

    @Test func boxesHoldEveryHitForUniformPoints() {
        var rng = SplitMix64(seed: 31)
        let points = (0..<2000).map { _ in rng.uniformCoordinate() } + extremeCoordinates
        let centers = (0..<30).map { _ in rng.uniformCoordinate() }
        let escape = Self.firstEscape(
            points: points, centers: centers, radiiMeters: [1000, 300_000, 2_000_000, 9_000_000, 19_000_000])
        #expect(escape == nil, "\(escape ?? "")")
    }

    @Test func boxesHoldEveryHitAroundThePoles() {
        var rng = SplitMix64(seed: 32)
        let points = (0..<2000).map { i in rng.nearPole(north: i % 2 == 0, spanDegrees: 3) }
        let centers = (0..<30).map { i in rng.nearPole(north: i % 2 == 0, spanDegrees: 3) } + extremeCoordinates
        let escape = Self.firstEscape(points: points, centers: centers, radiiMeters: [5000, 100_000, 400_000])
        #expect(escape == nil, "\(escape ?? "")")
        let nearPole = BoundingBox(around: Coordinate(uncheckedLatitude: 89.5, longitude: 10), radiusMeters: 100_000)
        #expect(nearPole.north == 90 && nearPole.west == -180 && nearPole.east == 180)
    }

    @Test func boxesHoldEveryHitAcrossTheAntimeridian() {
        var rng = SplitMix64(seed: 33)
        let points = (0..<2000).map { _ in rng.nearAntimeridian(spanDegrees: 3) }
        let centers = (0..<30).map { _ in rng.nearAntimeridian(spanDegrees: 2) }
        let escape = Self.firstEscape(points: points, centers: centers, radiiMeters: [2000, 50_000, 300_000])
        #expect(escape == nil, "\(escape ?? "")")
        let box = BoundingBox(around: Coordinate(uncheckedLatitude: 0, longitude: 179.9), radiusMeters: 50_000)
        #expect(box.crossesAntimeridian)
        #expect(box.longitudeRanges.count == 2)
        #expect(box.contains(Coordinate(uncheckedLatitude: 0, longitude: -179.9)))
        #expect(!box.contains(Coordinate(uncheckedLatitude: 0, longitude: 0)))
    }

    @Test func containsAgreesWithTheLongitudeRangesEverywhere() {
        // Given boxes on both sides of the antimeridian, across it, and the world
        var rng = SplitMix64(seed: 7)
        let boxes = (0..<40).map { _ in
            BoundingBox(around: rng.nearAntimeridian(spanDegrees: 10), radiusMeters: Double.random(in: 1_000...900_000, using: &rng))
        } + [.world, BoundingBox(around: Coordinate(uncheckedLatitude: 60, longitude: 25), radiusMeters: 5_000)]
        // Then every point, the edges and ±180 included, is inside exactly when a range of the box holds it
        for box in boxes {
            let longitudes = (0..<200).map { _ in Double.random(in: -180...180, using: &rng) } + [box.west, box.east, 180, -180]
            for longitude in longitudes {
                let point = Coordinate(uncheckedLatitude: (box.south + box.north) / 2, longitude: longitude)
                #expect(box.contains(point) == box.longitudeRanges.contains { $0.contains(longitude) }, "\(box) \(longitude)")
            }
        }
    }

    @Test func aRadiusOfHalfTheEarthOrMoreGivesTheWorld() {
        let center = Coordinate(uncheckedLatitude: 12, longitude: 34)
        #expect(BoundingBox(around: center, radiusMeters: Earth.halfCircumferenceMeters) == .world)
        #expect(!BoundingBox.world.crossesAntimeridian)
    }

    @Test func smallBoxesAreTight() {
        // 1 km around Helsinki spans ±δ of latitude and ±asin(sin δ / cos φ) ≈ ±0.0181° of longitude.
        let box = BoundingBox(around: Coordinate(uncheckedLatitude: 60.1699, longitude: 24.9384), radiusMeters: 1000)
        #expect(abs((box.north - box.south) / 2 - 1000 / Earth.metersPerDegreeOfArc) < 1e-9)
        let δ = 1000 / Earth.meanRadiusMeters
        let Δλ = asin(sin(δ) / cos(60.1699 * .pi / 180)) * 180 / .pi
        #expect(abs((box.east - box.west) / 2 - Δλ) < 1e-9)
        #expect(abs(Δλ - 0.01808) < 1e-4)
    }
}
