import Foundation
import Hummingbird
import Prometheus

/// `/` (the web page), `/healthz`, `/openapi.json` and `/metrics`.
enum SystemRoutes {
    static func add(to router: Hummingbird.Router<BasicRequestContext>, registry: PrometheusCollectorRegistry) {
        let page = ByteBuffer(bytes: PackageResources.index_html)
        let openAPI = ByteBuffer(bytes: PackageResources.openapi_json)
        router.get("/") { _, _ in
            Response(status: .ok, headers: [.contentType: "text/html; charset=utf-8"], body: ResponseBody(byteBuffer: page))
        }
        router.get("/healthz") { _, _ in Reply.json(#"{"status":"ok"}"#) }
        router.get("/openapi.json") { _, _ in
            Response(status: .ok, headers: [.contentType: "application/json"], body: ResponseBody(byteBuffer: openAPI))
        }
        router.get("/metrics") { _, _ in
            Reply.text(registry.emitToString(), type: "text/plain; version=0.0.4; charset=utf-8")
        }
    }
}
