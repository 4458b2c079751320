import Foundation
import Geo

/// Offline geocoding over GeoNames' cities of 15,000+ people.
///
/// ```swift
/// let gazetteer = try Gazetteer(contentsOf: dataDirectory.appending(path: "places.csv"))
/// let match = try gazetteer.locate("Springfield, US")
/// match.place.label           // "Springfield, MO, US" (the most populous)
/// match.alternatives.count    // the other Springfields passed over
/// ```
public struct Gazetteer: Sendable {
    public let places: [Place]
    let byFoldedName: [String: [Int]]

    public init(places: [Place]) {
        self.places = places
        var index: [String: [Int]] = [:]
        for (i, place) in places.enumerated() { index[Gazetteer.fold(place.name), default: []].append(i) }
        self.byFoldedName = index
    }

    /// Reads `places.csv` (geonameid,name,country,admin1,lat,lon,population,timezone).
    public init(contentsOf url: URL) throws {
        guard let text = try? String(contentsOf: url, encoding: .utf8) else {
            throw PlacesError.unreadableGazetteer(path: url.path)
        }
        var places: [Place] = []
        places.reserveCapacity(35_000)
        var first = true
        text.enumerateLines { line, _ in
            if first { first = false; return }
            let fields = Gazetteer.split(line)
            guard fields.count == 8, let id = Int(fields[0]), let lat = Double(fields[4]), let lon = Double(fields[5]),
                let coordinate = try? Coordinate(latitude: lat, longitude: lon)
            else { return }
            places.append(
                Place(
                    geonameID: id, name: fields[1], countryCode: fields[2], admin1Code: fields[3],
                    coordinate: coordinate, population: Int(fields[6]) ?? 0, timeZone: fields[7]))
        }
        self.init(places: places)
    }

    /// Finds "Helsinki", "Paris, FR" or "Springfield, IL, US", ignoring case and accents; the most populous wins.
    /// - Throws: `PlacesError.unknownPlace` when nothing matches.
    public func locate(_ query: String) throws -> PlaceMatch {
        let parts = query.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        guard let name = parts.first else { throw PlacesError.emptyName }
        var candidates = (byFoldedName[Gazetteer.fold(name)] ?? []).map { places[$0] }
        let qualifiers = parts.dropFirst().map { $0.uppercased() }
        for qualifier in qualifiers {
            candidates = candidates.filter { $0.countryCode == qualifier || $0.admin1Code.uppercased() == qualifier }
        }
        candidates.sort { $0.population != $1.population ? $0.population > $1.population : $0.geonameID < $1.geonameID }
        guard let best = candidates.first else { throw PlacesError.unknownPlace(query) }
        return PlaceMatch(place: best, alternatives: Array(candidates.dropFirst()))
    }

    static func fold(_ text: String) -> String {
        text.folding(options: [.caseInsensitive, .diacriticInsensitive, .widthInsensitive], locale: nil)
            .replacingOccurrences(of: "-", with: " ")
            .split(whereSeparator: { $0.isWhitespace }).joined(separator: " ")
    }

    /// Splits one CSV line (fields may be quoted; the gazetteer has no line breaks inside fields).
    static func split(_ line: String) -> [String] {
        if !line.contains("\"") { return line.split(separator: ",", omittingEmptySubsequences: false).map(String.init) }
        var fields: [String] = []
        var field = ""
        var inQuotes = false
        var previousWasQuote = false
        for c in line {
            if inQuotes {
                if c == "\"" { inQuotes = false; previousWasQuote = true; continue }
                field.append(c)
            } else if c == "\"" {
                if previousWasQuote { field.append("\"") }
                inQuotes = true
            } else if c == "," {
                fields.append(field); field = ""
            } else {
                field.append(c)
            }
            previousWasQuote = false
        }
        fields.append(field)
        return fields
    }
}
