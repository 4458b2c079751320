import Geo

/// A stretch of street for a map: road-graph nodes in order, from one junction (or change of kind) to the next.
///
/// ```swift
/// let box = BoundingBox(south: 60.164, west: 24.935, north: 60.179, east: 24.953)
/// for line in area.streetLines(in: box) where line.kind == .major { print(line.coordinates.count) }
/// ```
public struct StreetLine: Sendable, Equatable {
    /// What a map can tell of a way from the area's graphs alone: the area file keeps no `highway` classes, so
    /// roads are told apart by how the car profile drives them.
    public enum Kind: Int, Sendable, CaseIterable, Comparable {
        /// A way walked or cycled but not driven: a footway, path, cycleway, pedestrian street or steps.
        case path
        /// A road the car profile avoids (its routing weight is above its duration): an alley, a parking aisle,
        /// a driveway, a single-lane or side road.
        case minor
        /// Any other road cars drive.
        case street
        /// A fast road; see ``RoadArea/majorRoadSpeedKilometersPerHour`` and ``RoadArea/majorRoadSpeedRatio``.
        case major

        /// Paths first, major roads last: the order a map draws them in.
        public static func < (lhs: Kind, rhs: Kind) -> Bool { lhs.rawValue < rhs.rawValue }
    }

    /// What kind of way this is.
    public let kind: Kind
    /// The line's nodes, in order (two or more).
    public let coordinates: [Coordinate]
    /// The fastest a car drives any of it, in km/h; 0 for a path.
    public let speedKilometersPerHour: Double
    /// Its length, in meters.
    public let lengthMeters: Double

    /// Creates a line.
    public init(kind: Kind, coordinates: [Coordinate], speedKilometersPerHour: Double, lengthMeters: Double) {
        self.kind = kind
        self.coordinates = coordinates
        self.speedKilometersPerHour = speedKilometersPerHour
        self.lengthMeters = lengthMeters
    }
}
