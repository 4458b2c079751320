import Geo

/// A place an area holds beside its roads, for routes to end at: an OSM element the import kept (for the planner,
/// a cinema or a theatre), or one of the caller's own. Routing reads nothing into it but its point; what it is, is
/// the caller's.
public struct AreaPlace: Sendable, Hashable, Locatable {
    /// `node/1376356017` for an OSM element, else the caller's id.
    public let id: String
    /// The type of the OSM element it was read from (`node`, `way`, `relation`), or nil.
    public let osmType: String?
    /// The id of that element, or nil.
    public let osmID: Int64?
    public let name: String
    /// Where it is: a node's position, a way's or a relation's at the mean of its nodes.
    public let coordinate: Coordinate
    /// What it is: the value of the tag that made the import keep it (`cinema` for `amenity=cinema`).
    public let kind: String
    /// Its other tags.
    public let tags: [String: String]

    public init(
        id: String, osmType: String?, osmID: Int64?, name: String, coordinate: Coordinate, kind: String,
        tags: [String: String]
    ) {
        self.id = id
        self.osmType = osmType
        self.osmID = osmID
        self.name = name
        self.coordinate = coordinate
        self.kind = kind
        self.tags = tags
    }
}

/// Which OSM elements an import keeps as places: those whose `key` tag has one of `values` (for the planner,
/// `amenity` = `cinema` or `theatre`). Nodes are kept where they are, ways and multipolygons at the mean of their
/// nodes.
public struct AreaPlaceTag: Sendable, Equatable {
    public let key: String
    public let values: Set<String>

    public init(key: String, values: Set<String>) {
        self.key = key
        self.values = values
    }

    /// The value that makes an element so tagged a place, or nil when it is not one.
    func kind(of tags: [String: String]) -> String? {
        guard let value = tags[key], values.contains(value) else { return nil }
        return value
    }
}
