/// Something at one point on the Earth, that a route can lead to (for the planner, a theater).
public protocol Locatable: Sendable, Equatable {
    /// Where it is.
    var coordinate: Coordinate { get }
}
