import Basics
import Foundation

extension SplitMix64 {
    /// A point uniformly distributed over the sphere's surface (z uniform in [-1, 1], longitude uniform).
    public mutating func uniformCoordinate() -> Coordinate {
        let z = Double.random(in: -1...1, using: &self)
        let longitude = Double.random(in: -180...180, using: &self)
        return Coordinate(uncheckedLatitude: asin(z) * 180 / .pi, longitude: longitude)
    }
}
