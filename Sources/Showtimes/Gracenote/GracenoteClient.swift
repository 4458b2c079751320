import Foundation
import Geo
import Transport

/// Gracenote's OnConnect Data Delivery API v1.1 (US and Canadian theatres), over the ``HTTPTransport``, cached in
/// ``ShowtimesStore`` like Finnkino's answers.
///
/// The key goes in the `api_key` query parameter, which the transport's redaction removes from every log line;
/// the cache keys are built without it, so it never lands in the database.
///
/// ```swift
/// let client = GracenoteClient(apiKey: key, transport: CurlTransport(), store: store)
/// let day = try await client.schedule(localDay: "2026-11-25", around: columbus, radiusKilometers: 10) { _ in
///     "America/New_York"
/// }
/// ```
public struct GracenoteClient: Sendable {
    /// `http://data.tmsapi.com/v1.1`; the CLI lets `GRACENOTE_BASE_URL` override it (HTTPS where the key allows).
    public static let defaultBaseURL = URL(string: "http://data.tmsapi.com/v1.1")!
    /// How long cached showtimes count as fresh, in seconds.
    public static let showingsFreshSeconds: Double = 30 * 60
    /// How long the cached theatres count as fresh, in seconds.
    public static let theatresFreshSeconds: Double = 7 * 86_400
    /// The largest radius Gracenote accepts, in kilometers (100 miles).
    public static let maxRadiusKilometers = 160.0

    private let baseURL: URL
    private let apiKey: String
    private let timeoutSeconds: Double
    private let fetcher: ProviderFetcher

    /// Creates a client; without a store nothing is cached.
    public init(
        baseURL: URL = GracenoteClient.defaultBaseURL, apiKey: String, transport: any HTTPTransport,
        store: ShowtimesStore? = nil, policy: ShowtimesCachePolicy = .normal, timeoutSeconds: Double = 15,
        now: @escaping @Sendable () -> Date = Date.init
    ) {
        self.baseURL = baseURL
        self.apiKey = apiKey
        self.timeoutSeconds = timeoutSeconds
        fetcher = ProviderFetcher(
            provider: GracenoteParsing.providerName, transport: transport, store: store, policy: policy, now: now)
    }

    /// The theatres within `radiusKilometers` of `point`, nearest first.
    /// - Throws: ``ShowtimesError``; ``ShowtimesError/keyRefused(provider:variable:)`` for a 403.
    public func theatres(around point: Coordinate, radiusKilometers: Double) async throws
        -> ShowtimesFetch<[GracenoteTheatre]>
    {
        try await fetch(
            path: "theatres", query: Self.area(point, radiusKilometers), freshSeconds: Self.theatresFreshSeconds,
            decoder: "gracenote theatres"
        ) { try GracenoteParsing.theatres(from: $0) }
    }

    /// Every film's showtimes for `numDays` days from `startDate` (`YYYY-MM-DD`) in the theatres around `point`.
    /// - Parameter zoneOfTheatre: The IANA zone a theatre's wall-clock `dateTime` is read in.
    /// - Throws: ``ShowtimesError``.
    public func showings(
        startDate: String, numDays: Int = 1, around point: Coordinate, radiusKilometers: Double,
        zoneOfTheatre: @escaping (String) -> String
    ) async throws -> ShowtimesFetch<[Show]> {
        try await showings(
            startDate: startDate, numDays: numDays, around: point, radiusKilometers: radiusKilometers,
            zoneOfTheatre: zoneOfTheatre, decoder: nil)
    }

    /// ``showings(startDate:numDays:around:radiusKilometers:zoneOfTheatre:)``, with `decoder` naming what
    /// `zoneOfTheatre` answers (nil where that is unknown), so that a cached answer is decoded once per version.
    func showings(
        startDate: String, numDays: Int, around point: Coordinate, radiusKilometers: Double,
        zoneOfTheatre: @escaping (String) -> String, decoder: String?
    ) async throws -> ShowtimesFetch<[Show]> {
        guard CalendarDayText.isValid(startDate) else { throw ShowtimesError.invalidDay(startDate) }
        let query =
            [URLQueryItem(name: "startDate", value: startDate), URLQueryItem(name: "numDays", value: "\(numDays)")]
            + Self.area(point, radiusKilometers)
        // Sorted as part of the decoding, so that a kept decoding is kept sorted.
        let fetched = try await fetch(
            path: "movies/showings", query: query, freshSeconds: Self.showingsFreshSeconds, decoder: decoder
        ) {
            var schedule = try GracenoteParsing.schedule(fromShowings: $0, zoneOfTheatre: zoneOfTheatre)
            schedule.shows = schedule.shows.sorted { $0.start < $1.start }
            return schedule
        }
        return ShowtimesFetch(
            value: fetched.value.shows, fetchedAt: fetched.fetchedAt,
            fromCache: fetched.fromCache, isStale: fetched.isStale, staleReason: fetched.staleReason,
            unreadable: fetched.value.unreadable)
    }

    /// The shows of `numDays` days from `localDay` and the theatres they are at: `/theatres` first, for each theatre's place and so its zone
    /// (`zoneAt`; a theatre not listed, or without coordinates, takes `fallbackZone`), then `/movies/showings`.
    public func schedule(
        localDay: String, numDays: Int = 1, around point: Coordinate, radiusKilometers: Double, fallbackZone: String,
        zoneAt: @escaping (Coordinate) -> String?
    ) async throws -> GracenoteSchedule {
        let theatres = try await self.theatres(around: point, radiusKilometers: radiusKilometers)
        let byID = Dictionary(theatres.value.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        var zones: [String: String] = [:]
        for theatre in theatres.value {
            zones[theatre.id] = theatre.coordinate.flatMap(zoneAt) ?? fallbackZone
        }
        // The decoding depends on the body and on each theatre's zone: named by the zones themselves.
        let decoder =
            "gracenote showings\n" + fallbackZone + "\n"
            + zones.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: "\n")
        let shows = try await showings(
            startDate: localDay, numDays: numDays, around: point, radiusKilometers: radiusKilometers,
            zoneOfTheatre: { zones[$0] ?? fallbackZone }, decoder: decoder)
        return GracenoteSchedule(shows: shows, theatres: byID)
    }

    /// `lat`, `lng`, `radius` and `units=km`; coordinates to four decimals (11 m), so that nearby origins share
    /// a cache entry.
    private static func area(_ point: Coordinate, _ radiusKilometers: Double) -> [URLQueryItem] {
        let radius = min(max(radiusKilometers, 1), maxRadiusKilometers)
        return [
            URLQueryItem(name: "lat", value: String(format: "%.4f", point.latitude)),
            URLQueryItem(name: "lng", value: String(format: "%.4f", point.longitude)),
            URLQueryItem(name: "radius", value: String(format: "%g", radius.rounded(.up))),
            URLQueryItem(name: "units", value: "km"),
        ]
    }

    /// Asks through the shared ``ProviderFetcher``: the cache key holds the path and query, never the key.
    private func fetch<T: Sendable>(
        path: String, query: [URLQueryItem], freshSeconds: Double, decoder: String?, decode: (Data) throws -> T
    ) async throws -> ShowtimesFetch<T> {
        let key = "gracenote " + path + "?" + query.map { "\($0.name)=\($0.value ?? "")" }.joined(separator: "&")
        var components = URLComponents(url: baseURL.appendingPathComponent(path), resolvingAgainstBaseURL: false)!
        components.queryItems = query + [URLQueryItem(name: "api_key", value: apiKey)]
        let request = HTTPRequest(
            url: components.url!, headers: ["Accept": "application/json", "User-Agent": "planner"],
            timeoutSeconds: timeoutSeconds)
        return try await fetcher.fetch(
            key: key, request: request, freshSeconds: freshSeconds,
            refusal: { status in
                // A missing or inactive key is answered 403 with an HTML page.
                guard status == 403 || status == 401 else { return nil }
                return .keyRefused(
                    provider: GracenoteParsing.providerName, variable: ShowtimesProvider.gracenoteKeyVariable)
            }, decoder: decoder, decode: decode)
    }
}

/// One day of Gracenote: the shows, and the theatres they are at by Gracenote's id.
public struct GracenoteSchedule: Sendable {
    /// The shows, by start, with how they were fetched.
    public var shows: ShowtimesFetch<[Show]>
    /// The theatres of `/theatres`, by `theatreId`.
    public var theatres: [String: GracenoteTheatre]
}

/// `YYYY-MM-DD` checks.
enum CalendarDayText {
    static func isValid(_ text: String) -> Bool {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        return parts.count == 3 && parts.map(\.count) == [4, 2, 2] && parts.allSatisfy { $0.allSatisfy(\.isNumber) }
    }
}

extension GracenoteClient: CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    /// "Gracenote at http://data.tmsapi.com/v1.1": never the key.
    public var description: String { "Gracenote at \(URLRedaction.redacted(baseURL).absoluteString)" }

    /// The same as ``description``.
    public var debugDescription: String { description }

    /// A mirror without the key, so that `dump` reveals no secret.
    public var customMirror: Mirror {
        Mirror(self, children: ["baseURL": URLRedaction.redacted(baseURL).absoluteString, "timeoutSeconds": timeoutSeconds])
    }
}
