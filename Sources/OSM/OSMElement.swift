import Geo

/// An OSM node: a point with tags.
public struct OSMNode: Sendable, Equatable {
    /// The node's OSM id.
    public let id: Int64
    /// Where the node is (WGS 84).
    public let coordinate: Coordinate
    /// The node's tags (most nodes have none).
    public let tags: [String: String]

    /// Creates a node.
    public init(id: Int64, coordinate: Coordinate, tags: [String: String]) {
        self.id = id
        self.coordinate = coordinate
        self.tags = tags
    }
}

/// An OSM way: an ordered list of node ids with tags.
public struct OSMWay: Sendable, Equatable {
    /// The way's OSM id.
    public let id: Int64
    /// The ids of the way's nodes, in order (a closed way repeats its first node at the end).
    public let nodeRefs: [Int64]
    /// The way's tags.
    public let tags: [String: String]

    /// Creates a way.
    public init(id: Int64, nodeRefs: [Int64], tags: [String: String]) {
        self.id = id
        self.nodeRefs = nodeRefs
        self.tags = tags
    }
}

/// One member of an OSM relation.
public struct OSMMember: Sendable, Equatable {
    /// The kind of element a relation member is.
    public enum Kind: String, Sendable, Equatable {
        /// A node member.
        case node
        /// A way member.
        case way
        /// A relation member.
        case relation
    }

    /// The member's element type.
    public let kind: Kind
    /// The member's OSM id.
    public let ref: Int64
    /// The member's role in the relation (`outer`, `stop`, … or empty).
    public let role: String

    /// Creates a member.
    public init(kind: Kind, ref: Int64, role: String) {
        self.kind = kind
        self.ref = ref
        self.role = role
    }
}

/// An OSM relation: an ordered list of members with tags.
public struct OSMRelation: Sendable, Equatable {
    /// The relation's OSM id.
    public let id: Int64
    /// The relation's members, in order.
    public let members: [OSMMember]
    /// The relation's tags.
    public let tags: [String: String]

    /// Creates a relation.
    public init(id: Int64, members: [OSMMember], tags: [String: String]) {
        self.id = id
        self.members = members
        self.tags = tags
    }
}

/// One element of an extract, as the readers hand them out.
public enum OSMElement: Sendable, Equatable {
    /// A node.
    case node(OSMNode)
    /// A way.
    case way(OSMWay)
    /// A relation.
    case relation(OSMRelation)
}

/// Which element types a read should decode; the others are skipped without being built.
public struct OSMElementKinds: OptionSet, Sendable {
    public let rawValue: Int

    /// Creates a set from its raw bits.
    public init(rawValue: Int) { self.rawValue = rawValue }

    /// Nodes.
    public static let nodes = OSMElementKinds(rawValue: 1)
    /// Ways.
    public static let ways = OSMElementKinds(rawValue: 2)
    /// Relations.
    public static let relations = OSMElementKinds(rawValue: 4)
    /// Every element type.
    public static let all: OSMElementKinds = [.nodes, .ways, .relations]
}

/// What an extract says about itself before its elements.
public struct OSMHeader: Sendable, Equatable {
    /// The extract's declared bounds (PBF `HeaderBBox`, XML `<bounds>`), when it has them.
    public var boundingBox: BoundingBox?
    /// The features a reader must understand (PBF `required_features`); empty for XML.
    public var requiredFeatures: [String]
    /// The program that wrote the file (PBF `writingprogram`, XML `generator`), when given.
    public var writingProgram: String?

    /// Creates a header.
    public init(boundingBox: BoundingBox? = nil, requiredFeatures: [String] = [], writingProgram: String? = nil) {
        self.boundingBox = boundingBox
        self.requiredFeatures = requiredFeatures
        self.writingProgram = writingProgram
    }
}
