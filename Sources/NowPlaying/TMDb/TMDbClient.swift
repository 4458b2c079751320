import Basics
import Foundation
import Tabular
import Transport

/// A TMDb API v3 client: lists, searches, details and release dates, with a response cache.
///
/// ```swift
/// let cache = TMDbCache(storage: SQLiteTMDbCache(writer: dbQueue))
/// let client = TMDbClient(configuration: try .fromEnvironment(env), cache: cache)
/// let playing = try await client.nowPlaying(region: "GB")
/// print(playing.value.results.map(\.title), playing.provenance)
/// ```
public struct TMDbClient: Sendable {
    /// Where TMDb is and how to authenticate.
    public let configuration: TMDbConfiguration
    /// How 429 and 5xx answers are retried.
    public let retryPolicy: RetryPolicy
    /// The timeout of each request, in seconds.
    public let timeoutSeconds: Double
    /// How long cached answers stay fresh.
    public let ttl: CacheTTL

    let transport: any HTTPTransport
    let cache: TMDbCache?
    let limiter: RequestLimiter
    let now: @Sendable () -> Date

    /// The most requests TMDb sees from one client at once.
    public static let defaultMaxConcurrentRequests = 20

    /// Creates a client.
    /// - Parameters:
    ///   - configuration: the credential and base URL, usually from ``TMDbConfiguration/fromEnvironment(_:)``.
    ///   - transport: the HTTP transport; ``CurlTransport`` by default.
    ///   - cache: the response cache, or nil to always ask the network.
    ///   - retryPolicy: how 429 and 5xx answers are retried.
    ///   - timeoutSeconds: the timeout of each request (15 s by default; the real transport counts whole seconds).
    ///   - maxConcurrentRequests: how many requests may be in flight at once (20 by default).
    ///   - ttl: how long cached answers stay fresh.
    ///   - now: the clock, for cache ages.
    public init(
        configuration: TMDbConfiguration,
        transport: any HTTPTransport = CurlTransport(),
        cache: TMDbCache? = nil,
        retryPolicy: RetryPolicy = .standard,
        timeoutSeconds: Double = 15,
        maxConcurrentRequests: Int = TMDbClient.defaultMaxConcurrentRequests,
        ttl: CacheTTL = .standard,
        now: @escaping @Sendable () -> Date = { Date() }
    ) {
        self.init(
            configuration: configuration, transport: transport, cache: cache,
            limiter: RequestLimiter(limit: maxConcurrentRequests), retryPolicy: retryPolicy,
            timeoutSeconds: timeoutSeconds, ttl: ttl, now: now)
    }

    /// Creates a client that takes its slots from `limiter`, shared with other clients: a server makes a client per
    /// request over one transport and one limiter, so that the connections are kept and the limit holds for all.
    /// - Parameter limiter: the slots for requests in flight (``defaultMaxConcurrentRequests`` is the usual limit);
    ///   the other parameters are the first initializer's.
    public init(
        configuration: TMDbConfiguration,
        transport: any HTTPTransport,
        cache: TMDbCache?,
        limiter: RequestLimiter,
        retryPolicy: RetryPolicy = .standard,
        timeoutSeconds: Double = 15,
        ttl: CacheTTL = .standard,
        now: @escaping @Sendable () -> Date = { Date() }
    ) {
        self.configuration = configuration
        self.transport = transport
        self.cache = cache
        self.retryPolicy = retryPolicy
        self.timeoutSeconds = timeoutSeconds
        self.ttl = ttl
        self.limiter = limiter
        self.now = now
    }

    /// Creates a client from a credential and a base URL, with the default limits and time-to-live.
    public init(
        credential: TMDbCredential?,
        baseURL: URL = TMDbConfiguration.defaultBaseURL,
        transport: any HTTPTransport = CurlTransport(),
        cache: TMDbCache? = nil,
        retryPolicy: RetryPolicy = .standard,
        timeoutSeconds: Double = 15
    ) {
        self.init(
            configuration: TMDbConfiguration(credential: credential, baseURL: baseURL), transport: transport,
            cache: cache, retryPolicy: retryPolicy, timeoutSeconds: timeoutSeconds)
    }
}

/// One TMDb call: a path, its query (no secrets) and how long its answer stays fresh.
struct Endpoint: Sendable, Equatable {
    /// How long an answer stays fresh.
    enum Freshness: Sendable { case list, detail }

    var path: String
    var query: [String: String]
    var freshness: Freshness

    init(_ path: String, query: [String: String?] = [:], freshness: Freshness) {
        self.path = path
        self.query = query.compactMapValues { $0 }
        self.freshness = freshness
    }

    /// The cache key: method, path and sorted query.
    var cacheKey: String {
        TMDbCache.key(
            method: "GET", path: path, query: query.map { URLQueryItem(name: $0.key, value: $0.value) })
    }
}

extension TMDbClient {
    /// Answers `endpoint` from the cache or the network, as `policy` says.
    ///
    /// An answer decoded from a cache row earlier is used again while the row's `fetchedAt` is unchanged
    /// (``TMDbCache/fetchedAt(forKey:)`` reads no body); the age is always worked out afresh.
    /// - Parameter accepts: whether a decoded answer is the one asked for. One that is not (a details body of
    ///   another id) is never cached, and a cached one is not used: it counts as malformed.
    /// - Parameter kept: the form in which a decoded answer is kept in the cache for the next process, if any.
    func fetch<T: Decodable & Sendable>(
        _ requested: Endpoint, as type: T.Type, policy: CachePolicy, accepts: (T) -> Bool = { _ in true },
        kept form: KeptForm<T>? = nil
    ) async throws -> Fetched<T> {
        func decode(_ body: Data) throws -> T {
            let value = try Self.decode(T.self, from: body, endpoint: requested.path)
            guard accepts(value) else { throw NowPlayingError.malformedResponse(endpoint: requested.path) }
            return value
        }
        // The configured region goes into the query before the cache key is made: answers for FI and GB differ.
        var endpoint = requested
        if endpoint.query["region"] == nil, let region = configuration.region { endpoint.query["region"] = region }
        let key = endpoint.cacheKey
        let ttlSeconds = endpoint.freshness == .list ? ttl.listSeconds : ttl.detailSeconds
        let cached = try await cache?.held(forKey: key, as: T.self, form: form)
        let age = cached.map { max(0, now().timeIntervalSince($0.fetchedAt)) } ?? 0
        // The cached answer, decoded (and kept) or kept from before; nil when it is malformed or not the one asked.
        func cachedValue() -> T? {
            guard let cached else { return nil }
            if let kept = cached.decoded { return accepts(kept) ? kept : nil }
            guard let body = cached.body, let value = try? decode(body) else { return nil }
            cache?.answers.keep(value, forKey: key, fetchedAt: cached.fetchedAt)
            return value
        }
        if let cached, policy == .offline || (policy == .normal && age <= ttlSeconds), let value = cachedValue() {
            // Decoded from the body just now: kept for the next process in its form.
            if cached.decoded == nil, let cache, let form {
                await cache.keep(value, forKey: key, fetchedAt: cached.fetchedAt, form: form)
            }
            return Fetched(value, provenance: .cache(age: age, stale: age > ttlSeconds))
        }
        if policy == .offline {
            throw cached == nil
                ? NowPlayingError.offlineCacheMiss(endpoint: endpoint.path)
                : NowPlayingError.malformedResponse(endpoint: endpoint.path)
        }
        do {
            let body = try await send(endpoint)
            let value = try decode(body)
            // A cache that can't be written must not cost the user an answer already in hand.
            if let cache {
                let fetchedAt = now()
                if (try? await cache.store(body, forKey: key, fetchedAt: fetchedAt)) != nil {
                    cache.answers.keep(value, forKey: key, fetchedAt: TMDbCache.asStored(fetchedAt))
                    if let form {
                        await cache.keep(value, forKey: key, fetchedAt: TMDbCache.asStored(fetchedAt), form: form)
                    }
                }
            }
            return Fetched(value, provenance: .network)
        } catch let error as NowPlayingError
            where error.isNetworkFailure || error.isMalformedResponse || (error == .missingCredentials && policy == .normal)
        {
            if let value = cachedValue() {
                return Fetched(value, provenance: .cache(age: age, stale: true))
            }
            throw error
        }
    }

    /// Sends `endpoint` with the credential, retrying 429 and 5xx; returns the body of a 2xx answer.
    func send(_ endpoint: Endpoint) async throws -> Data {
        let request = try makeRequest(endpoint)
        var retry = 0
        while true {
            let response = try await NowPlayingError.translatingTransport { [limiter, transport] in
                try await limiter.withSlot { try await transport.send(request) }
            }
            if (200..<300).contains(response.statusCode) {
                return response.body
            }
            if RetryPolicy.isRetryable(status: response.statusCode), retry + 1 < retryPolicy.maxAttempts {
                let wait = retryPolicy.delay(beforeRetry: retry, retryAfter: response.header("Retry-After"))
                try await retryPolicy.sleep(wait)
                retry += 1
                continue
            }
            throw Self.error(for: response, endpoint: endpoint.path)
        }
    }

    /// The HTTP request for `endpoint`: base URL, sorted query, credential, `User-Agent`.
    func makeRequest(_ endpoint: Endpoint) throws -> HTTPRequest {
        guard let credential = configuration.credential else { throw NowPlayingError.missingCredentials }
        let base = configuration.baseURL
        guard var components = URLComponents(url: base, resolvingAgainstBaseURL: false) else {
            throw NowPlayingError.invalidBaseURL(URLRedaction.redacted(base).absoluteString)
        }
        let basePath = components.path.hasSuffix("/") ? String(components.path.dropLast()) : components.path
        components.path = basePath + endpoint.path
        var items = endpoint.query.sorted { $0.key < $1.key }.map { URLQueryItem(name: $0.key, value: $0.value) }
        var headers = ["Accept": "application/json", "User-Agent": ClientIdentity.userAgent]
        switch credential {
        case .bearer(let token):
            headers["Authorization"] = "Bearer \(token)"
        case .apiKey(let key):
            items.append(URLQueryItem(name: "api_key", value: key))
        }
        components.queryItems = items.isEmpty ? nil : items
        guard let url = components.url else {
            throw NowPlayingError.invalidBaseURL(URLRedaction.redacted(base).absoluteString)
        }
        return HTTPRequest(url: url, headers: headers, timeoutSeconds: timeoutSeconds)
    }

    /// Decodes a body, mapping any failure to ``NowPlayingError/malformedResponse(endpoint:)``.
    static func decode<T: Decodable>(_ type: T.Type, from body: Data, endpoint: String) throws -> T {
        guard JSONDepth.isWithinLimit(body) else { throw NowPlayingError.malformedResponse(endpoint: endpoint) }
        do {
            return try JSONDecoder().decode(T.self, from: body)
        } catch {
            throw NowPlayingError.malformedResponse(endpoint: endpoint)
        }
    }

    /// TMDb's error body, `{"status_code": 7, "status_message": "Invalid API key…"}`.
    private struct ErrorBody: Decodable {
        var statusCode: Int?
        enum CodingKeys: String, CodingKey { case statusCode = "status_code" }
    }

    /// The error for a non-2xx answer, read from its status and TMDb's `status_code`.
    static func error(for response: HTTPResponse, endpoint: String) -> NowPlayingError {
        let code = (try? JSONDecoder().decode(ErrorBody.self, from: response.body))?.statusCode
        switch (response.statusCode, code) {
        case (_, 7?), (401, _):
            return .invalidCredentials
        case (_, 34?), (404, _):
            return .notFound(endpoint)
        case (429, _):
            return .rateLimited
        default:
            return .http(status: response.statusCode)
        }
    }

    /// Throws ``NowPlayingError/invalidPage(_:)`` unless `page` is in 1…500.
    static func validate(page: Int) throws {
        guard (1...500).contains(page) else { throw NowPlayingError.invalidPage(page) }
    }
}

extension NowPlayingError {
    /// A 2xx answer whose body is not what TMDb sends (a captive portal's page, a cut proxy answer): like a
    /// network failure, a stale cached answer is better than none.
    var isMalformedResponse: Bool {
        if case .malformedResponse = self { return true }
        return false
    }

    /// Whether the network, not the request, failed: then a stale cached answer is better than none.
    var isNetworkFailure: Bool {
        switch self {
        case .timedOut, .unreachable, .truncatedBody, .rateLimited:
            return true
        case .http(let status):
            return status >= 500
        default:
            return false
        }
    }
}
