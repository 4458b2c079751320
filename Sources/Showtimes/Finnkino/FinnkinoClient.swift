import Basics
import Foundation
import Transport

/// When a provider client may use its cache and when it must ask.
public enum ShowtimesCachePolicy: Sendable, Equatable {
    /// A fresh cached answer is used; otherwise the provider is asked, and an older answer is used if it fails.
    case normal
    /// Only the cache is used; nothing goes online.
    case offline
    /// The provider is always asked.
    case refresh
}

/// What a provider call returned, and whether it came from the cache.
public struct ShowtimesFetch<Value: Sendable>: Sendable {
    /// The answer.
    public var value: Value
    /// When the answer was fetched from the provider.
    public var fetchedAt: Date
    /// True when it came from the cache.
    public var fromCache: Bool
    /// True when the provider failed and an answer older than the freshness limit was used instead.
    public var isStale: Bool
    /// Why a stale answer was used: the provider could not be reached, or its answer could not be read.
    public var staleReason: ShowtimesError? = nil
    /// Shows in the answer that could not be read and were left out (only the schedule has any).
    public var unreadable: [ShowtimesError] = []
}

/// Finnkino's free XML API (no key), over the ``HTTPTransport``, cached in ``ShowtimesStore``.
///
/// ```swift
/// let client = FinnkinoClient(baseURL: FinnkinoClient.defaultBaseURL, transport: CurlTransport(), store: store)
/// let shows = try await client.schedule(area: "1002", localDay: "2026-11-22").value
/// ```
public struct FinnkinoClient: Sendable {
    /// `https://www.finnkino.fi/xml`; the CLI lets `FINNKINO_BASE_URL` override it.
    public static let defaultBaseURL = URL(string: "https://www.finnkino.fi/xml")!
    /// How long a cached schedule counts as fresh, in seconds.
    public static let scheduleFreshSeconds: Double = 30 * 60
    /// How long the cached list of areas counts as fresh, in seconds.
    public static let areasFreshSeconds: Double = 7 * 86_400

    private let baseURL: URL
    private let transport: any HTTPTransport
    private let store: ShowtimesStore?
    private let policy: ShowtimesCachePolicy
    private let timeoutSeconds: Double
    private let now: @Sendable () -> Date

    /// Creates a client; without a store nothing is cached.
    public init(
        baseURL: URL = FinnkinoClient.defaultBaseURL, transport: any HTTPTransport, store: ShowtimesStore? = nil,
        policy: ShowtimesCachePolicy = .normal, timeoutSeconds: Double = 15,
        now: @escaping @Sendable () -> Date = Date.init
    ) {
        self.baseURL = baseURL
        self.transport = transport
        self.store = store
        self.policy = policy
        self.timeoutSeconds = timeoutSeconds
        self.now = now
    }

    /// The shows of `area` (nil: every area) on `localDay` (`YYYY-MM-DD`, Helsinki time), by start.
    /// - Throws: ``ShowtimesError``.
    public func schedule(area: String?, localDay: String) async throws -> ShowtimesFetch<[Show]> {
        var query = [URLQueryItem(name: "dt", value: try Self.finnishDate(localDay))]
        if let area { query.insert(URLQueryItem(name: "area", value: area), at: 0) }
        // Sorted as part of the decoding, so that a kept decoding is kept sorted.
        let fetched = try await fetch(
            path: "Schedule/", query: query, freshSeconds: Self.scheduleFreshSeconds, decoder: "finnkino schedule",
            kept: KeptForms.finnkinoSchedule
        ) { data in
            var schedule = try FinnkinoParsing.schedule(from: data)
            schedule.shows = schedule.shows.sorted { $0.start < $1.start }
            return schedule
        }
        return ShowtimesFetch(
            value: fetched.value.shows, fetchedAt: fetched.fetchedAt,
            fromCache: fetched.fromCache, isStale: fetched.isStale, staleReason: fetched.staleReason,
            unreadable: fetched.value.unreadable)
    }

    /// `DD.MM.YYYY` for `YYYY-MM-DD`, as Finnkino's `dt` takes it.
    /// - Throws: ``ShowtimesError/invalidDay(_:)`` unless `localDay` is three runs of digits between hyphens.
    static func finnishDate(_ localDay: String) throws -> String {
        // The usual form without splitting: ten bytes, digits but for the two hyphens.
        let bytes = Array(localDay.utf8)
        let digits = UInt8(ascii: "0")...UInt8(ascii: "9")
        let isUsual = bytes.count == 10 && bytes.indices.allSatisfy { index in
            index == 4 || index == 7 ? bytes[index] == UInt8(ascii: "-") : digits ~= bytes[index]
        }
        if isUsual {
            let dot = [UInt8(ascii: ".")]
            return String(decoding: bytes[8..<10] + dot + bytes[5..<7] + dot + bytes[0..<4], as: UTF8.self)
        }
        let parts = localDay.split(separator: "-")
        guard parts.count == 3, parts.allSatisfy({ $0.allSatisfy(\.isNumber) }) else {
            throw ShowtimesError.invalidDay(localDay)
        }
        return "\(parts[2]).\(parts[1]).\(parts[0])"
    }

    /// Finnkino's theatre areas.
    /// - Throws: ``ShowtimesError``.
    public func areas() async throws -> ShowtimesFetch<[TheatreArea]> {
        try await fetch(
            path: "TheatreAreas/", query: [], freshSeconds: Self.areasFreshSeconds, decoder: "finnkino areas",
            kept: KeptForms.finnkinoAreas
        ) { data in
            try FinnkinoParsing.areas(from: data)
        }
    }

    /// Answers from the cache or the provider, through the shared ``ProviderFetcher``; both documents decode from
    /// their body alone, so a cached one is decoded once per version (`decoder`).
    private func fetch<T: Sendable>(
        path: String, query: [URLQueryItem], freshSeconds: Double, decoder: String, kept: KeptForm<T>,
        decode: (Data) throws -> T
    ) async throws -> ShowtimesFetch<T> {
        let key =
            "finnkino " + path
            + (query.isEmpty ? "" : "?" + query.map { "\($0.name)=\($0.value ?? "")" }.joined(separator: "&"))
        let fetcher = ProviderFetcher(
            provider: FinnkinoParsing.providerName, transport: transport, store: store, policy: policy, now: now)
        return try await fetcher.fetch(
            key: key, request: self.request(path: path, query: query), freshSeconds: freshSeconds, decoder: decoder,
            kept: kept, decode: decode)
    }

    /// The request for `path` and `query`: made only when the cache cannot answer.
    private func request(path: String, query: [URLQueryItem]) -> HTTPRequest {
        var components = URLComponents(url: baseURL.appendingPathComponent(path), resolvingAgainstBaseURL: false)!
        if !query.isEmpty { components.queryItems = query }
        return HTTPRequest(
            url: components.url!, headers: ["Accept": "application/xml", "User-Agent": "planner"],
            timeoutSeconds: timeoutSeconds)
    }
}
