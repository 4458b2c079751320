import Foundation
import TestSupport

extension PlannerProcess {
    /// A planner pointed at a fake TMDb with a token set.
    init(tmdb: FakeServer, token: String = FakeTMDbService.token) {
        self.init(environment: ["TMDB_BASE_URL": tmdb.baseURL.absoluteString, "TMDB_READ_ACCESS_TOKEN": token])
    }
}
