import Geo

/// One engine's way from the origin to one destination: what a `Route` is made from.
public struct EngineLeg: Sendable, Equatable {
    /// The distance the engine gives, in meters (its snapped ends; no off-road leg added).
    public var distanceMeters: Double
    /// The time the engine gives, in seconds.
    public var durationSeconds: Double
    /// The line, origin first; empty when only times were asked for.
    public var geometry: [Coordinate]
    /// How far the origin lies from where the engine joined the road, in meters (its waypoint's `distance`).
    public var originSnapMeters: Double?
    /// How far the destination lies from where the engine left the road, in meters.
    public var destinationSnapMeters: Double?

    public init(
        distanceMeters: Double, durationSeconds: Double, geometry: [Coordinate] = [], originSnapMeters: Double?,
        destinationSnapMeters: Double?
    ) {
        self.distanceMeters = distanceMeters
        self.durationSeconds = durationSeconds
        self.geometry = geometry
        self.originSnapMeters = originSnapMeters
        self.destinationSnapMeters = destinationSnapMeters
    }
}
