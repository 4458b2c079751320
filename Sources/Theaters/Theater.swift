import Basics
import Foundation
import Geo

/// The kind of venue, after OSM's `amenity` tag.
public enum TheaterCategory: Hashable, Sendable, CustomStringConvertible {
    /// `amenity=cinema`
    case cinema
    /// `amenity=theatre`
    case theatre
    /// Anything else a user's catalog calls itself.
    case other(String)

    /// Reads an `amenity`/`category` value; an empty value counts as a cinema.
    public init(tagValue: String) {
        switch tagValue.trimmingSpaces().lowercased() {
        case "", "cinema", "movie theater", "movie theatre": self = .cinema
        case "theatre", "theater": self = .theatre
        case let other: self = .other(other)
        }
    }

    /// The OSM tag value.
    public var tagValue: String {
        switch self {
        case .cinema: "cinema"
        case .theatre: "theatre"
        case .other(let value): value
        }
    }

    public var description: String { tagValue }
}

/// An OpenStreetMap element type.
public enum OSMElementType: String, Sendable, Hashable, Codable {
    case node, way, relation
}

/// A cinema or theatre, from OpenStreetMap or from a user's catalog.
public struct Theater: Sendable, Hashable, Identifiable {
    /// `node/1376356017` for OSM data; `catalog/ROW` for a user's row without an OSM id.
    public let id: String
    public let osmType: OSMElementType?
    public let osmID: Int64?
    public let name: String
    public let coordinate: Coordinate
    public let category: TheaterCategory
    /// The remaining tags (OSM keys such as `addr:street`, `phone`, `website`, or a catalog's own columns).
    public let tags: [String: String]

    public init(
        osmType: OSMElementType?, osmID: Int64?, name: String, coordinate: Coordinate, category: TheaterCategory,
        tags: [String: String], fallbackID: String
    ) {
        self.osmType = osmType
        self.osmID = osmID
        if let osmType, let osmID { self.id = "\(osmType.rawValue)/\(osmID)" } else { self.id = fallbackID }
        self.name = name
        self.coordinate = coordinate
        self.category = category
        self.tags = tags
    }

    /// The tag's value without spaces at either end, or nil when it is missing or blank.
    func tag(_ key: String) -> String? {
        guard let value = tags[key]?.trimmingSpaces(), !value.isEmpty else { return nil }
        return value
    }

    /// The first of `keys` with a value.
    func tag(_ keys: String...) -> String? {
        for key in keys { if let value = tag(key) { return value } }
        return nil
    }

    /// "Kaisaniemenkatu 2, 00100 Helsinki", from `addr:*` tags or a catalog's `address`/`commune` columns.
    /// (A server writes it for every theater of every answer: no arrays are built on the way.)
    public var address: String? {
        let street = Self.joining(tag("addr:street"), tag("addr:housenumber"), by: " ")
        let town = Self.joining(tag("addr:postcode"), tag("addr:city"), by: " ")
        if let parts = Self.joining(street, town, by: ", ") { return parts }
        return Self.joining(tag("address", "adresse"), tag("commune", "city", "town"), by: ", ")
    }

    /// Both parts joined by `separator`, else the one there is, else nil.
    private static func joining(_ first: String?, _ second: String?, by separator: String) -> String? {
        guard let first else { return second }
        guard let second else { return first }
        return first + separator + second
    }

    public var phone: String? { tag("phone", "contact:phone") }
    public var website: String? { tag("website", "contact:website", "url") }
    public var operatorName: String? { tag("operator") }
    public var brand: String? { tag("brand") }
    /// Number of screens (`screen` in OSM, `screens` in catalogs).
    public var screens: Int? { tag("screen", "screens").flatMap { Int($0) } }
    public var capacity: Int? { tag("capacity", "seats").flatMap { Int($0) } }
    public var wheelchair: String? { tag("wheelchair") }
    public var openingHours: String? { tag("opening_hours") }
    /// True for `drive_in=yes`.
    public var isDriveIn: Bool { tag("drive_in")?.lowercased() == "yes" }

    /// The OpenStreetMap page of the element, when it has an OSM id.
    public var openStreetMapURL: String? {
        guard let osmType, let osmID else { return nil }
        return "https://www.openstreetmap.org/\(osmType.rawValue)/\(osmID)"
    }
}

extension Theater {
    /// The OSM tag that makes an element a cinema or a theatre: `amenity` with one of `osmTagValues` (what an area
    /// import keeps besides the roads).
    public static let osmTagKey = "amenity"
    /// The `amenity` values of the venues the planner knows.
    public static let osmTagValues: Set<String> = ["cinema", "theatre"]
}
