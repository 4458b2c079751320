import Basics
import Foundation
import Geo
import TestSupport
import Testing

/// Radius queries on `PointIndex` against the brute-force reference: same points, same order, same distances.
@Suite(.offThePool) struct PointIndexRadiusTests {
    /// Runs radius queries and counts the ones whose answer differs from `BruteForce`'s.
    /// - Returns: a description of the first mismatch, or nil.
    static func firstMismatch(
        points: [Coordinate], centers: [Coordinate], radiiMeters: [Double]
    ) -> String? {
        let index = PointIndex(points)
        for center in centers {
            for radius in radiiMeters {
                let expected = BruteForce.neighbors(within: radius, of: center, in: points)
                let actual = index.neighbors(within: radius, of: center)
                if actual != expected {
                    return "center \(center), radius \(radius) m: \(actual.count) found, \(expected.count) expected"
                }
                if Set(index.indices(within: radius, of: center)) != Set(expected.map(\.index)) {
                    return "indices(within:) differs at center \(center), radius \(radius) m"
                }
            }
        }
        return nil
    }

    /// Radii that probe the band where only the haversine function decides: exact distances to some points.
    static func boundaryRadii(from center: Coordinate, to points: [Coordinate], using rng: inout SplitMix64)
        -> [Double]
    {
        (0..<4).map { _ in center.distanceMeters(to: points[Int.random(in: 0..<points.count, using: &rng)]) }
    }

    @Test func radiusQueriesMatchBruteForceForUniformPoints() async {
        let mismatch = await onOwnThread { () -> String? in
            // Given 3,000 points spread evenly over the sphere
            var rng = SplitMix64(seed: 1)
            let points = (0..<3000).map { _ in rng.uniformCoordinate() } + extremeCoordinates
            // When queried at random centers with radii from 1 m to 20,000 km, and radii that land on points
            var mismatch: String?
            for _ in 0..<60 where mismatch == nil {
                let center = rng.uniformCoordinate()
                var radii = [1, 1000, 100_000, 1_000_000, 5_000_000, 20_000_000, rng.logUniformRadiusMeters()]
                radii += Self.boundaryRadii(from: center, to: points, using: &rng)
                mismatch = Self.firstMismatch(points: points, centers: [center], radiiMeters: radii)
            }
            return mismatch
        }
        // Then every answer equals the brute-force one
        #expect(mismatch == nil, "\(mismatch ?? "")")
    }

    @Test func radiusQueriesMatchBruteForceAroundBothPoles() async {
        let mismatch = await onOwnThread { () -> String? in
            var rng = SplitMix64(seed: 2)
            let points = (0..<2000).map { i in rng.nearPole(north: i % 2 == 0) } + extremeCoordinates
            var mismatch: String?
            for i in 0..<60 where mismatch == nil {
                let center = rng.nearPole(north: i % 3 != 0, spanDegrees: 1.5)
                var radii = [1, 50, 1000, 30_000, 111_000, 200_000, 19_990_000, rng.logUniformRadiusMeters()]
                radii += Self.boundaryRadii(from: center, to: points, using: &rng)
                mismatch = Self.firstMismatch(points: points, centers: [center], radiiMeters: radii)
            }
            return mismatch
        }
        #expect(mismatch == nil, "\(mismatch ?? "")")
    }

    @Test func radiusQueriesMatchBruteForceAcrossTheAntimeridian() async {
        let mismatch = await onOwnThread { () -> String? in
            var rng = SplitMix64(seed: 3)
            let points = (0..<2000).map { _ in rng.nearAntimeridian() } + extremeCoordinates
            var mismatch: String?
            for _ in 0..<60 where mismatch == nil {
                let center = rng.nearAntimeridian(spanDegrees: 1.5)
                var radii = [1, 100, 5000, 50_000, 111_000, 300_000, rng.logUniformRadiusMeters()]
                radii += Self.boundaryRadii(from: center, to: points, using: &rng)
                mismatch = Self.firstMismatch(points: points, centers: [center], radiiMeters: radii)
            }
            return mismatch
        }
        #expect(mismatch == nil, "\(mismatch ?? "")")
    }

    @Test func duplicatePointsAreAllFoundAndOrderedByIndex() {
        // Given 40 places each repeated 50 times, interleaved
        var rng = SplitMix64(seed: 4)
        let places = (0..<40).map { _ in rng.uniformCoordinate() }
        let points = (0..<2000).map { places[$0 % places.count] }
        // When queried exactly at a place, with radius 0 and with larger radii
        let index = PointIndex(points)
        for place in places.prefix(10) {
            let atPlace = index.neighbors(within: 0, of: place)
            // Then the 50 copies come back, distance 0, by ascending index
            #expect(atPlace.count == 50)
            #expect(atPlace.map(\.index) == atPlace.map(\.index).sorted())
            #expect(atPlace.allSatisfy { $0.distanceMeters == 0 })
        }
        let mismatch = Self.firstMismatch(
            points: points, centers: Array(places.prefix(8)) + [rng.uniformCoordinate()],
            radiiMeters: [0, 1, 1_000_000, 8_000_000, 20_015_114.442035925])
        #expect(mismatch == nil, "\(mismatch ?? "")")
    }

    @Test func radiusOfHalfTheCircumferenceReturnsEveryPoint() {
        var rng = SplitMix64(seed: 5)
        let points = (0..<500).map { _ in rng.uniformCoordinate() } + extremeCoordinates
        let index = PointIndex(points)
        let center = rng.uniformCoordinate()
        let all = index.neighbors(within: Earth.halfCircumferenceMeters, of: center)
        #expect(all.count == points.count)
        #expect(all == BruteForce.neighbors(within: Earth.halfCircumferenceMeters, of: center, in: points))
        #expect(index.neighbors(within: .infinity, of: center).count == points.count)
    }

    @Test func negativeOrNaNRadiusFindsNothing() {
        let index = PointIndex(extremeCoordinates)
        let origin = Coordinate(uncheckedLatitude: 0, longitude: 0)
        #expect(index.neighbors(within: -1, of: origin).isEmpty)
        #expect(index.neighbors(within: .nan, of: origin).isEmpty)
    }

    @Test func emptyIndexAnswersNothing() {
        let index = PointIndex([])
        let origin = Coordinate(uncheckedLatitude: 0, longitude: 0)
        #expect(index.count == 0)
        #expect(index.neighbors(within: 1e9, of: origin).isEmpty)
        #expect(index.indices(within: 1000, of: origin).isEmpty)
        #expect(index.nearest(3, to: origin).isEmpty)
    }

    @Test func indexKeepsThePointsInTheirGivenOrder() {
        var rng = SplitMix64(seed: 6)
        let points = (0..<100).map { _ in rng.uniformCoordinate() }
        let index = PointIndex(points)
        #expect(index.points == points)
        #expect(index.count == 100)
    }
}

/// Points packed within meters of each other, where the chord slack band is as wide as the radius itself.
@Suite(.offThePool) struct PointIndexDenseClusterTests {
    /// 2,000 points within about 10 m of a center, some exactly on it.
    static func cluster(around center: Coordinate, using rng: inout SplitMix64) -> [Coordinate] {
        (0..<2000).map { i in
            i % 50 == 0 ? center : center.destination(
                distanceMeters: Double.random(in: 0...10, using: &rng),
                bearingDegrees: Double.random(in: 0..<360, using: &rng))
        }
    }

    @Test(arguments: [
        Coordinate(uncheckedLatitude: 60.1699, longitude: 24.9384),
        Coordinate(uncheckedLatitude: 89.99999, longitude: 0),
        Coordinate(uncheckedLatitude: -12.5, longitude: 179.99999),
    ])
    func metersApartPointsMatchBruteForce(center: Coordinate) async {
        let mismatch = await onOwnThread { () -> String? in
            // Given a dense cluster
            var rng = SplitMix64(seed: 41)
            let points = Self.cluster(around: center, using: &rng)
            let index = PointIndex(points)
            var mismatch: String?
            for _ in 0..<40 where mismatch == nil {
                // When queried with sub-meter to 20 m radii, and radii landing exactly on points
                let probe = points[Int.random(in: 0..<points.count, using: &rng)]
                var radii = [0, 0.01, 0.5, 1, 2.5, 5, 20]
                radii += (0..<4).map { _ in
                    probe.distanceMeters(to: points[Int.random(in: 0..<points.count, using: &rng)])
                }
                for radius in radii where index.neighbors(within: radius, of: probe)
                    != BruteForce.neighbors(within: radius, of: probe, in: points)
                {
                    mismatch = "radius \(radius) m around \(probe)"
                }
                for k in [1, 5, 50, 700] where index.nearest(k, to: probe) != BruteForce.nearest(k, to: probe, in: points) {
                    mismatch = "nearest \(k) to \(probe)"
                }
            }
            return mismatch
        }
        // Then every answer equals the brute-force one
        #expect(mismatch == nil, "\(mismatch ?? "")")
    }

    @Test func forEachIndexVisitsTheSameSetAsIndices() {
        var rng = SplitMix64(seed: 42)
        let points = (0..<1000).map { _ in rng.uniformCoordinate() }
        let index = PointIndex(points)
        let center = rng.uniformCoordinate()
        var visited: [Int] = []
        index.forEachIndex(within: 2_000_000, of: center) { visited.append($0) }
        #expect(visited.sorted() == index.indices(within: 2_000_000, of: center).sorted())
        #expect(Set(visited).count == visited.count)
        let expected = BruteForce.neighbors(within: 2_000_000, of: center, in: points).map(\.index)
        #expect(visited.sorted() == expected.sorted())
    }
}
