/// How fast a profile travels a way in each direction; nil for a direction it may not use.
public struct WaySpeeds: Equatable, Sendable {
    /// The speed along the way's node order, in km/h, or nil when that direction is closed.
    public let forwardKilometersPerHour: Double?
    /// The speed against the way's node order, in km/h, or nil when that direction is closed.
    public let backwardKilometersPerHour: Double?
    /// The share of the speed the routing weight counts (1: weight equals duration; 0.5: weight is twice it).
    public let weightFactor: Double

    /// Creates the speeds of a way.
    public init(forwardKilometersPerHour: Double?, backwardKilometersPerHour: Double?, weightFactor: Double = 1) {
        self.forwardKilometersPerHour = forwardKilometersPerHour
        self.backwardKilometersPerHour = backwardKilometersPerHour
        self.weightFactor = weightFactor
    }

    /// True when neither direction can be travelled.
    public var isClosed: Bool { forwardKilometersPerHour == nil && backwardKilometersPerHour == nil }
}
