/// What an import found in an extract, for reports and tests.
public struct ImportStatistics: Equatable, Sendable, Codable {
    /// Ways with a `highway` tag, routable or not.
    public var highwayWays = 0
    /// Highway ways with at least one node reference missing from the file (a clipped extract).
    public var highwayWaysWithMissingNodes = 0
    /// References from highway ways to nodes missing from the file, counting each occurrence; the segments
    /// touching them are skipped.
    public var missingNodeReferences = 0
    /// Ways each mode's profile accepted, by `TravelMode.rawValue`.
    public var routableWaysByMode: [String: Int] = [:]
    /// Places (`AreaPlaceTag`) that could not be placed: a way or relation none of whose nodes is in the file.
    public var unplacedPlaces = 0

    /// Creates empty statistics.
    public init() {}
}
