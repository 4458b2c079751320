import Foundation
import Hummingbird
import Prometheus

/// `/` (the web page) and its script and styles, `/healthz`, `/openapi.json` and `/metrics`.
enum SystemRoutes {
    static func add(to router: Hummingbird.Router<BasicRequestContext>, registry: PrometheusCollectorRegistry) {
        let openAPI = ByteBuffer(bytes: EmbeddedFiles.openAPIJSON)
        // The page is three files built into the binary, so that its Content-Security-Policy can forbid inline
        // script and style: the HTML, its one script and its one style sheet.
        let assets: [(path: RouterPath, type: String, bytes: UnsafeRawBufferPointer)] = [
            ("/", "text/html; charset=utf-8", EmbeddedFiles.indexHTML),
            ("/app.js", "text/javascript; charset=utf-8", EmbeddedFiles.appJS),
            ("/app.css", "text/css; charset=utf-8", EmbeddedFiles.appCSS),
        ]
        for (path, type, bytes) in assets {
            let body = ByteBuffer(bytes: bytes)
            router.get(path) { _, _ in
                // Asked again on each load (a new binary brings a new page), yet kept for going back and forth.
                Response(
                    status: .ok, headers: [.contentType: type, .cacheControl: "no-cache"],
                    body: ResponseBody(byteBuffer: body))
            }
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
