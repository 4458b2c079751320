import Geo

/// A street or path drawn under the routes of a map, as a line of points.
public struct MapStreet: Sendable, Equatable {
    /// How the line is drawn, from the faintest to the heaviest.
    public enum Kind: String, Sendable, CaseIterable, Comparable {
        /// A footway, path or cycleway: a thin line.
        case path
        /// An alley, parking aisle or driveway: a narrow street.
        case minor
        /// A street.
        case street
        /// A main road: the heaviest line, drawn on top.
        case major

        /// Faintest first: the order they are drawn in.
        public static func < (lhs: Kind, rhs: Kind) -> Bool {
            allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
        }
    }

    /// How the line is drawn.
    public let kind: Kind
    /// The line's points, in order.
    public let coordinates: [Coordinate]

    /// Creates a line.
    public init(kind: Kind, coordinates: [Coordinate]) {
        self.kind = kind
        self.coordinates = coordinates
    }
}
