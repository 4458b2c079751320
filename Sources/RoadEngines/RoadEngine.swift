import Foundation
import Geo
import Transport

/// One routing engine (OSRM or Valhalla) as the planner asks it: a table of times for the nearest-N, a route per
/// line to draw. A server keeps one per engine address, so that its connections stay open (libcurl's handle pool),
/// its answers are remembered where the inputs repeat, and an engine found down is left alone for a pause instead
/// of being asked again by every request.
///
/// Requests block the calling thread (a command's, or a server's handler thread), as `Router` is synchronous.
public final class RoadEngine: @unchecked Sendable {
    /// How long one request may take before the engine counts as down, in seconds. OSRM and Valhalla answer a
    /// table or a route in milliseconds; one that takes seconds is overloaded, and the planner's own times are
    /// better than a wait.
    public static let defaultTimeoutSeconds = 3.0
    /// How long an engine found down is left alone before it is asked again, in seconds.
    public static let defaultRestSeconds = 30.0
    /// How many answers are remembered, and for how long, in seconds: an operator updates the engine's data on
    /// a schedule of its own, so a remembered answer ages out.
    static let memoCapacity = 512
    static let memoSeconds = 600.0

    public let engine: RoutingEngine
    let timeoutSeconds: Double
    let restSeconds: Double
    private let transport: CurlTransport
    private let lock = NSLock()
    private var downSince: (until: Date, reason: String)?
    private var memo: [MemoKey: (answer: [EngineLeg?], at: Date)] = [:]
    private var memoOrder: [MemoKey] = []

    /// - Parameter engine: `.osrm` or `.valhalla` (`.builtin` is not an engine to ask; its requests throw).
    public init(
        _ engine: RoutingEngine, timeoutSeconds: Double = defaultTimeoutSeconds, restSeconds: Double = defaultRestSeconds
    ) {
        self.engine = engine
        self.timeoutSeconds = timeoutSeconds
        self.restSeconds = restSeconds
        transport = CurlTransport(maxIdleConnections: 8)
    }

    /// The way to each destination, in order; nil where the engine knows none. Times only (`lines` false) cost one
    /// table request for all the destinations; lines cost one route request each.
    /// - Throws: ``RoadEngineError`` when the engine cannot answer at all (down, resting, refused, malformed);
    ///   a single route's `NoRoute` is a nil, not an error.
    public func legs(from origin: Coordinate, to destinations: [Coordinate], mode: TravelMode, lines: Bool) throws(RoadEngineError)
        -> [EngineLeg?]
    {
        guard !destinations.isEmpty else { return [] }
        let key = MemoKey(origin: origin, destinations: destinations, mode: mode, lines: lines)
        let now = Date()
        if let remembered = lock.withLock({ memo[key] }), now.timeIntervalSince(remembered.at) < Self.memoSeconds {
            return remembered.answer
        }
        try checkNotResting()
        do throws(RoadEngineError) {
            var answer: [EngineLeg?] = []
            if lines {
                for destination in destinations {
                    do throws(RoadEngineError) {
                        answer.append(try route(from: origin, to: destination, mode: mode))
                    } catch {
                        guard case .noRoute = error else { throw error }
                        answer.append(nil)
                    }
                }
            } else {
                answer = try table(from: origin, to: destinations, mode: mode)
            }
            remember(answer, for: key)
            return answer
        } catch {
            if error.isOutage { rest(because: error) }
            throw error
        }
    }

    // MARK: - Requests

    private func table(from origin: Coordinate, to destinations: [Coordinate], mode: TravelMode) throws(RoadEngineError)
        -> [EngineLeg?]
    {
        switch engine {
        case .builtin: throw .refused(engine: engine.label, code: "builtin", message: "not an engine to ask")
        case .osrm(let base):
            let points = ([origin] + destinations).map(OSRMProtocol.text).joined(separator: ";")
            let url = try endpoint(base, "table/v1/\(OSRMProtocol.profile(mode))/\(points)",
                query: "sources=0&annotations=duration,distance")
            return try OSRMProtocol.table(send(HTTPRequest(url: url, timeoutSeconds: timeoutSeconds)), count: destinations.count, engine: engine.label)
        case .valhalla(let base):
            let body = ValhallaProtocol.matrixBody(from: origin, to: destinations, mode: mode)
            let url = try endpoint(base, "sources_to_targets", query: nil)
            return try ValhallaProtocol.matrix(
                send(Self.post(url, body, timeoutSeconds)), origin: origin, destinations: destinations, engine: engine.label)
        }
    }

    private func route(from origin: Coordinate, to destination: Coordinate, mode: TravelMode) throws(RoadEngineError)
        -> EngineLeg
    {
        switch engine {
        case .builtin: throw .refused(engine: engine.label, code: "builtin", message: "not an engine to ask")
        case .osrm(let base):
            let points = [origin, destination].map(OSRMProtocol.text).joined(separator: ";")
            let url = try endpoint(base, "route/v1/\(OSRMProtocol.profile(mode))/\(points)",
                query: "overview=full&geometries=geojson&steps=false")
            return try OSRMProtocol.route(send(HTTPRequest(url: url, timeoutSeconds: timeoutSeconds)), engine: engine.label)
        case .valhalla(let base):
            let body = ValhallaProtocol.routeBody(from: origin, to: destination, mode: mode)
            let url = try endpoint(base, "route", query: nil)
            return try ValhallaProtocol.route(
                send(Self.post(url, body, timeoutSeconds)), origin: origin, destination: destination, engine: engine.label)
        }
    }

    /// `base` with `path` added under its own path (an engine behind a proxy at `/osrm/` keeps that prefix).
    private func endpoint(_ base: URL, _ path: String, query: String?) throws(RoadEngineError) -> URL {
        var text = base.absoluteString
        while text.hasSuffix("/") { text.removeLast() }
        text += "/" + path + (query.map { "?" + $0 } ?? "")
        guard let url = URL(string: text) else { throw .invalidSetting(engine.description) }
        return url
    }

    private static func post(_ url: URL, _ body: Data, _ timeoutSeconds: Double) -> HTTPRequest {
        HTTPRequest(
            url: url, method: "POST", headers: ["Content-Type": "application/json"], timeoutSeconds: timeoutSeconds,
            body: body)
    }

    /// The response, whatever its status; a server error (5xx) counts as down, as a transport failure does.
    private func send(_ request: HTTPRequest) throws(RoadEngineError) -> HTTPResponse {
        let response: HTTPResponse
        do {
            response = try transport.sendWaiting(request)
        } catch let error as TransportError {
            throw .down(engine: engine.label, reason: Self.reason(error, timeoutSeconds: timeoutSeconds))
        } catch {
            throw .down(engine: engine.label, reason: "could not be asked")
        }
        if response.statusCode >= 500 {
            throw .down(engine: engine.label, reason: "answered HTTP \(response.statusCode)")
        }
        return response
    }

    static func reason(_ error: TransportError, timeoutSeconds: Double) -> String {
        switch error {
        case .timedOut: "did not answer within \(formatted(timeoutSeconds)) s"
        case .unreachable: "could not be reached"
        case .truncatedBody: "stopped before the end of its answer"
        case .malformedResponse: "did not answer in HTTP"
        case .unavailable: "could not be asked (libcurl is missing)"
        }
    }

    private static func formatted(_ seconds: Double) -> String {
        seconds == seconds.rounded() ? String(Int(seconds)) : String(seconds)
    }

    // MARK: - Pauses and memory

    private func checkNotResting() throws(RoadEngineError) {
        let now = Date()
        let down: (until: Date, reason: String)? = lock.withLock {
            if let downSince, downSince.until <= now { self.downSince = nil }
            return downSince
        }
        if let down {
            throw .resting(
                engine: engine.label, reason: down.reason,
                secondsLeft: max(1, Int(down.until.timeIntervalSince(now).rounded(.up))))
        }
    }

    private func rest(because error: RoadEngineError) {
        let reason: String
        switch error {
        case .down(_, let why): reason = why
        default: reason = "answered wrongly"
        }
        let until = Date().addingTimeInterval(restSeconds)
        lock.withLock { downSince = (until, reason) }
    }

    private func remember(_ answer: [EngineLeg?], for key: MemoKey) {
        lock.withLock {
            if memo.updateValue((answer, Date()), forKey: key) == nil { memoOrder.append(key) }
            if memoOrder.count > Self.memoCapacity {
                memo[memoOrder.removeFirst()] = nil
            }
        }
    }

    struct MemoKey: Hashable {
        let origin: Coordinate
        let destinations: [Coordinate]
        let mode: TravelMode
        let lines: Bool
    }
}
