import Foundation

/// A latitude/longitude box, in degrees.
///
/// When `west > east` the box crosses the antimeridian, as in RFC 7946 §5.2
/// (https://www.rfc-editor.org/rfc/rfc7946#section-5.2).
public struct BoundingBox: Hashable, Sendable, Codable {
    /// The southern edge, degrees of latitude.
    public let south: Double
    /// The western edge, degrees of longitude (greater than `east` when the box crosses the antimeridian).
    public let west: Double
    /// The northern edge, degrees of latitude.
    public let north: Double
    /// The eastern edge, degrees of longitude.
    public let east: Double

    /// A box with the given edges, taken as they are.
    public init(south: Double, west: Double, north: Double, east: Double) {
        self.south = south
        self.west = west
        self.north = north
        self.east = east
    }

    /// The whole globe.
    public static let world = BoundingBox(south: -90, west: -180, north: 90, east: 180)

    /// True when every edge is a latitude in [-90, 90] or a longitude in [-180, 180] (not NaN): what a box read
    /// from a file must be before ``contains(_:)`` is asked of it.
    public var isWithinRange: Bool {
        abs(south) <= 90 && abs(north) <= 90 && abs(west) <= 180 && abs(east) <= 180
    }

    /// True when the box wraps across longitude ±180.
    public var crossesAntimeridian: Bool { west > east }

    /// The box's longitude spans as one or two ordinary ranges (two when it crosses the antimeridian).
    public var longitudeRanges: [ClosedRange<Double>] {
        crossesAntimeridian ? [west...180, -180...east] : [west...east]
    }

    /// True when `coordinate` lies inside the box (edges included).
    public func contains(_ coordinate: Coordinate) -> Bool {
        guard coordinate.latitude >= south, coordinate.latitude <= north else { return false }
        // `longitudeRanges`, compared without building them (every command asks this of every area).
        let longitude = coordinate.longitude
        return crossesAntimeridian
            ? (longitude >= west && longitude <= 180) || (longitude >= -180 && longitude <= east)
            : longitude >= west && longitude <= east
    }

    /// The smallest box that holds every point within `radiusMeters` of `center`.
    ///
    /// Uses the method of J. P. Matuschek, "Finding Points Within a Distance of a Latitude/Longitude Using
    /// Bounding Coordinates": near a pole the box becomes a full-longitude cap, and a box that runs past
    /// ±180° longitude wraps (`west > east`).
    public init(around center: Coordinate, radiusMeters: Double) {
        let δ = radiusMeters / Earth.meanRadiusMeters
        if δ >= .pi {
            self = .world
            return
        }
        let φ = radians(center.latitude)
        let λ = radians(center.longitude)
        var φMin = φ - δ
        var φMax = φ + δ
        var λMin: Double
        var λMax: Double
        if φMin > -.pi / 2 && φMax < .pi / 2 {
            let Δλ = asin(min(1, sin(δ) / cos(φ)))
            λMin = λ - Δλ
            λMax = λ + Δλ
            if λMin < -.pi { λMin += 2 * .pi }
            if λMax > .pi { λMax -= 2 * .pi }
            if Δλ >= .pi / 2 && λMin <= λMax && (λMax - λMin) >= 2 * .pi - 1e-12 {
                λMin = -.pi
                λMax = .pi
            }
        } else {
            // A pole lies inside the circle: every longitude is reached.
            φMin = max(φMin, -.pi / 2)
            φMax = min(φMax, .pi / 2)
            λMin = -.pi
            λMax = .pi
        }
        self.init(south: degrees(φMin), west: degrees(λMin), north: degrees(φMax), east: degrees(λMax))
    }
}
