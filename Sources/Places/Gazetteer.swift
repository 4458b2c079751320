import Foundation
import Geo
import Tabular

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
    ///
    /// The file is split as UTF-8 bytes rather than through `String` line enumeration, which on Linux goes
    /// through NSString and took most of a `planner nearby` run.
    public init(contentsOf url: URL) throws {
        guard let data = try? Data(contentsOf: url) else { throw PlacesError.unreadableGazetteer(path: url.path) }
        var places: [Place] = []
        places.reserveCapacity(35_000)
        data.withUnsafeBytes { (raw: UnsafeRawBufferPointer) in
            let bytes = raw.bindMemory(to: UInt8.self)
            var lineStart = 0
            var isHeader = true
            while lineStart < bytes.count {
                var lineEnd = lineStart
                while lineEnd < bytes.count && bytes[lineEnd] != 0x0A { lineEnd += 1 }
                defer { lineStart = lineEnd + 1 }
                if isHeader { isHeader = false; continue }
                var end = lineEnd
                if end > lineStart && bytes[end - 1] == 0x0D { end -= 1 }
                let line = UnsafeBufferPointer(rebasing: bytes[lineStart..<end])
                let fields: [String]
                if line.contains(0x22) {  // a quoted field: the careful splitter
                    fields = (try? CSV.parse(String(decoding: line, as: UTF8.self)))?.first?.fields ?? []
                } else {
                    fields = line.split(separator: 0x2C, omittingEmptySubsequences: false).map {
                        String(decoding: UnsafeBufferPointer(rebasing: $0), as: UTF8.self)
                    }
                }
                guard fields.count == 8, let id = Int(fields[0]), let lat = Double(fields[4]), let lon = Double(fields[5]),
                    let coordinate = try? Coordinate(latitude: lat, longitude: lon)
                else { continue }
                places.append(
                    Place(
                        geonameID: id, name: fields[1], countryCode: fields[2], admin1Code: fields[3],
                        coordinate: coordinate, population: Int(fields[6]) ?? 0, timeZone: fields[7]))
            }
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

    /// Lowercased, without accents, hyphens as spaces, spaces collapsed. Plain ASCII names (most of them)
    /// take a fast path: Foundation's folding costs ~10 µs a name, which is most of loading 34,006 places.
    static func fold(_ text: String) -> String {
        if text.utf8.allSatisfy({ $0 < 0x80 }) {
            var bytes: [UInt8] = []
            bytes.reserveCapacity(text.utf8.count)
            var pendingSpace = false
            for byte in text.utf8 {
                if byte == 0x20 || byte == 0x2D || byte == 0x09 {
                    pendingSpace = !bytes.isEmpty
                    continue
                }
                if pendingSpace { bytes.append(0x20); pendingSpace = false }
                bytes.append(byte >= 0x41 && byte <= 0x5A ? byte + 0x20 : byte)
            }
            return String(decoding: bytes, as: UTF8.self)
        }
        return text.folding(options: [.caseInsensitive, .diacriticInsensitive, .widthInsensitive], locale: nil)
            .replacingOccurrences(of: "-", with: " ")
            .split(whereSeparator: { $0.isWhitespace }).joined(separator: " ")
    }
}
