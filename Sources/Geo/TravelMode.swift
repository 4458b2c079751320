/// How the user travels, with the assumptions behind a straight-line travel-time estimate.
///
/// An estimate is `distance × circuity ÷ speed`:
/// - Speeds follow OSRM's default profiles (github.com/Project-OSRM/osrm-backend, `profiles/foot.lua`:
///   `walking_speed = 5` km/h; `profiles/bicycle.lua`: `default_speed = 15` km/h; `profiles/car.lua` gives
///   25 km/h for residential and 40 km/h for tertiary roads, so 30 km/h stands for urban driving).
/// - Circuity (network distance ÷ straight-line distance) follows G. Boeing, "Measuring the complexity of
///   urban form and design", and Giacomin & Levinson (2015): US urban circuity ≈ 1.2–1.3; Boeing (2019,
///   "Urban spatial order", Applied Network Science) measured a median 1.23 for driving and 1.22 for walking.
///   Cycling borrows the walking figure plus a little for one-way streets (1.25).
public enum TravelMode: String, CaseIterable, Sendable, Codable {
    /// On foot.
    case walk
    /// By bicycle.
    case bike
    /// By car.
    case drive

    /// The assumed average speed, in kilometers per hour.
    public var speedKilometersPerHour: Double {
        switch self {
        case .walk: 5
        case .bike: 15
        case .drive: 30
        }
    }

    /// The assumed ratio of network distance to great-circle distance.
    public var circuity: Double {
        switch self {
        case .walk: 1.22
        case .bike: 1.25
        case .drive: 1.23
        }
    }

    /// The assumed speed in meters per second.
    public var speedMetersPerSecond: Double { speedKilometersPerHour * 1000 / 3600 }

    /// The estimated network distance for a straight-line distance.
    public func estimatedNetworkDistanceMeters(straightLineMeters: Double) -> Double {
        straightLineMeters * circuity
    }

    /// The estimated travel time for a straight-line distance: distance × circuity ÷ speed.
    public func estimatedDurationSeconds(straightLineMeters: Double) -> Double {
        estimatedNetworkDistanceMeters(straightLineMeters: straightLineMeters) / speedMetersPerSecond
    }
}
