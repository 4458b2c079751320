import Foundation

/// A point on the unit sphere, the k-d tree's coordinates for a `Coordinate`.
struct UnitVector {
    var x: Double
    var y: Double
    var z: Double

    /// x = cos φ cos λ, y = cos φ sin λ, z = sin φ.
    init(_ coordinate: Coordinate) {
        let φ = radians(coordinate.latitude)
        let λ = radians(coordinate.longitude)
        let cosφ = cos(φ)
        x = cosφ * cos(λ)
        y = cosφ * sin(λ)
        z = sin(φ)
    }
}

/// Squared-chord thresholds around a true threshold, wide enough to absorb every rounding difference between
/// the chord computed from unit vectors and the haversine distance.
///
/// A squared chord below `inner` is surely within the threshold, one above `outer` surely beyond it; one in
/// between is decided by the haversine function itself.
struct ChordBand {
    /// Below this squared chord a point is certainly inside.
    let inner: Double
    /// Above this squared chord a point is certainly outside.
    let outer: Double

    /// The band around `chordSquared`.
    @inline(__always)
    init(chordSquared: Double) {
        inner = chordSquared * (1 - 1e-9) - 1e-15
        outer = chordSquared * (1 + 1e-9) + 1e-15
    }

    /// The band around the squared chord of a great-circle distance shorter than half the circumference.
    init(radiusMeters: Double) {
        let halfAngle = radiusMeters / Earth.meanRadiusMeters / 2
        let chord = 2 * sin(halfAngle)
        self.init(chordSquared: chord * chord)
    }
}
