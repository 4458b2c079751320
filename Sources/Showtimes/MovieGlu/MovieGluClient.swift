import Foundation
import Geo
import Transport

/// MovieGlu's three credentials, as its evaluation e-mail gives them, and the territory the key works in.
///
/// All three are secrets: they travel only in request headers, which no log line, cache key, description or
/// `dump` shows.
public struct MovieGluCredentials: Sendable, Equatable {
    /// The `client` header: the client username (`MOVIEGLU_CLIENT`).
    public var client: String
    /// The `x-api-key` header (`MOVIEGLU_API_KEY`).
    public var apiKey: String
    /// The `authorization` header, such as `Basic …` (`MOVIEGLU_AUTHORIZATION`).
    public var authorization: String
    /// The territory the key is limited to (an evaluation key works in one), such as "UK"; nil: the client's
    /// `territory`, from the origin's country.
    public var territory: String?

    /// Creates credentials.
    public init(client: String, apiKey: String, authorization: String, territory: String? = nil) {
        self.client = client
        self.apiKey = apiKey
        self.authorization = authorization
        self.territory = territory
    }
}

extension MovieGluCredentials: CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    /// "MovieGlu credentials (withheld)": never a value.
    public var description: String { "MovieGlu credentials (withheld)" }

    /// The same as ``description``.
    public var debugDescription: String { description }

    /// A mirror with the territory only, so that `dump` reveals no secret.
    public var customMirror: Mirror { Mirror(self, children: ["territory": territory as Any]) }
}

/// MovieGlu's API v200 (developer.movieglu.com), over the ``HTTPTransport``, cached in ``ShowtimesStore`` like the
/// other providers' answers.
///
/// Every request carries the credentials and the context in headers: `client`, `x-api-key`, `authorization`,
/// `territory`, `api-version` (`v200`), `geolocation` (`lat;lng`) and `device-datetime` (the device's wall clock,
/// ISO 8601 without an offset, as the documentation asks). The cache keys hold the path, the query and the territory
/// (and, for `cinemasNearby`, the geolocation), never a credential. An empty answer is `204 No Content`, which is
/// read as nothing there (and cached like any answer); a 401 or 403 is a refused key.
///
/// ```swift
/// let client = MovieGluClient(credentials: credentials, territory: "UK", transport: CurlTransport(), store: store)
/// let day = try await client.schedule(
///     localDay: "2026-11-27", around: leicesterSquare, maxCinemas: 5, zoneAt: { _ in "Europe/London" },
///     fallbackZone: "Europe/London")
/// day.requestCount   // 1 + 5 the first time, 0 within half an hour
/// ```
public struct MovieGluClient: Sendable {
    /// `https://api-gate2.movieglu.com/`, the documented endpoint; the CLI lets `MOVIEGLU_BASE_URL` override it.
    public static let defaultBaseURL = URL(string: "https://api-gate2.movieglu.com/")!
    /// The `api-version` header.
    public static let apiVersion = "v200"
    /// Where MovieGlu's key comes from, as a refused key says.
    public static let keyVariable = "MOVIEGLU_API_KEY"
    /// How long cached showtimes count as fresh, in seconds.
    public static let showTimesFreshSeconds: Double = 30 * 60
    /// How long the cached nearby cinemas count as fresh, in seconds.
    public static let cinemasFreshSeconds: Double = 7 * 86_400
    /// The most cinemas `cinemasNearby` returns (its documented system maximum for `n`).
    public static let maxCinemas = 25
    /// How many `cinemaShowTimes` requests ``schedule(localDay:around:maxCinemas:zoneAt:fallbackZone:)`` has in
    /// flight at once.
    public static let concurrentRequests = 4

    /// The `territory` header sent, such as "UK".
    public let territory: String
    private let baseURL: URL
    private let credentials: MovieGluCredentials
    private let timeoutSeconds: Double
    private let deviceTimeZone: TimeZone
    private let now: @Sendable () -> Date
    private let fetcher: ProviderFetcher

    /// Creates a client; without a store nothing is cached.
    /// - Parameters:
    ///   - territory: The territory when the credentials name none: the origin's country (ISO 3166-1 alpha-2;
    ///     "GB" is sent as MovieGlu's "UK").
    ///   - deviceTimeZone: The zone of the `device-datetime` header's wall clock.
    public init(
        baseURL: URL = MovieGluClient.defaultBaseURL, credentials: MovieGluCredentials, territory: String,
        transport: any HTTPTransport, store: ShowtimesStore? = nil, policy: ShowtimesCachePolicy = .normal,
        timeoutSeconds: Double = 15, deviceTimeZone: TimeZone = .current,
        now: @escaping @Sendable () -> Date = Date.init
    ) {
        self.baseURL = baseURL
        self.credentials = credentials
        self.territory = Self.territory(forCountry: credentials.territory ?? territory)
        self.timeoutSeconds = timeoutSeconds
        self.deviceTimeZone = deviceTimeZone
        self.now = now
        fetcher = ProviderFetcher(
            provider: MovieGluParsing.providerName, transport: transport, store: store, policy: policy, now: now)
    }

    /// MovieGlu's territory code for an ISO 3166-1 alpha-2 country: the same, upper-cased, but "UK" for "GB" (its
    /// documentation lists "UK – United Kingdom").
    public static func territory(forCountry country: String) -> String {
        let code = country.trimmingCharacters(in: .whitespaces).uppercased()
        return code == "GB" ? "UK" : code
    }

    /// The `count` cinemas nearest `point` (1–25), nearest first; none (a 204) when `point` is outside the
    /// territory.
    /// - Throws: ``ShowtimesError``; ``ShowtimesError/keyRefused(provider:variable:)`` for a 401 or 403.
    public func cinemasNearby(around point: Coordinate, count: Int) async throws -> ShowtimesFetch<[MovieGluCinema]> {
        let n = min(max(count, 1), Self.maxCinemas)
        return try await fetch(
            path: "cinemasNearby/", query: [URLQueryItem(name: "n", value: "\(n)")], around: point,
            geolocationInKey: true, freshSeconds: Self.cinemasFreshSeconds, decoder: "movieglu cinemas"
        ) { try MovieGluParsing.cinemas(from: $0) }
    }

    /// Every film's shows at `cinema` on the cinema day `date` (`YYYY-MM-DD`), by start, on the clock of `zone`;
    /// none (a 204) when it shows nothing that day.
    /// - Throws: ``ShowtimesError``; ``ShowtimesError/invalidDay(_:)`` for a `date` not written `YYYY-MM-DD`.
    public func cinemaShowTimes(cinema: MovieGluCinema, date: String, around point: Coordinate, zone: String)
        async throws -> ShowtimesFetch<[Show]>
    {
        guard CalendarDayText.isValid(date) else { throw ShowtimesError.invalidDay(date) }
        let query = [URLQueryItem(name: "cinema_id", value: cinema.id), URLQueryItem(name: "date", value: date)]
        // The decoding depends on the body and on everything it is given, all named in `decoder`; sorted as part of
        // it, so that a kept decoding is kept sorted.
        let fetched = try await fetch(
            path: "cinemaShowTimes/", query: query, around: point, geolocationInKey: false,
            freshSeconds: Self.showTimesFreshSeconds,
            decoder: ["movieglu showtimes", cinema.id, cinema.name, date, zone].joined(separator: "\n")
        ) {
            var schedule = try MovieGluParsing.shows(
                fromCinemaShowTimes: $0, cinemaID: cinema.id, cinemaName: cinema.name, date: date, zone: zone)
            schedule.shows = schedule.shows.sorted(by: Self.byStart)
            return schedule
        }
        return ShowtimesFetch(
            value: fetched.value.shows, fetchedAt: fetched.fetchedAt,
            fromCache: fetched.fromCache, isStale: fetched.isStale, staleReason: fetched.staleReason,
            unreadable: fetched.value.unreadable)
    }

    /// The shows of the cinema day `localDay` at the `maxCinemas` cinemas nearest `point`: one `cinemasNearby`, then
    /// one `cinemaShowTimes` per cinema, at most ``concurrentRequests`` at once. A cinema's zone is `zoneAt` its
    /// place (`fallbackZone` without coordinates or a zone).
    /// - Throws: ``ShowtimesError``: the first failure of any request, when no cached answer stands in.
    public func schedule(
        localDay: String, around point: Coordinate, maxCinemas: Int = 10, zoneAt: (Coordinate) -> String?,
        fallbackZone: String
    ) async throws -> MovieGluSchedule {
        guard CalendarDayText.isValid(localDay) else { throw ShowtimesError.invalidDay(localDay) }
        let nearby = try await cinemasNearby(around: point, count: maxCinemas)
        var cinemas: [String: MovieGluCinema] = [:]
        var jobs: [(cinema: MovieGluCinema, zone: String)] = []
        for cinema in nearby.value.prefix(min(max(maxCinemas, 1), Self.maxCinemas)) where cinemas[cinema.id] == nil {
            cinemas[cinema.id] = cinema
            jobs.append((cinema, cinema.coordinate.flatMap(zoneAt) ?? fallbackZone))
        }
        let limit = Self.concurrentRequests
        let finished = try await withThrowingTaskGroup(
            of: (Int, ShowtimesFetch<[Show]>).self, returning: [(Int, ShowtimesFetch<[Show]>)].self
        ) { group in
            var results: [(Int, ShowtimesFetch<[Show]>)] = []
            for (index, job) in jobs.enumerated() {
                // Once `limit` are in flight, one must end before the next starts.
                if index >= limit, let result = try await group.next() { results.append(result) }
                group.addTask {
                    let fetched = try await self.cinemaShowTimes(
                        cinema: job.cinema, date: localDay, around: point, zone: job.zone)
                    return (index, fetched)
                }
            }
            while let result = try await group.next() { results.append(result) }
            return results
        }
        let fetches = finished.sorted { $0.0 < $1.0 }.map { $0.1 }
        // A stale answer came from the cache after a request failed: that request was sent all the same.
        let sent = { (fromCache: Bool, isStale: Bool) in !fromCache || isStale }
        let requestCount =
            (sent(nearby.fromCache, nearby.isStale) ? 1 : 0) + fetches.filter { sent($0.fromCache, $0.isStale) }.count
        let shows = ShowtimesFetch(
            value: fetches.flatMap(\.value).sorted(by: Self.byStart),
            fetchedAt: fetches.map(\.fetchedAt).min() ?? nearby.fetchedAt,
            fromCache: nearby.fromCache && fetches.allSatisfy(\.fromCache),
            isStale: nearby.isStale || fetches.contains { $0.isStale },
            staleReason: nearby.staleReason ?? fetches.lazy.compactMap(\.staleReason).first,
            unreadable: fetches.flatMap(\.unreadable))
        return MovieGluSchedule(shows: shows, cinemas: cinemas, requestCount: requestCount)
    }

    /// By start, then cinema and title, so that the order does not depend on which answer came first.
    private static func byStart(_ a: Show, _ b: Show) -> Bool {
        (a.start, a.providerTheaterName, a.title, a.format ?? "")
            < (b.start, b.providerTheaterName, b.title, b.format ?? "")
    }

    /// `lat;lng` to four decimals (11 m), so that nearby origins share a cache entry.
    static func geolocation(_ point: Coordinate) -> String {
        String(format: "%.4f;%.4f", point.latitude, point.longitude)
    }

    /// `2026-11-27T18:00:00.000`: `date` on the wall clock of `zone`, ISO 8601 without an offset, as
    /// MovieGlu's "Headers and Responses" page asks for `device-datetime`.
    static func deviceDateTime(_ date: Date, in zone: TimeZone) -> String {
        let c = LocalClock.calendar(zone).dateComponents(
            [.year, .month, .day, .hour, .minute, .second, .nanosecond], from: date)
        let milliseconds = min(max((c.nanosecond ?? 0) / 1_000_000, 0), 999)
        return String(
            format: "%04d-%02d-%02dT%02d:%02d:%02d.%03d", c.year ?? 1970, c.month ?? 1, c.day ?? 1, c.hour ?? 0,
            c.minute ?? 0, c.second ?? 0, milliseconds)
    }

    /// The seven headers MovieGlu asks for, and what the answer should be.
    private func headers(geolocation: String) -> [String: String] {
        [
            "client": credentials.client, "x-api-key": credentials.apiKey, "authorization": credentials.authorization,
            "territory": territory, "api-version": Self.apiVersion, "geolocation": geolocation,
            "device-datetime": Self.deviceDateTime(now(), in: deviceTimeZone),
            "Accept": "application/json", "User-Agent": "planner",
        ]
    }

    /// Asks through the shared ``ProviderFetcher``: the cache key holds the path, the query and the territory
    /// (and the geolocation where the answer depends on it), never a credential.
    private func fetch<T: Sendable>(
        path: String, query: [URLQueryItem], around point: Coordinate, geolocationInKey: Bool, freshSeconds: Double,
        decoder: String, decode: (Data) throws -> T
    ) async throws -> ShowtimesFetch<T> {
        let geolocation = Self.geolocation(point)
        var key =
            "movieglu " + path + "?" + query.map { "\($0.name)=\($0.value ?? "")" }.joined(separator: "&")
            + " territory=" + territory
        if geolocationInKey { key += " geolocation=" + geolocation }
        var base = baseURL.absoluteString
        if !base.hasSuffix("/") { base += "/" }
        guard var components = URLComponents(string: base + path) else {
            throw ShowtimesError.unreachable(provider: MovieGluParsing.providerName)
        }
        components.queryItems = query
        guard let url = components.url else { throw ShowtimesError.unreachable(provider: MovieGluParsing.providerName) }
        var request = HTTPRequest(url: url, headers: headers(geolocation: geolocation), timeoutSeconds: timeoutSeconds)
        // Its keys travel in headers that curl would carry to wherever a redirect points: a 3xx is a failure.
        request.followsRedirects = false
        return try await fetcher.fetch(
            key: key, request: request, freshSeconds: freshSeconds, noContentIsEmpty: true,
            refusal: { status in
                // A missing or wrong credential is a 401 (a 403 where the key lacks the permission).
                guard status == 401 || status == 403 else { return nil }
                return .keyRefused(provider: MovieGluParsing.providerName, variable: Self.keyVariable)
            }, decoder: decoder, decode: decode)
    }
}

/// One cinema day of MovieGlu: the shows, the cinemas they are at, and what it cost.
public struct MovieGluSchedule: Sendable {
    /// The shows, by start, with how they were fetched: from the cache when every answer was (stale when any was).
    public var shows: ShowtimesFetch<[Show]>
    /// The cinemas of `cinemasNearby`, by `cinema_id`.
    public var cinemas: [String: MovieGluCinema]
    /// How many requests went to MovieGlu (not answered fresh from the cache): 1 + one per cinema at most, 0 when
    /// all was cached. MovieGlu counts requests against the key.
    public var requestCount: Int

    /// Creates a schedule.
    public init(shows: ShowtimesFetch<[Show]>, cinemas: [String: MovieGluCinema], requestCount: Int) {
        self.shows = shows
        self.cinemas = cinemas
        self.requestCount = requestCount
    }
}

extension MovieGluClient: CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    /// "MovieGlu at https://api-gate2.movieglu.com/ (UK)": never a credential.
    public var description: String {
        "MovieGlu at \(URLRedaction.redacted(baseURL).absoluteString) (\(territory))"
    }

    /// The same as ``description``.
    public var debugDescription: String { description }

    /// A mirror without the credentials, so that `dump` reveals no secret.
    public var customMirror: Mirror {
        Mirror(
            self,
            children: [
                "baseURL": URLRedaction.redacted(baseURL).absoluteString, "territory": territory,
                "apiVersion": Self.apiVersion, "timeoutSeconds": timeoutSeconds,
            ])
    }
}
