import Foundation
import Transport

/// Where an online answer came from.
public enum LookupProvenance: Sendable, Equatable {
    case network
    case cache(ageSeconds: Double, stale: Bool)
}

/// The HTTP side shared by the Overpass and Nominatim clients: User-Agent, timeouts, retries on 429 and 504
/// with capped exponential backoff (honouring `Retry-After`), and the cache.
struct ServiceClient: Sendable {
    let service: String
    let transport: any HTTPTransport
    let userAgent: String
    let timeoutSeconds: Double
    let retry: RetryPolicy
    let cache: LookupCache?
    let offline: Bool
    let now: @Sendable () -> Date

    /// Sends the request unless a fresh cached answer exists; on failure, falls back to a stale one.
    /// With `pacing`, the request waits for the service's slot and gives it back when done.
    ///
    /// - Parameters:
    ///   - validate: Reads the body and throws if it is not a usable answer (a `remark`, malformed JSON): only a
    ///     body that passes is cached, so that a failure is never served from the cache as if it were an answer.
    ///   - rememberClientErrors: Cache a 400, 404 or 410 answer as `{"error":"HTTP 404"}`, so that asking
    ///     the same thing again makes no request (for lookups whose absence is itself an answer).
    func fetch(
        _ request: HTTPRequest, cacheKey: String, freshSeconds: Double, pacing: Pacing? = nil,
        rememberClientErrors: Bool = false, validate: (Data) throws -> Void
    ) async throws -> (Data, LookupProvenance) {
        let cached = try? cache?.entry(cacheKey, now: now())
        if let cached, cached.ageSeconds < freshSeconds {
            return (cached.body, .cache(ageSeconds: cached.ageSeconds, stale: false))
        }
        if offline {
            if let cached { return (cached.body, .cache(ageSeconds: cached.ageSeconds, stale: true)) }
            throw OnlineLookupError.notCached(service: service)
        }
        // Retries keep to the service's pacing too: a `Retry-After: 0` must not make requests a few ms apart.
        let minimumRetryDelay = max(retry.baseDelaySeconds, pacing?.intervalSeconds ?? 0)
        let outageKey = service + " " + (request.url.host ?? "") + ":" + (request.url.port.map(String.init) ?? "")
        // A service this process, or another on the same database, could not reach a moment ago is not asked
        // again: the same failure, or the stale answer, at once. When the outage's time is up, one request asks
        // (``Outages/current(_:now:)``), however many met it meanwhile.
        if let outage = Outages.shared.current(outageKey, now: now())
            ?? cache.flatMap({ Outages.recorded(outageKey, service: service, in: $0, now: now()) })
        {
            if let cached { return (cached.body, .cache(ageSeconds: cached.ageSeconds, stale: true)) }
            throw outage
        }
        do {
            var body: Data
            do {
                var reached = false
                if let pacing, let cache {
                    // A request that cannot reach any server (its host name does not resolve) takes no turn: the
                    // database is not written for it.
                    try await checkReachable(request)
                    try await pacing.acquire(cache: cache, leaseSeconds: timeoutSeconds * Double(retry.maxAttempts) + 30, now: now)
                    defer {
                        // A request that reached no server (its host name did not resolve, its connection was
                        // refused) used none of the service's capacity: the next may go at once.
                        let interval = reached ? pacing.intervalSeconds : 0
                        try? cache.releaseSlot(service: pacing.service, intervalSeconds: interval, now: now())
                    }
                    body = try await send(request, minimumRetryDelaySeconds: minimumRetryDelay, reached: &reached)
                } else {
                    body = try await send(request, minimumRetryDelaySeconds: minimumRetryDelay, reached: &reached)
                }
            } catch OnlineLookupError.http(_, let status)
                where rememberClientErrors && [400, 404, 410].contains(status)
            {
                body = Data(#"{"error":"HTTP \#(status)"}"#.utf8)
            }
            Outages.shared.record(outageKey, error: nil, now: now())
            try validate(body)
            try? cache?.store(body, for: cacheKey, at: now())
            return (body, .network)
        } catch let error as OnlineLookupError {
            Outages.shared.record(outageKey, error: error, now: now())
            if let cache { Outages.record(outageKey, error: error, in: cache, now: now()) }
            // A remark or a malformed body is an answer, not an outage: report it rather than hide it.
            if let cached, error != .malformedResponse(service: service) {
                return (cached.body, .cache(ageSeconds: cached.ageSeconds, stale: true))
            }
            throw error
        }
    }

    /// Throws ``OnlineLookupError/unreachable(service:)`` when the transport can tell, before sending, that
    /// `request` would reach no server (`HTTPTransport.checkReachable`), and ``OnlineLookupError/timedOut(service:)``
    /// when finding out ran out of the request's time.
    func checkReachable(_ request: HTTPRequest) async throws {
        do {
            try await transport.checkReachable(stamped(request))
        } catch TransportError.unreachable {
            throw OnlineLookupError.unreachable(service: service)
        } catch TransportError.timedOut {
            throw OnlineLookupError.timedOut(service: service)
        }
    }

    /// `request` with this client's User-Agent and timeout.
    private func stamped(_ request: HTTPRequest) -> HTTPRequest {
        var request = request
        request.headers["User-Agent"] = userAgent
        request.timeoutSeconds = timeoutSeconds
        return request
    }

    /// One request with retries, at least `minimumRetryDelaySeconds` apart; returns a 200's body. `reached` turns
    /// true once an attempt may have reached the server: anything but a host that could not be reached at all.
    func send(_ request: HTTPRequest, minimumRetryDelaySeconds: Double, reached: inout Bool) async throws -> Data {
        let request = stamped(request)
        var attempt = 0
        while true {
            let response: Transport.HTTPResponse
            do {
                response = try await transport.send(request)
            } catch TransportError.unreachable {
                throw OnlineLookupError.unreachable(service: service)
            } catch TransportError.unavailable(let reason) {
                throw OnlineLookupError.transportUnavailable(reason: reason)
            } catch TransportError.timedOut {
                reached = true
                throw OnlineLookupError.timedOut(service: service)
            } catch is CancellationError {
                reached = true
                throw CancellationError()
            } catch {
                reached = true
                throw OnlineLookupError.unreachable(service: service)
            }
            reached = true
            if response.statusCode == 200 { return response.body }
            let retryable = response.statusCode == 429 || response.statusCode == 504 || response.statusCode == 503
            attempt += 1
            guard retryable else { throw OnlineLookupError.http(service: service, status: response.statusCode) }
            guard attempt < retry.maxAttempts else {
                throw OnlineLookupError.overloaded(service: service, status: response.statusCode)
            }
            let delay = retry.delay(beforeRetry: attempt - 1, retryAfter: response.header("Retry-After"))
            try await retry.sleep(max(minimumRetryDelaySeconds, delay))
        }
    }
}

/// At most one request per interval to a service, across processes.
struct Pacing: Sendable {
    let service: String
    let intervalSeconds: Double
    let sleep: @Sendable (Double) async throws -> Void

    func acquire(cache: LookupCache, leaseSeconds: Double, now: @Sendable () -> Date) async throws {
        while let wait = try cache.acquireSlot(
            service: service, leaseSeconds: leaseSeconds, intervalSeconds: intervalSeconds, now: now())
        {
            // Poll: the holder may finish early and shorten the wait.
            try await sleep(min(max(wait, 0.01), 0.2))
        }
    }
}
