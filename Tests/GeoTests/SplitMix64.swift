import Basics
import Foundation
import Geo

extension SplitMix64 {
    /// A point whose latitude is within `spanDegrees` of the pole (north when `north`), at any longitude.
    mutating func nearPole(north: Bool, spanDegrees: Double = 1) -> Coordinate {
        let fromPole = Double.random(in: 0...spanDegrees, using: &self)
        return Coordinate(
            uncheckedLatitude: north ? 90 - fromPole : -90 + fromPole,
            longitude: Double.random(in: -180...180, using: &self))
    }

    /// A point within `spanDegrees` of longitude ±180, near the equator.
    mutating func nearAntimeridian(spanDegrees: Double = 1) -> Coordinate {
        let offset = Double.random(in: 0...spanDegrees, using: &self)
        let longitude = Bool.random(using: &self) ? 180 - offset : -180 + offset
        return Coordinate(uncheckedLatitude: Double.random(in: -2...2, using: &self), longitude: longitude)
    }

    /// A radius spread evenly on a log scale from 1 m to 20,000 km.
    mutating func logUniformRadiusMeters() -> Double {
        pow(10, Double.random(in: 0...log10(2e7), using: &self))
    }
}

/// Some points with exact extremes mixed in: both poles, the antimeridian from both sides, the origin.
let extremeCoordinates: [Coordinate] = [
    Coordinate(uncheckedLatitude: 90, longitude: 0),
    Coordinate(uncheckedLatitude: 90, longitude: 123),
    Coordinate(uncheckedLatitude: -90, longitude: -45),
    Coordinate(uncheckedLatitude: 0, longitude: 180),
    Coordinate(uncheckedLatitude: 0, longitude: -180),
    Coordinate(uncheckedLatitude: 0, longitude: 0),
    Coordinate(uncheckedLatitude: -0.5, longitude: 179.999999),
]
