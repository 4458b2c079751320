import Geo

/// One kind of query the benchmark times.
enum Workload: CaseIterable {
    case radius1km, radius10km, radius100km, nearest10

    /// The column title.
    var title: String {
        switch self {
        case .radius1km: "radius 1 km"
        case .radius10km: "radius 10 km"
        case .radius100km: "radius 100 km"
        case .nearest10: "nearest-10"
        }
    }

    /// The radius of a radius workload.
    var radiusMeters: Double? {
        switch self {
        case .radius1km: 1_000
        case .radius10km: 10_000
        case .radius100km: 100_000
        case .nearest10: nil
        }
    }

    /// The k of a nearest workload.
    static let k = 10
}

/// What one peer did on one workload.
struct Measurement {
    /// Queries answered, the first `queryCount` of the shared query set.
    var queryCount: Int
    /// Wall-clock seconds for them all.
    var seconds: Double
    /// The answer to each query as ascending point indices.
    var answers: [[Int32]]

    var queriesPerSecond: Double { Double(queryCount) / seconds }
}

/// Runs `body` and returns its wall-clock duration in seconds.
func secondsTaken(_ body: () throws -> Void) rethrows -> Double {
    let clock = ContinuousClock()
    let start = clock.now
    try body()
    let d = clock.now - start
    return Double(d.components.seconds) + Double(d.components.attoseconds) * 1e-18
}
