import Routing
import Theaters

extension AreaPlaceTag {
    /// The places the planner imports, as PlannerApp names them: cinemas and theatres.
    static let theaters = AreaPlaceTag(key: Theater.osmTagKey, values: Theater.osmTagValues)
}
