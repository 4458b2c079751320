import Foundation
import Hummingbird
import Logging
import Metrics
import NIOCore
import PlannerApp
import PlannerService
import Prometheus
import ServiceLifecycle

#if canImport(Glibc)
    import Glibc
#endif

/// `planner serve`: the HTTP API and the web page over the same use cases as the command line.
///
/// It prints `listening on http://HOST:PORT` once it accepts connections, logs one line per request on standard
/// error, and on SIGTERM or SIGINT stops accepting, lets requests in flight finish, and returns.
package enum PlannerServer {
    /// Runs the server until SIGTERM or SIGINT.
    /// - Parameter onListening: Called with the address once the server listens (the command prints it).
    package static func run(_ configuration: ServerConfiguration, onListening: @escaping @Sendable (String) -> Void)
        async throws
    {
        unblockShutdownSignals()
        var logger = Logger(label: "planner.serve")
        logger.logLevel = .info
        // Handlers block on the database, each on a thread of its own: as many connections as threads.
        let storage = try Storage.open(
            database: configuration.databaseURL, db: configuration.databasePath, environment: configuration.environment,
            maximumConnections: handlerThreadCount, recentReadSeconds: Storage.serverRecentReadSeconds)
        var configured = configuration
        configured.environment.storage = storage
        let configuration = configured
        let state = ServerState(
            configuration: configuration, storage: storage,
            limiter: RateLimiter(ratePerSecond: configuration.requestsPerSecondPerToken))
        let registry = PrometheusCollectorRegistry()
        MetricsSystem.bootstrap(metricsFactory(registry: registry))
        let router = makeRouter(state: state, registry: registry, logger: logger)
        let host = configuration.host
        let app = Application(
            router: router,
            configuration: .init(address: .hostname(host, port: configuration.port), serverName: "planner"),
            onServerRunning: { channel in
                let port = channel.localAddress?.port ?? configuration.port
                let shown = host.contains(":") ? "[\(host)]" : host
                onListening("http://\(shown):\(port)")
            },
            logger: logger)
        try await app.runService()
    }

    /// Threads for the handlers: enough that requests waiting on TMDb or the database do not queue behind
    /// each other on a small machine.
    static let handlerThreadCount = 16
    /// Of those, the ones that take jobs at once while jobs move (`HandlerThreads`): two per core.
    static let coreHandlerThreadCount = min(
        handlerThreadCount, max(2, 2 * ProcessInfo.processInfo.activeProcessorCount))

    /// Prometheus metrics under the names Prometheus' conventions give them: `http_requests_total` and
    /// `http_request_errors_total` by route, method and status, `http_server_request_duration_seconds` as a histogram.
    static func metricsFactory(registry: PrometheusCollectorRegistry) -> PrometheusMetricsFactory {
        var factory = PrometheusMetricsFactory(registry: registry)
        let names = [
            "hb.requests": "http_requests_total", "hb.request.errors": "http_request_errors_total",
            "http.server.request.duration": "http_server_request_duration_seconds",
        ]
        let labels = ["http.route": "route", "http.request.method": "method", "http.response.status_code": "status"]
        factory.nameAndLabelSanitizer = { label, dimensions in
            (names[label] ?? label, dimensions.map { (labels[$0.0] ?? $0.0, $0.1) })
        }
        return factory
    }

    /// Every route group behind the problem, metrics, security-header and access-log middleware.
    static func makeRouter(state: ServerState, registry: PrometheusCollectorRegistry, logger: Logger)
        -> Hummingbird.Router<BasicRequestContext>
    {
        let router = Hummingbird.Router(context: BasicRequestContext.self, options: .autoGenerateHeadEndpoints)
        router.add(middleware: AccessLogMiddleware(logger: logger))
        router.add(middleware: SecurityHeadersMiddleware())
        router.add(middleware: MetricsMiddleware())
        router.add(middleware: ProblemMiddleware())
        router.add(middleware: MethodNotAllowedMiddleware(table: RouteTable(openAPI: EmbeddedFiles.openAPIJSON)))
        let threads = HandlerThreads(count: handlerThreadCount, coreCount: coreHandlerThreadCount)
        router.add(middleware: HandlerThreadsMiddleware(threads: threads))
        SystemRoutes.add(to: router, registry: registry)
        TheaterRoutes.add(to: router, state: state)
        MapRoutes.add(to: router, state: state)
        FilmRoutes.add(to: router, state: state)
        ShowtimeRoutes.add(to: router, state: state)
        MeRoutes.add(to: router, state: state)
        return router
    }

    /// A process started by another that blocked SIGTERM (as `swift test` does) inherits the mask; the server
    /// must hear it to shut down gracefully.
    static func unblockShutdownSignals() {
        #if canImport(Glibc)
            var set = sigset_t()
            sigemptyset(&set)
            sigaddset(&set, SIGTERM)
            sigaddset(&set, SIGINT)
            pthread_sigmask(SIG_UNBLOCK, &set, nil)
        #endif
    }
}
