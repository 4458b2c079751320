import Geo
import Hummingbird
import PlannerApp

/// `GET /v1/map/streets`: the streets and paths around a place, from the covering area's road graph, for the web
/// page's map (`planner map` draws the same lines).
enum MapRoutes {
    static func add(to router: Hummingbird.Router<BasicRequestContext>, state: ServerState) {
        router.get("/v1/map/streets") { request, _ in
            let query = try Query(request)
            try TheaterRoutes.checkNear(query)
            try TheaterRoutes.checkRadius(query)
            let map = try StreetMap.find(
                near: query.string("near"), radius: query.string("radius"), environment: try state.requestEnvironment())
            return Reply.geoJSON(map.collection.encoded(pretty: false))
        }
    }
}
