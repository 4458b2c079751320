/// How fast a profile travels a way in each direction; nil for a direction it may not use.
public struct WaySpeeds: Equatable, Sendable {
    /// The speed along the way's node order, in km/h, or nil when that direction is closed.
    public let forwardKilometersPerHour: Double?
    /// The speed against the way's node order, in km/h, or nil when that direction is closed.
    public let backwardKilometersPerHour: Double?

    /// Creates the speeds of a way.
    public init(forwardKilometersPerHour: Double?, backwardKilometersPerHour: Double?) {
        self.forwardKilometersPerHour = forwardKilometersPerHour
        self.backwardKilometersPerHour = backwardKilometersPerHour
    }

    /// True when neither direction can be travelled.
    public var isClosed: Bool { forwardKilometersPerHour == nil && backwardKilometersPerHour == nil }
}
