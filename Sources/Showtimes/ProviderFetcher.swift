import Basics
import Foundation
import Transport

/// The cache-then-provider exchange every showtimes client shares: a fresh cached answer is used, otherwise the
/// provider is asked, and when it fails an older cached answer stands in and says it is stale.
///
/// The cache key is the client's own text (the path and the query without any key), never the URL sent: a
/// provider's key is a query parameter and must not land in the database.
struct ProviderFetcher: Sendable {
    /// The provider's name in messages, such as "Gracenote".
    let provider: String
    let transport: any HTTPTransport
    let store: ShowtimesStore?
    let policy: ShowtimesCachePolicy
    let now: @Sendable () -> Date

    /// Answers from the cache or the provider; an answer is decoded before it is cached, so that a malformed
    /// answer never lands in the cache.
    /// - Parameters:
    ///   - key: The cache key, without secrets.
    ///   - request: What to send when the cache cannot answer; made only then.
    ///   - noContentIsEmpty: A 204 (No Content) is an answer like a 200, with an empty body: decoded from `Data()`
    ///     and cached (MovieGlu's "nothing there").
    ///   - refusal: The error for a status other than 200 (nil: ``ShowtimesError/httpStatus(provider:code:)``).
    ///   - decoder: Names `decode` and everything its result depends on besides the body; given, a cached body is
    ///     decoded once per version of its row (``ShowtimesCacheMemo``), and a fresh row whose decoding is kept is
    ///     not read at all. Nil for a decoding that depends on something it cannot name (a closure).
    ///   - kept: With `decoder`, how the decoding is kept in the database for the next process
    ///     (``KeptDecodingStorage``), which then reads it instead of parsing the body again.
    func fetch<T: Sendable>(
        key: String, request: @autoclosure () -> HTTPRequest, freshSeconds: Double, noContentIsEmpty: Bool = false,
        refusal: (Int) -> ShowtimesError? = { _ in nil }, decoder: String? = nil, kept form: KeptForm<T>? = nil,
        decode: (Data) throws -> T
    ) async throws -> ShowtimesFetch<T> {
        // The cheap look first: the row's stamp, and the decoding kept for it. A failure to look is left to the
        // full read below, which meets it again and says so as before.
        if let decoder, let store, policy != .refresh,
            let stamp = try? await store.cacheStamp(forKey: key),
            policy == .offline || now().timeIntervalSince(stamp.fetchedAt) < freshSeconds,
            let kept = store.decoded(forKey: key, decoder: decoder, stamp: stamp, as: T.self, form: form)
        {
            return ShowtimesFetch(value: kept, fetchedAt: stamp.fetchedAt, fromCache: true, isStale: false)
        }
        let cached = try await store?.cached(forKey: key)
        if let cached,
            policy == .offline || (policy == .normal && now().timeIntervalSince(cached.fetchedAt) < freshSeconds)
        {
            return ShowtimesFetch(
                value: try await decodeCached(cached, key: key, decoder: decoder, form: form, decode),
                fetchedAt: cached.fetchedAt, fromCache: true, isStale: false)
        }
        if policy == .offline { throw ShowtimesError.notCached(provider: provider) }
        var response: Transport.HTTPResponse
        do {
            response = try await send(request())
            if noContentIsEmpty && response.statusCode == 204 {
                response.body = Data()
            } else if response.statusCode != 200 {
                throw refusal(response.statusCode)
                    ?? ShowtimesError.httpStatus(provider: provider, code: response.statusCode)
            }
        } catch let error as ShowtimesError {
            // The provider failed: an older answer is better than none, and says it is stale.
            guard let cached, policy == .normal else { throw error }
            return ShowtimesFetch(
                value: try await decodeCached(cached, key: key, decoder: decoder, form: form, decode),
                fetchedAt: cached.fetchedAt, fromCache: true, isStale: true, staleReason: error)
        }
        let value: T
        do {
            value = try decode(response.body)
        } catch let error as ShowtimesError {
            // A 200 whose body cannot be read (a captive portal's page, a cut answer) is a failure like any
            // other: the cached answer stands in, and the new body is not cached.
            guard let cached, policy == .normal,
                let old = try? await decodeCached(cached, key: key, decoder: decoder, form: form, decode)
            else { throw error }
            return ShowtimesFetch(
                value: old, fetchedAt: cached.fetchedAt, fromCache: true, isStale: true, staleReason: error)
        }
        let fetchedAt = now()
        try await store?.cache(response.body, forKey: key, fetchedAt: fetchedAt)
        if let store, let form, decoder != nil {
            await store.keep(
                value, forKey: key, stamp: ShowtimesCacheStamp(fetchedAt: fetchedAt, byteCount: response.body.count),
                form: form)
        }
        return ShowtimesFetch(value: value, fetchedAt: fetchedAt, fromCache: false, isStale: false)
    }

    /// A cached row decoded, through the store's kept decodings when `decoder` names the decoding (and, with `form`,
    /// those an earlier process kept).
    private func decodeCached<T: Sendable>(
        _ cached: (body: Data, fetchedAt: Date), key: String, decoder: String?, form: KeptForm<T>?,
        _ decode: (Data) throws -> T
    ) async throws -> T {
        guard let decoder, let store else { return try decode(cached.body) }
        guard let form else { return try store.decoded(cached, forKey: key, decoder: decoder, decode) }
        return try await store.decoded(cached, forKey: key, decoder: decoder, form: form, decode)
    }

    /// Sends through the transport, turning its errors into the provider's.
    private func send(_ request: HTTPRequest) async throws -> Transport.HTTPResponse {
        do {
            return try await transport.send(request)
        } catch let error as TransportError {
            switch error {
            case .timedOut: throw ShowtimesError.timedOut(provider: provider)
            case .unavailable(let reason): throw ShowtimesError.transportUnavailable(reason: reason)
            default: throw ShowtimesError.unreachable(provider: provider)
            }
        } catch is CancellationError {
            throw CancellationError()
        } catch {
            throw ShowtimesError.unreachable(provider: provider)
        }
    }
}
