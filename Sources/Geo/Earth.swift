/// Constants of the spherical Earth model used throughout the package.
public enum Earth {
    /// The IUGG mean Earth radius R₁ = (2a + b) / 3, in meters (Moritz 1980, Geodetic Reference System 1980).
    /// OSRM uses 6,371,008.77 m and turf-swift 6,373,000 m; every distance in this package uses this one.
    public static let meanRadiusMeters: Double = 6_371_008.8

    /// Half the great-circle circumference: the longest distance between two points on the sphere.
    public static let halfCircumferenceMeters: Double = Double.pi * meanRadiusMeters

    /// Meters along a great circle per degree of arc (≈ 111,195 m).
    public static let metersPerDegreeOfArc: Double = meanRadiusMeters * Double.pi / 180
}

@inline(__always) func radians(_ degrees: Double) -> Double { degrees * .pi / 180 }
@inline(__always) func degrees(_ radians: Double) -> Double { radians * 180 / .pi }
