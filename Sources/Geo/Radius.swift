import Basics
import Foundation

/// A search radius as the user typed it.
///
/// A bare number is degrees of arc, as in the original app's settings (0.5° ≈ 55.6 km); `m`, `km` and `mi`
/// give a distance.
public struct Radius: Hashable, Sendable, CustomStringConvertible {
    /// The radius along the Earth's surface, in meters.
    public let meters: Double
    /// The text it was read from.
    public let text: String

    /// Reads `0.5` (degrees of arc), `800m`, `5km` or `3mi`.
    /// - Throws: `GeoError.malformedRadius`, `.nonPositiveRadius` or `.radiusBeyondHalfEarth`.
    public init(parsing text: String) throws {
        let trimmed = text.trimmingSpaces().lowercased()
        var number = trimmed
        var scale = Earth.metersPerDegreeOfArc
        for unit in Self.units where trimmed.hasSuffix(unit.suffix) {
            number = trimmed.dropLast(unit.suffix.count).trimmingSpaces()
            scale = unit.meters
            break
        }
        // Plain decimal notation only: Double() would also take "0x10", "inf" and "nan". (Every allowed character
        // is one ASCII byte, so the bytes say it; a server parses a radius on every request.)
        let isDigit = { (byte: UInt8) in byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }
        let isDecimal = number.utf8.allSatisfy { byte in
            isDigit(byte) || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "+")
                || byte == UInt8(ascii: "e")
        } && number.utf8.contains(where: isDigit)
        guard !number.isEmpty, isDecimal, let value = Double(number), value.isFinite else {
            throw GeoError.malformedRadius(text)
        }
        guard value > 0 else { throw GeoError.nonPositiveRadius(text) }
        let meters = value * scale
        guard meters <= Earth.halfCircumferenceMeters else { throw GeoError.radiusBeyondHalfEarth(text) }
        self.meters = meters
        self.text = text
    }

    /// The units a radius may end in, and their meters.
    private static let units: [(suffix: String, meters: Double)] = [
        ("km", 1000), ("mi", 1609.344), ("m", 1),
        ("°", Earth.metersPerDegreeOfArc), ("deg", Earth.metersPerDegreeOfArc),
    ]

    /// A radius of a known number of meters.
    public init(meters: Double) {
        self.meters = meters
        self.text = "\(meters)m"
    }

    /// The radius for people: "55.6 km" or "800 m".
    public var description: String { DistanceFormat.human(meters: meters) }
}

/// Formats distances and durations for people.
public enum DistanceFormat {
    /// "420 m" under a kilometer, else "1.2 km" (or "1,234 km" when large).
    public static func human(meters: Double) -> String {
        if meters < 1000 { return "\(Int(meters.rounded())) m" }
        if meters < 100_000 { return cFormat("%.1f km", meters / 1000) }
        return "\(Int((meters / 1000).rounded())) km"
    }

    /// A travel time in whole minutes, rounded up, so that a time shown never promises less than the trip takes
    /// and "leave by" = start − the minutes shown − buffer holds for every command (6 min 4 s is 7 min).
    /// At least 1; a hair over a whole minute (floating-point noise under a millisecond) does not count.
    public static func wholeMinutes(seconds: Double) -> Int {
        max(1, Int((seconds / 60 - 1e-5).rounded(.up)))
    }

    /// Whole minutes, rounded up as ``wholeMinutes(seconds:)``: "7 min", or "1 h 05 min" past an hour.
    public static func minutes(seconds: Double) -> String {
        let minutes = wholeMinutes(seconds: seconds)
        if minutes < 60 { return "\(minutes) min" }
        return cFormat("%d h %02d min", minutes / 60, minutes % 60)
    }
}
