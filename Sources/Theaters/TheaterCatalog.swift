import Foundation
import Geo
import Tabular

/// A set of theaters with a spatial index over them.
///
/// ```swift
/// let catalog = try TheaterCatalog(contentsOf: dataDirectory.appending(path: "theaters.csv"))
/// let hits = catalog.search(near: helsinki, radiusMeters: 5_000, query: TheaterQuery(keyword: "cinema"), limit: 10)
/// hits.first?.theater.name   // "Kinopalatsi"
/// ```
public struct TheaterCatalog: Sendable {
    /// Every theater, in file order.
    public let theaters: [Theater]
    /// Rows left out because they had no name or no valid coordinate.
    public let skippedRows: Int
    /// Where the catalog came from (a path, or "bundled").
    public let source: String
    /// The areas this catalog is complete for; a user catalog covers the box around its points.
    public let coverage: [CoverageArea]
    /// The credit the data's licence asks for, e.g. "© OpenStreetMap contributors, ODbL 1.0".
    public var attribution: String?
    let index: PointIndex

    /// A catalog of the given theaters, complete for `coverage` (by default, the box around the theaters).
    public init(theaters: [Theater], source: String, skippedRows: Int = 0, coverage: [CoverageArea]? = nil) {
        self.theaters = theaters
        self.source = source
        self.skippedRows = skippedRows
        self.coverage = coverage ?? CoverageArea.enclosing(theaters.map(\.coordinate), name: source).map { [$0] } ?? []
        self.index = PointIndex(theaters.map(\.coordinate))
    }

    /// Reads a GeoJSON FeatureCollection of Points or a CSV with `name`, `lat` and `lon` columns, by content.
    /// - Throws: `TheatersError` when the file can't be read or has neither shape.
    public init(contentsOf url: URL, source: String? = nil, coverage: [CoverageArea]? = nil) throws {
        if let bytes = InputLimits.oversizedWholeFile(atPath: url.path) {
            throw TheatersError.tooLarge(path: url.path, bytes: bytes, limitBytes: InputLimits.wholeFileBytes)
        }
        guard let data = try? Data(contentsOf: url) else { throw TheatersError.unreadable(path: url.path) }
        try self.init(data: data, path: url.path, source: source, coverage: coverage)
    }

    /// Reads a catalog file's bytes, as `init(contentsOf:)` does; `path` names the file in errors.
    init(data: Data, path: String, source: String? = nil, coverage: [CoverageArea]? = nil) throws {
        guard let text = String(data: data, encoding: .utf8) else { throw TheatersError.unreadable(path: path) }
        let trimmed = text.drop(while: { $0.isWhitespace || $0 == "\u{FEFF}" })
        let (theaters, skipped) =
            if trimmed.hasPrefix("{") {
                try CatalogReader.geoJSON(data, path: path)
            } else {
                try CatalogReader.csv(text, path: path)
            }
        guard !theaters.isEmpty else { throw TheatersError.empty(path: path) }
        self.init(theaters: theaters, source: source ?? path, skippedRows: skipped, coverage: coverage)
    }

    /// The theaters answering `query` within `radiusMeters` of `center`, nearest first, at most `limit`.
    public func search(near center: Coordinate, radiusMeters: Double, query: TheaterQuery, limit: Int) -> [TheaterHit] {
        var hits: [TheaterHit] = []
        for neighbor in index.neighbors(within: radiusMeters, of: center) {
            let theater = theaters[neighbor.index]
            guard query.matches(theater) else { continue }
            hits.append(
                TheaterHit(
                    theater: theater, distanceMeters: neighbor.distanceMeters,
                    bearingDegrees: center.initialBearingDegrees(to: theater.coordinate)))
            if hits.count == limit { break }
        }
        return hits
    }

    /// The theater with this id (`node/123`), OSM id alone (`123`), or a name (ignoring case and accents).
    public func theater(matching reference: String) -> [Theater] {
        if let exact = theaters.first(where: { $0.id == reference }) { return [exact] }
        if let number = Int64(reference) { return theaters.filter { $0.osmID == number } }
        let folded = TheaterQuery.fold(reference)
        let exactNames = theaters.filter { TheaterQuery.fold($0.name) == folded }
        if !exactNames.isEmpty { return exactNames }
        return theaters.filter { TheaterQuery.fold($0.name).contains(folded) }
    }

    /// This catalog and `other`, with `other`'s theaters left out where an OSM id already appears here.
    public func merged(with other: TheaterCatalog) -> TheaterCatalog {
        let known = Set(theaters.map(\.id))
        let extra = other.theaters.filter { !known.contains($0.id) }
        return TheaterCatalog(
            theaters: theaters + extra, source: source + " + " + other.source, coverage: coverage + other.coverage)
    }
}

/// A theater found by a search, with where it lies from the search center.
public struct TheaterHit: Sendable, Hashable {
    public let theater: Theater
    /// Great-circle distance from the center, in meters.
    public let distanceMeters: Double
    /// Initial bearing from the center, degrees clockwise from north.
    public let bearingDegrees: Double

    public init(theater: Theater, distanceMeters: Double, bearingDegrees: Double) {
        self.theater = theater
        self.distanceMeters = distanceMeters
        self.bearingDegrees = bearingDegrees
    }

    /// The eight-wind direction from the center.
    public var direction: CompassPoint { CompassPoint(bearingDegrees: bearingDegrees) }

    /// Estimated travel time from the center for `mode`.
    public func estimatedDurationSeconds(_ mode: TravelMode) -> Double {
        mode.estimatedDurationSeconds(straightLineMeters: distanceMeters)
    }
}
