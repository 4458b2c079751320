import Hummingbird
import PlannerApp

/// `GET /v1/showtimes` and `GET /v1/plan`: not served yet (see the README); they answer 501 with the reason.
enum ShowtimeRoutes {
    static func add(to router: Hummingbird.Router<BasicRequestContext>, state: ServerState) {
        for path in ["/v1/showtimes", "/v1/plan"] {
            router.get(RouterPath(path)) { _, _ -> Response in
                throw Problem(.notImplemented, "showtimes and plans are not served over HTTP yet; use 'planner showtimes' and 'planner plan'")
            }
        }
    }
}
