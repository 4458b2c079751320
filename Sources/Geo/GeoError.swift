/// Why a geographic value was rejected.
public enum GeoError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The latitude was not a finite number in [-90, 90].
    case invalidLatitude(Double)
    /// The longitude was not a finite number in [-180, 180].
    case invalidLongitude(Double)
    /// The text was not of the form `lat,lon`.
    case malformedCoordinate(String)
    /// The radius text could not be read as a distance.
    case malformedRadius(String)
    /// The radius was zero, negative or not finite.
    case nonPositiveRadius(String)
    /// The radius is longer than half the Earth's circumference, so every point is inside it.
    case radiusBeyondHalfEarth(String)
    /// A nearest-k query asked for fewer than one result.
    case invalidCount(Int)

    /// A sentence saying what was wrong and what is expected.
    public var description: String {
        switch self {
        case .invalidLatitude(let value):
            return "latitude \(value) is out of range: it must be a number from -90 to 90"
        case .invalidLongitude(let value):
            return "longitude \(value) is out of range: it must be a number from -180 to 180"
        case .malformedCoordinate(let text):
            return "'\(text)' is not a coordinate: write it as lat,lon, e.g. 60.1699,24.9384"
        case .malformedRadius(let text):
            return "'\(text)' is not a radius: give degrees of arc (0.5) or a distance with a unit (800m, 5km, 3mi)"
        case .nonPositiveRadius(let text):
            return "radius '\(text)' must be greater than zero"
        case .radiusBeyondHalfEarth(let text):
            return "radius '\(text)' is more than half the Earth's circumference (20,015 km)"
        case .invalidCount(let count):
            return "a nearest-k query needs k of at least 1, not \(count)"
        }
    }
}
