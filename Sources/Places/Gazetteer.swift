import Basics
import Foundation
import Geo
import Tabular

/// Offline geocoding over GeoNames' cities of 15,000+ people.
///
/// ```swift
/// let gazetteer = try Gazetteer(
///     contentsOf: dataDirectory.appending(path: "places.csv"),
///     alternateNamesAt: dataDirectory.appending(path: "place-names.csv"))
/// let match = try gazetteer.locate("Springfield, US")
/// match.place.label           // "Springfield, MO, US" (the most populous)
/// match.alternatives.count    // the other Springfields passed over
/// try gazetteer.locate("Cologne").place.label   // "Köln, DE", by one of its other names
/// ```
public struct Gazetteer: Sendable {
    /// Where the places are: parsed from `places.csv` into memory, or mapped from `places.index`.
    enum Storage: Sendable {
        case parsed(places: [Place], byFoldedName: [String: [Int]])
        case indexed(GazetteerIndex)
    }

    let storage: Storage
    /// `place-names.csv` (geonameid,name): other names of the same places, read only when a main name
    /// matches nothing, so that the common lookup stays as fast as before.
    let alternateNamesURL: URL?
    /// The answers of ``nearest(to:maxMeters:)`` so far: a server asks it for the same origins and theaters on
    /// every request, and each answer is a scan of every place.
    let nearestMemo = NearestMemo()

    /// Every place, in `places.csv`'s order (from an index, built on each call: keep the result).
    public var places: [Place] {
        switch storage {
        case .parsed(let places, _): places
        case .indexed(let index): index.allPlaces()
        }
    }

    public init(places: [Place], alternateNamesAt alternateNamesURL: URL? = nil) {
        var index: [String: [Int]] = [:]
        for (i, place) in places.enumerated() { index[Gazetteer.fold(place.name), default: []].append(i) }
        storage = .parsed(places: places, byFoldedName: index)
        self.alternateNamesURL = alternateNamesURL
    }

    /// Maps `places.index`, which `Scripts/build_data.py` writes beside `places.csv` with the same places: nothing
    /// is parsed until a lookup, and a lookup reads only the places it finds.
    ///
    /// - Throws: `PlacesError.unreadableGazetteer` or `.corruptGazetteerIndex`.
    public init(indexAt indexURL: URL, alternateNamesAt alternateNamesURL: URL? = nil) throws {
        storage = .indexed(try GazetteerIndex(path: indexURL.path))
        self.alternateNamesURL = alternateNamesURL
    }

    /// The places whose main name folds to `folded`.
    func places(folding folded: String) -> [Place] {
        switch storage {
        case .parsed(let places, let byFoldedName): (byFoldedName[folded] ?? []).map { places[$0] }
        case .indexed(let index): index.placeNumbers(folded: folded).compactMap(index.place)
        }
    }

    /// Reads `places.csv` (geonameid,name,country,admin1,lat,lon,population,timezone).
    ///
    /// `alternateNamesAt`, when given, is `place-names.csv` (geonameid,name): names such as "Cologne" or
    /// "Helsingfors" that are looked up when no main name matches.
    public init(contentsOf url: URL, alternateNamesAt alternateNamesURL: URL? = nil) throws {
        guard let data = try? Data(contentsOf: url) else { throw PlacesError.unreadableGazetteer(path: url.path) }
        var places: [Place] = []
        places.reserveCapacity(35_000)
        Self.forEachRow(of: data) { line in
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
            else { return }
            places.append(
                Place(
                    geonameID: id, name: fields[1], countryCode: fields[2], admin1Code: fields[3],
                    coordinate: coordinate, population: Int(fields[6]) ?? 0, timeZone: fields[7]))
        }
        self.init(places: places, alternateNamesAt: alternateNamesURL)
    }

    /// Finds "Helsinki", "Paris, FR" or "Springfield, IL, US", ignoring case and accents; the most populous wins.
    /// - Throws: `PlacesError.unknownPlace` when nothing matches.
    public func locate(_ query: String) throws -> PlaceMatch {
        let parts = query.split(separator: ",").map { $0.trimmingSpaces() }.filter { !$0.isEmpty }
        guard let name = parts.first else { throw PlacesError.emptyName }
        let folded = Gazetteer.fold(name)
        let qualifiers = parts.dropFirst().map { $0.uppercased() }
        func qualified(_ places: [Place]) -> [Place] {
            var candidates = places
            for qualifier in qualifiers {
                candidates = candidates.filter { $0.countryCode == qualifier || $0.admin1Code.uppercased() == qualifier }
            }
            return candidates.sorted {
                $0.population != $1.population ? $0.population > $1.population : $0.geonameID < $1.geonameID
            }
        }
        var candidates = qualified(places(folding: folded))
        var matchedName: String?
        if candidates.isEmpty, let alternateNamesURL {
            let byName = try alternateNames(folding: folded, in: alternateNamesURL)
            candidates = qualified(Array(byName.keys))
            matchedName = candidates.first.flatMap { byName[$0] }
        }
        guard let best = candidates.first else { throw PlacesError.unknownPlace(query) }
        return PlaceMatch(place: best, alternatives: Array(candidates.dropFirst()), matchedAlternateName: matchedName)
    }

    /// The places that have another name folding to `folded`, each with that name as written.
    func alternateNames(folding folded: String, in url: URL) throws -> [Place: String] {
        guard let data = try? Data(contentsOf: url) else { throw PlacesError.unreadableGazetteer(path: url.path) }
        var ids: [Int: String] = [:]
        Self.forEachRow(of: data) { line in
            // geonameid,name: the build script leaves out names with a comma or a quote.
            guard let comma = line.firstIndex(of: 0x2C),
                let id = Int(String(decoding: UnsafeBufferPointer(rebasing: line[..<comma]), as: UTF8.self))
            else { return }
            let name = String(decoding: UnsafeBufferPointer(rebasing: line[(comma + 1)...]), as: UTF8.self)
            if ids[id] == nil && Gazetteer.fold(name) == folded { ids[id] = name }
        }
        var matches: [Place: String] = [:]
        guard !ids.isEmpty else { return matches }
        if case .indexed(let index) = storage {
            for number in 0..<index.placeCount {
                if let name = ids[index.geonameID(number)], let place = index.place(number) { matches[place] = name }
            }
            return matches
        }
        for place in places { if let name = ids[place.geonameID] { matches[place] = name } }
        return matches
    }

    /// Calls `body` with each line after the header, as UTF-8 bytes without its line end (LF or CRLF).
    ///
    /// Split as bytes rather than through `String` line enumeration, which on Linux goes through NSString and took
    /// most of a `planner nearby` run.
    static func forEachRow(of data: Data, _ body: (UnsafeBufferPointer<UInt8>) -> Void) {
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
                body(UnsafeBufferPointer(rebasing: bytes[lineStart..<end]))
            }
        }
    }

    /// The place nearest `coordinate` within `maxMeters` (a coordinate's country, for a region), or nil.
    public func nearest(to coordinate: Coordinate, maxMeters: Double = 100_000) -> Place? {
        let key = NearestMemo.Key(coordinate: coordinate, maxMeters: maxMeters)
        if let known = nearestMemo.answer(for: key) { return known }
        let answer = scanForNearest(to: coordinate, maxMeters: maxMeters)
        nearestMemo.keep(answer, for: key)
        return answer
    }

    /// Every place measured, except those whose difference in latitude alone puts them farther than the limit or
    /// the best so far: the great-circle distance is never less than R·|Δφ| (the haversine's first term), so the
    /// skipped ones could not have won, and the answer is the one a full scan gives.
    private func scanForNearest(to coordinate: Coordinate, maxMeters: Double) -> Place? {
        // A metre of slack, so that rounding in the bound never skips a place the full formula would have taken.
        let metersPerDegreeOfLatitude = Earth.meanRadiusMeters * Double.pi / 180
        func mayBeWithin(_ limit: Double, latitude: Double) -> Bool {
            abs(latitude - coordinate.latitude) * metersPerDegreeOfLatitude - 1 <= limit
        }
        if case .indexed(let index) = storage {
            var best: (number: Int, meters: Double)?
            for number in 0..<index.placeCount {
                let (latitude, longitude) = index.latitudeLongitude(number)
                guard mayBeWithin(min(maxMeters, best?.meters ?? .infinity), latitude: latitude) else { continue }
                guard let point = try? Coordinate(latitude: latitude, longitude: longitude) else { continue }
                let meters = coordinate.distanceMeters(to: point)
                if meters <= maxMeters, meters < best?.meters ?? .infinity { best = (number, meters) }
            }
            return best.flatMap { index.place($0.number) }
        }
        var best: (place: Place, meters: Double)?
        for place in places {
            guard mayBeWithin(min(maxMeters, best?.meters ?? .infinity), latitude: place.coordinate.latitude) else {
                continue
            }
            let meters = coordinate.distanceMeters(to: place.coordinate)
            if meters <= maxMeters, meters < best?.meters ?? .infinity { best = (place, meters) }
        }
        return best?.place
    }

    /// Lowercased, without accents, hyphens as spaces, spaces collapsed. Plain ASCII names (most of them)
    /// take a fast path: Foundation's folding was most of loading the gazetteer (docs/benchmarks-history.md).
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

/// ``Gazetteer/nearest(to:maxMeters:)``'s answers by exact coordinate and limit. The places never change for one
/// gazetteer, so an answer never goes stale; the memo empties itself when it reaches `capacity`.
final class NearestMemo: @unchecked Sendable {
    struct Key: Hashable {
        let latitudeBits: UInt64
        let longitudeBits: UInt64
        let maxMetersBits: UInt64

        init(coordinate: Coordinate, maxMeters: Double) {
            latitudeBits = coordinate.latitude.bitPattern
            longitudeBits = coordinate.longitude.bitPattern
            maxMetersBits = maxMeters.bitPattern
        }
    }

    /// Enough for every theater of a large catalog and the origins of a busy hour.
    static let capacity = 4_096

    private let lock = NSLock()
    /// nil inside: asked, and no place was near enough.
    private var answers: [Key: Place?] = [:]

    func answer(for key: Key) -> Place?? {
        lock.withLock { answers[key] }
    }

    func keep(_ answer: Place?, for key: Key) {
        lock.withLock {
            if answers.count >= Self.capacity { answers.removeAll(keepingCapacity: true) }
            answers[key] = .some(answer)
        }
    }
}
