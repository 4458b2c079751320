import Geo

/// Valhalla's route shapes: Google's encoded polyline with six decimals instead of five
/// (https://valhalla.github.io/valhalla/decoding/).
public enum Polyline6 {
    /// The points of `encoded`, or nil when it is cut short or holds a character outside the encoding.
    public static func decode(_ encoded: String, precision: Double = 1e6) -> [Coordinate]? {
        var points: [Coordinate] = []
        var latitude = 0
        var longitude = 0
        var bytes = encoded.utf8.makeIterator()
        func next() -> Int?? {
            var result = 0
            var shift = 0
            while true {
                guard let byte = bytes.next() else { return shift == 0 ? .some(nil) : nil }
                guard byte >= 63, byte < 127 else { return nil }
                let chunk = Int(byte) - 63
                result |= (chunk & 0x1F) << shift
                shift += 5
                if chunk < 0x20 { break }
                guard shift < 64 else { return nil }
            }
            return .some((result & 1) != 0 ? ~(result >> 1) : (result >> 1))
        }
        while true {
            guard let first = next() else { return nil }
            guard let deltaLatitude = first else { break }
            guard let second = next(), let deltaLongitude = second else { return nil }
            latitude += deltaLatitude
            longitude += deltaLongitude
            points.append(Coordinate(uncheckedLatitude: Double(latitude) / precision, longitude: Double(longitude) / precision))
        }
        return points
    }
}
