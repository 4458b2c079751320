import Basics
import Foundation
import Geo
import TestSupport
import Testing

/// Nearest-k queries on `PointIndex` against the brute-force reference.
@Suite(.offThePool) struct PointIndexNearestTests {
    /// Runs nearest-k queries and describes the first answer that differs from `BruteForce`'s.
    static func firstMismatch(points: [Coordinate], centers: [Coordinate], ks: [Int]) -> String? {
        let index = PointIndex(points)
        for center in centers {
            for k in ks {
                let expected = BruteForce.nearest(k, to: center, in: points)
                let actual = index.nearest(k, to: center)
                if actual != expected {
                    return "center \(center), k \(k): got \(actual.prefix(3)), expected \(expected.prefix(3))"
                }
            }
        }
        return nil
    }

    @Test func nearestMatchesBruteForceForUniformPoints() async {
        let mismatch = await onOwnThread { () -> String? in
            var rng = SplitMix64(seed: 11)
            let points = (0..<3000).map { _ in rng.uniformCoordinate() } + extremeCoordinates
            let centers = (0..<40).map { _ in rng.uniformCoordinate() } + extremeCoordinates
            return Self.firstMismatch(points: points, centers: centers, ks: [1, 2, 10, 57, 1000, 3006, 3007, 5000])
        }
        #expect(mismatch == nil, "\(mismatch ?? "")")
    }

    @Test func nearestMatchesBruteForceAroundBothPoles() async {
        let mismatch = await onOwnThread { () -> String? in
            var rng = SplitMix64(seed: 12)
            let points = (0..<2000).map { i in rng.nearPole(north: i % 2 == 1) } + extremeCoordinates
            let centers = (0..<40).map { i in rng.nearPole(north: i % 2 == 0, spanDegrees: 2) } + extremeCoordinates
            return Self.firstMismatch(points: points, centers: centers, ks: [1, 3, 10, 100, 1500])
        }
        #expect(mismatch == nil, "\(mismatch ?? "")")
    }

    @Test func nearestMatchesBruteForceAcrossTheAntimeridian() async {
        let mismatch = await onOwnThread { () -> String? in
            var rng = SplitMix64(seed: 13)
            let points = (0..<2000).map { _ in rng.nearAntimeridian() } + extremeCoordinates
            let centers = (0..<40).map { _ in rng.nearAntimeridian(spanDegrees: 3) } + extremeCoordinates
            return Self.firstMismatch(points: points, centers: centers, ks: [1, 4, 10, 64, 999])
        }
        #expect(mismatch == nil, "\(mismatch ?? "")")
    }

    @Test func nearestAmongDuplicatesBreaksTiesByIndex() {
        // Given 30 places each repeated 40 times
        var rng = SplitMix64(seed: 14)
        let places = (0..<30).map { _ in rng.uniformCoordinate() }
        let points = (0..<1200).map { places[($0 * 7) % places.count] }
        let index = PointIndex(points)
        // When asking for the 5 nearest at a place
        let five = index.nearest(5, to: places[3])
        // Then they are the 5 lowest-indexed copies of it
        let copies = points.indices.filter { points[$0] == places[3] }
        #expect(five.map(\.index) == Array(copies.prefix(5)))
        let centers = Array(places.prefix(6)) + (0..<6).map { _ in rng.uniformCoordinate() }
        let mismatch = Self.firstMismatch(points: points, centers: centers, ks: [1, 39, 40, 41, 85, 1199, 1200, 1201])
        #expect(mismatch == nil, "\(mismatch ?? "")")
    }

    @Test func nearestWithKBeyondTheCountReturnsEveryPointNearestFirst() {
        var rng = SplitMix64(seed: 15)
        let points = (0..<300).map { _ in rng.uniformCoordinate() }
        let center = rng.uniformCoordinate()
        let all = PointIndex(points).nearest(10_000, to: center)
        #expect(all == BruteForce.neighbors(within: .infinity, of: center, in: points))
        #expect(all.count == 300)
    }

    @Test(arguments: [0, -1, Int.min])
    func nearestWithKBelowOneReturnsNothing(k: Int) {
        let index = PointIndex(extremeCoordinates)
        #expect(index.nearest(k, to: Coordinate(uncheckedLatitude: 10, longitude: 10)).isEmpty)
    }

    @Test func nearestOnASinglePointIndexFindsIt() {
        let only = Coordinate(uncheckedLatitude: -33.8688, longitude: 151.2093)
        let found = PointIndex([only]).nearest(1, to: Coordinate(uncheckedLatitude: 60.1699, longitude: 24.9384))
        #expect(found.map(\.index) == [0])
    }
}

/// The leaf capacity is a tuning knob only.
@Suite(.offThePool) struct PointIndexLeafCapacityTests {
    @Test(arguments: [1, 2, 3, 7, 64, 5000])
    func answersDoNotDependOnTheLeafCapacity(leafCapacity: Int) {
        var rng = SplitMix64(seed: 61)
        let points = (0..<1500).map { i in i % 3 == 0 ? rng.nearPole(north: true) : rng.uniformCoordinate() }
        let index = PointIndex(points, leafCapacity: leafCapacity)
        for _ in 0..<20 {
            let center = rng.uniformCoordinate()
            let radius = rng.logUniformRadiusMeters()
            let expected = BruteForce.neighbors(within: radius, of: center, in: points)
            #expect(index.neighbors(within: radius, of: center) == expected)
            #expect(index.nearest(25, to: center) == BruteForce.nearest(25, to: center, in: points))
        }
    }
}
