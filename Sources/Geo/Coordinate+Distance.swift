import Foundation

extension Coordinate {
    /// The great-circle distance to `other` by the haversine formula on `Earth.meanRadiusMeters`.
    public func distanceMeters(to other: Coordinate) -> Double {
        let φ1 = radians(latitude)
        let φ2 = radians(other.latitude)
        let sinHalfΔφ = sin((φ2 - φ1) / 2)
        let sinHalfΔλ = sin(radians(other.longitude - longitude) / 2)
        let a = sinHalfΔφ * sinHalfΔφ + cos(φ1) * cos(φ2) * sinHalfΔλ * sinHalfΔλ
        return 2 * Earth.meanRadiusMeters * asin(min(1, a.squareRoot()))
    }

    /// The initial bearing (forward azimuth) towards `other`, in degrees clockwise from true north, in [0, 360).
    /// A point has no direction to itself; that case answers 0.
    public func initialBearingDegrees(to other: Coordinate) -> Double {
        let φ1 = radians(latitude)
        let φ2 = radians(other.latitude)
        let Δλ = radians(other.longitude - longitude)
        let y = sin(Δλ) * cos(φ2)
        let x = cos(φ1) * sin(φ2) - sin(φ1) * cos(φ2) * cos(Δλ)
        if x == 0 && y == 0 { return 0 }
        let θ = degrees(atan2(y, x))
        let normalized = (θ + 360).truncatingRemainder(dividingBy: 360)
        return normalized == 360 ? 0 : normalized
    }

    /// The point reached by travelling `distanceMeters` along a great circle that starts at `bearingDegrees`.
    public func destination(distanceMeters: Double, bearingDegrees: Double) -> Coordinate {
        let δ = distanceMeters / Earth.meanRadiusMeters
        let θ = radians(bearingDegrees)
        let φ1 = radians(latitude)
        let λ1 = radians(longitude)
        let sinφ2 = sin(φ1) * cos(δ) + cos(φ1) * sin(δ) * cos(θ)
        let φ2 = asin(max(-1, min(1, sinφ2)))
        let λ2 = λ1 + atan2(sin(θ) * sin(δ) * cos(φ1), cos(δ) - sin(φ1) * sinφ2)
        return Coordinate(uncheckedLatitude: degrees(φ2), longitude: normalizedLongitude(degrees(λ2)))
    }

    /// The point a `fraction` of the way along the great circle to `other` (0 is self, 1 is `other`).
    public func intermediate(to other: Coordinate, fraction: Double) -> Coordinate {
        let φ1 = radians(latitude), λ1 = radians(longitude)
        let φ2 = radians(other.latitude), λ2 = radians(other.longitude)
        let δ = distanceMeters(to: other) / Earth.meanRadiusMeters
        if δ == 0 { return self }
        let a = sin((1 - fraction) * δ) / sin(δ)
        let b = sin(fraction * δ) / sin(δ)
        let x = a * cos(φ1) * cos(λ1) + b * cos(φ2) * cos(λ2)
        let y = a * cos(φ1) * sin(λ1) + b * cos(φ2) * sin(λ2)
        let z = a * sin(φ1) + b * sin(φ2)
        let φ = atan2(z, (x * x + y * y).squareRoot())
        let λ = atan2(y, x)
        return Coordinate(uncheckedLatitude: degrees(φ), longitude: normalizedLongitude(degrees(λ)))
    }

    /// The compass point (one of eight) nearest the initial bearing towards `other`.
    public func compassPoint(to other: Coordinate) -> CompassPoint {
        CompassPoint(bearingDegrees: initialBearingDegrees(to: other))
    }
}

/// Wraps a longitude into [-180, 180].
func normalizedLongitude(_ longitude: Double) -> Double {
    var λ = longitude.truncatingRemainder(dividingBy: 360)
    if λ > 180 { λ -= 360 }
    if λ < -180 { λ += 360 }
    return λ
}

/// The eight principal winds of the compass.
public enum CompassPoint: String, CaseIterable, Sendable, Codable {
    // The raw values are the usual abbreviations, clockwise from north.
    case north = "N", northEast = "NE", east = "E", southEast = "SE"
    case south = "S", southWest = "SW", west = "W", northWest = "NW"

    /// The point whose 45° sector holds `bearingDegrees` (N covers 337.5° to 22.5°).
    public init(bearingDegrees: Double) {
        let normalized = ((bearingDegrees.truncatingRemainder(dividingBy: 360)) + 360)
            .truncatingRemainder(dividingBy: 360)
        let index = Int((normalized + 22.5) / 45) % 8
        self = CompassPoint.allCases[index]
    }
}
