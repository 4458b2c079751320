import Basics
import Foundation

/// A validated point on the Earth: latitude and longitude in degrees (WGS 84).
///
/// ```swift
/// let helsinki = try Coordinate(latitude: 60.1699, longitude: 24.9384)
/// let kinopalatsi = try Coordinate(parsing: "60.1711318,24.9462642")
/// helsinki.distanceMeters(to: kinopalatsi)   // ≈ 460
/// ```
public struct Coordinate: Hashable, Sendable, Codable, CustomStringConvertible {
    /// Degrees north of the equator, in [-90, 90].
    public let latitude: Double
    /// Degrees east of Greenwich, in [-180, 180].
    public let longitude: Double

    /// Creates a coordinate, rejecting values that are out of range or not finite.
    /// - Throws: `GeoError.invalidLatitude` or `GeoError.invalidLongitude`.
    public init(latitude: Double, longitude: Double) throws {
        guard latitude.isFinite, (-90.0...90.0).contains(latitude) else { throw GeoError.invalidLatitude(latitude) }
        guard longitude.isFinite, (-180.0...180.0).contains(longitude) else {
            throw GeoError.invalidLongitude(longitude)
        }
        self.latitude = latitude
        self.longitude = longitude
    }

    /// Creates a coordinate from values already known to be valid (computed, not read).
    public init(uncheckedLatitude latitude: Double, longitude: Double) {
        self.latitude = latitude
        self.longitude = longitude
    }

    /// Reads `lat,lon` (spaces allowed, e.g. `-33.8688, 151.2093`).
    /// - Throws: `GeoError.malformedCoordinate` when the text is not two numbers, or a range error.
    public init(parsing text: String) throws {
        guard let (lat, lon) = Self.numbers(text) else { throw GeoError.malformedCoordinate(text) }
        try self.init(latitude: lat, longitude: lon)
    }

    /// True when `text` looks like `lat,lon` rather than a place name.
    public static func looksLikeCoordinate(_ text: String) -> Bool { numbers(text) != nil }

    /// The two numbers of `lat,lon` (exactly one comma, spaces around each number allowed), unchecked; nil when
    /// the text is not two numbers. (A server reads `near` on every request: no arrays on the way.)
    static func numbers(_ text: String) -> (Double, Double)? {
        guard let comma = text.utf8.firstIndex(of: UInt8(ascii: ",")) else { return nil }
        let first = text[..<comma]
        let second = text[text.utf8.index(after: comma)...]
        guard !second.utf8.contains(UInt8(ascii: ",")),
            let latitude = Double(first.trimmingSpaces()), let longitude = Double(second.trimmingSpaces()),
            // "inf,0" and "nan,0" are no coordinates: Double reads them, and a place may be so called.
            latitude.isFinite, longitude.isFinite
        else { return nil }
        return (latitude, longitude)
    }

    /// `lat,lon` with six decimals (about 0.1 m), the form `init(parsing:)` reads.
    public var description: String {
        cFormat("%.6f,%.6f", latitude, longitude)
    }

    /// Decodes `latitude` and `longitude`, validating them as `init(latitude:longitude:)` does.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        try self.init(
            latitude: container.decode(Double.self, forKey: .latitude),
            longitude: container.decode(Double.self, forKey: .longitude))
    }
}
