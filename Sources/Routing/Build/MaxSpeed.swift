import Foundation

/// Reads OSM `maxspeed` values (https://wiki.openstreetmap.org/wiki/Key:maxspeed) the way OSRM's
/// `WayHandlers.parse_maxspeed` does (github.com/Project-OSRM/osrm-backend, `profiles/lib/way_handlers.lua`):
/// plain km/h numbers, `N mph`, and zone values such as `FI:urban` or `DE:rural` through a table.
public enum MaxSpeed {
    /// Zone speeds by the part after the country code, from OSRM `car.lua`'s `maxspeed_table_default`.
    public static let zoneDefaultsKilometersPerHour: [String: Double] = [
        "urban": 50, "rural": 90, "trunk": 110, "motorway": 130,
    ]

    /// Country-specific zone speeds that differ from the defaults, a subset of OSRM `car.lua`'s `maxspeed_table`.
    public static let zoneKilometersPerHour: [String: Double] = [
        "at:rural": 100, "at:trunk": 100, "be:motorway": 120, "by:urban": 60, "by:motorway": 110,
        "ch:rural": 80, "ch:trunk": 100, "ch:motorway": 120, "cz:trunk": 0, "cz:motorway": 0,
        "de:living_street": 7, "de:rural": 100, "de:motorway": 0, "dk:rural": 80, "fr:rural": 80,
        "gb:nsl_single": 96.54, "gb:nsl_dual": 112.63, "gb:motorway": 112.63, "nl:rural": 80, "nl:trunk": 100,
        "ro:trunk": 100, "ru:living_street": 20, "ru:urban": 60, "ru:motorway": 110, "uk:nsl_single": 96.54,
        "uk:nsl_dual": 112.63, "uk:motorway": 112.63, "za:urban": 60, "za:rural": 100,
    ]

    /// The speed limit a `maxspeed` value states, in km/h, or nil for values with no usable number
    /// (`none`, `signals`, `walk`, unknown zones, garbage). A zone mapped to 0 (no limit) also answers nil.
    public static func kilometersPerHour(_ value: String) -> Double? {
        let text = value.trimmingCharacters(in: .whitespaces).lowercased()
        if text.isEmpty { return nil }
        if let number = Double(text) { return number > 0 ? number : nil }
        if text.hasSuffix("mph") {
            let digits = text.dropLast(3).trimmingCharacters(in: .whitespaces)
            guard let number = Double(digits), number > 0 else { return nil }
            return number * 1.609344
        }
        if text.hasSuffix("km/h") || text.hasSuffix("kmh") {
            let digits = text.replacingOccurrences(of: "km/h", with: "").replacingOccurrences(of: "kmh", with: "")
            guard let number = Double(digits.trimmingCharacters(in: .whitespaces)), number > 0 else { return nil }
            return number
        }
        if let zone = zoneKilometersPerHour[text] { return zone > 0 ? zone : nil }
        if let colon = text.firstIndex(of: ":") {
            let kind = String(text[text.index(after: colon)...])
            if let zone = zoneDefaultsKilometersPerHour[kind] { return zone }
        }
        return nil
    }
}
