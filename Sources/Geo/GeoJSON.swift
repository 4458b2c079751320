import Foundation

/// GeoJSON (RFC 7946, https://www.rfc-editor.org/rfc/rfc7946) types and their encoder.
///
/// Positions are written [longitude, latitude] (§3.1.1), rounded to at most 7 decimals (about 1 cm,
/// as §11.2 advises), and no `crs` member is ever written (§4).
public enum GeoJSON {
    /// Decimals kept in each position.
    public static let coordinatePrecision = 7

    /// A geometry object (§3.1).
    public enum Geometry: Sendable, Equatable {
        /// A single position (§3.1.2).
        case point(Coordinate)
        /// Two or more positions joined in order (§3.1.4).
        case lineString([Coordinate])
        /// Several line strings, e.g. one line split at the antimeridian (§3.1.5, §3.1.9).
        case multiLineString([[Coordinate]])
    }

    /// A JSON value for a feature's `properties` member.
    public enum Value: Sendable, Equatable, ExpressibleByStringLiteral, ExpressibleByFloatLiteral,
        ExpressibleByIntegerLiteral, ExpressibleByBooleanLiteral
    {
        /// A JSON string.
        case string(String)
        /// A JSON number, written without a fraction when it is whole.
        case number(Double)
        /// A JSON number that is an integer.
        case integer(Int)
        /// `true` or `false`.
        case bool(Bool)
        /// A JSON object; members are written in a stable order.
        case object([String: Value])
        /// A JSON array.
        case array([Value])
        /// `null`.
        case null

        /// A string value from a literal.
        public init(stringLiteral value: String) { self = .string(value) }
        /// A number value from a literal.
        public init(floatLiteral value: Double) { self = .number(value) }
        /// An integer value from a literal.
        public init(integerLiteral value: Int) { self = .integer(value) }
        /// A Boolean value from a literal.
        public init(booleanLiteral value: Bool) { self = .bool(value) }
    }

    /// A feature object (§3.2).
    public struct Feature: Sendable, Equatable {
        /// The feature's optional identifier (§3.2).
        public var id: String?
        /// Where the feature is.
        public var geometry: Geometry
        /// The feature's other members, written as the `properties` object.
        public var properties: [String: Value]

        /// A feature with a geometry and, optionally, an identifier and properties.
        public init(id: String? = nil, geometry: Geometry, properties: [String: Value] = [:]) {
            self.id = id
            self.geometry = geometry
            self.properties = properties
        }
    }

    /// A feature collection (§3.3).
    public struct FeatureCollection: Sendable, Equatable {
        /// The features, in output order.
        public var features: [Feature]

        /// A collection of `features`.
        public init(features: [Feature]) {
            self.features = features
        }

        /// The collection as RFC 7946 text, keys sorted so that the output is stable.
        public func encoded(pretty: Bool = true) -> String {
            var out = ""
            GeoJSON.write(.object(jsonObject), into: &out, pretty: pretty, indent: 0)
            return out + "\n"
        }

        var jsonObject: [String: Value] {
            ["type": "FeatureCollection", "features": .array(features.map { .object($0.jsonObject) })]
        }
    }

    /// Splits a great-circle polyline wherever it crosses the antimeridian (§3.1.9): one line gives a
    /// `.lineString`, a crossing line a `.multiLineString` whose parts meet at ±180°.
    public static func splittingAtAntimeridian(_ line: [Coordinate]) -> Geometry {
        guard line.count > 1 else { return .lineString(line) }
        var parts: [[Coordinate]] = [[line[0]]]
        for (a, b) in zip(line, line.dropFirst()) {
            let Δ = b.longitude - a.longitude
            if abs(Δ) > 180 {
                // Crossing: interpolate the latitude where the segment meets ±180.
                let eastward = Δ < 0  // e.g. 179 → -179 travels east
                let bShifted = eastward ? b.longitude + 360 : b.longitude - 360
                let edge = eastward ? 180.0 : -180.0
                // A segment from exactly ±180 to ∓180 has no span: it meets the edge where it starts.
                let span = bShifted - a.longitude
                let t = span == 0 ? 0 : (edge - a.longitude) / span
                let lat = a.latitude + t * (b.latitude - a.latitude)
                parts[parts.count - 1].append(Coordinate(uncheckedLatitude: lat, longitude: edge))
                parts.append([Coordinate(uncheckedLatitude: lat, longitude: -edge), b])
            } else {
                parts[parts.count - 1].append(b)
            }
        }
        return parts.count == 1 ? .lineString(parts[0]) : .multiLineString(parts)
    }

    // MARK: - Writing

    static func position(_ c: Coordinate) -> Value {
        .array([.number(rounded(c.longitude)), .number(rounded(c.latitude))])
    }

    static func rounded(_ value: Double) -> Double {
        let scale = pow(10.0, Double(coordinatePrecision))
        return (value * scale).rounded() / scale
    }

    static func write(_ value: Value, into out: inout String, pretty: Bool, indent: Int) {
        switch value {
        case .string(let s): writeString(s, into: &out)
        case .number(let d): out += formatNumber(d)
        case .integer(let i): out += String(i)
        case .bool(let b): out += b ? "true" : "false"
        case .null: out += "null"
        case .array(let items):
            // Positions stay on one line.
            let flat = !pretty || items.allSatisfy { if case .number = $0 { true } else { false } }
            if items.isEmpty { out += "[]"; return }
            out += "["
            for (i, item) in items.enumerated() {
                if i > 0 { out += flat ? "," : "," }
                if !flat { out += "\n" + String(repeating: "  ", count: indent + 1) }
                write(item, into: &out, pretty: pretty, indent: indent + 1)
            }
            if !flat { out += "\n" + String(repeating: "  ", count: indent) }
            out += "]"
        case .object(let members):
            if members.isEmpty { out += "{}"; return }
            out += "{"
            for (i, key) in members.keys.sorted(by: memberOrder).enumerated() {
                if i > 0 { out += "," }
                if pretty { out += "\n" + String(repeating: "  ", count: indent + 1) }
                writeString(key, into: &out)
                out += pretty ? ": " : ":"
                write(members[key]!, into: &out, pretty: pretty, indent: indent + 1)
            }
            if pretty { out += "\n" + String(repeating: "  ", count: indent) }
            out += "}"
        }
    }

    /// `type` first, then the other members alphabetically: stable and easy to read.
    static func memberOrder(_ a: String, _ b: String) -> Bool {
        if a == "type" { return b != "type" }
        if b == "type" { return false }
        return a < b
    }

    static func formatNumber(_ d: Double) -> String {
        guard d.isFinite else { return "null" }
        if d == d.rounded(), abs(d) < 1e15 { return String(Int64(d)) }
        return "\(d)"
    }

    static func writeString(_ s: String, into out: inout String) {
        out += "\""
        for scalar in s.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            default:
                if scalar.value < 0x20 {
                    out += String(format: "\\u%04x", scalar.value)
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        out += "\""
    }
}

extension GeoJSON.Geometry {
    var jsonObject: [String: GeoJSON.Value] {
        switch self {
        case .point(let c):
            return ["type": "Point", "coordinates": GeoJSON.position(c)]
        case .lineString(let line):
            return ["type": "LineString", "coordinates": .array(line.map(GeoJSON.position))]
        case .multiLineString(let lines):
            return [
                "type": "MultiLineString",
                "coordinates": .array(lines.map { .array($0.map(GeoJSON.position)) }),
            ]
        }
    }
}

extension GeoJSON.Feature {
    var jsonObject: [String: GeoJSON.Value] {
        var object: [String: GeoJSON.Value] = [
            "type": "Feature", "geometry": .object(geometry.jsonObject), "properties": .object(properties),
        ]
        if let id { object["id"] = .string(id) }
        return object
    }
}
