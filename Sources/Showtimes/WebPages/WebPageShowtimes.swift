import Foundation
import Transport

/// A theater whose own web site is read for its programme: OpenStreetMap's `website` tag, say.
public struct WebPageSite: Sendable, Equatable, Hashable {
    /// The theater's id, which its shows carry as ``Show/providerTheaterID``.
    public var theaterID: String
    /// The theater's name, which its shows carry as ``Show/providerTheaterName``.
    public var theaterName: String
    /// The page to read (an http or https URL).
    public var website: URL
    /// The theater's IANA zone, in which a `startDate` without an offset is read.
    public var zone: String

    /// Creates a site.
    public init(theaterID: String, theaterName: String, website: URL, zone: String) {
        self.theaterID = theaterID
        self.theaterName = theaterName
        self.website = website
        self.zone = zone
    }
}

/// What reading the sites gave: the shows, and what became of each site.
public struct WebPageSchedule: Sendable {
    /// What became of one site.
    public enum SiteOutcome: Sendable, Equatable, CustomStringConvertible {
        /// Its pages were fetched and listed `count` screenings.
        case shows(count: Int)
        /// Its pages came from the cache and listed `count` screenings.
        case fromCache(count: Int)
        /// Its `robots.txt` does not allow `path` for planner: nothing more was requested.
        case disallowed(path: String)
        /// Its page has no schema.org screenings.
        case noMarkup
        /// Its page is larger than the limit (`bytes` as announced or received).
        case tooLarge(bytes: Int)
        /// Offline, and nothing is cached for it.
        case notCached
        /// It could not be read: why, in a few words.
        case failed(String)

        /// One line about the site's outcome.
        public var description: String {
            switch self {
            case .shows(let count): "\(count) screening\(count == 1 ? "" : "s") read from its page"
            case .fromCache(let count): "\(count) screening\(count == 1 ? "" : "s") from the cached page"
            case .disallowed(let path): "its robots.txt does not allow planner to read \(path)"
            case .noMarkup: "its page lists no screenings in schema.org markup"
            case .tooLarge(let bytes): "its page is too large to read (\(bytes) bytes)"
            case .notCached: "its page is not cached; run once without --offline"
            case .failed(let reason): "its page could not be read: \(reason)"
            }
        }
    }

    /// Every show read, by start.
    public var shows: [Show]
    /// Each site's outcome, by ``WebPageSite/theaterID``.
    public var perSite: [String: SiteOutcome]
    /// By theater id, the screenings or blocks that could not be read and the event pages that failed.
    public var unreadable: [String: [String]]

    /// Creates a schedule.
    public init(shows: [Show], perSite: [String: SiteOutcome], unreadable: [String: [String]] = [:]) {
        self.shows = shows
        self.perSite = perSite
        self.unreadable = unreadable
    }
}

/// Showtimes from the cinemas' own pages: the schema.org JSON-LD they publish for search engines
/// (``ScreeningMarkup``), read politely.
///
/// For each site: its `robots.txt` (cached for hours; a 4xx answer allows everything, a 5xx answer or no answer
/// allows nothing) is honoured for the product token of the User-Agent (`planner`); then the page, and at most
/// ``maxEventPages`` pages on the same site that its markup names as the theater's events. Every request waits its
/// turn: one per host (and port) a second, longer when `robots.txt` asks with `Crawl-delay` (up to
/// ``maxCrawlDelaySeconds``); a few sites are read at once. A page larger than the limit is not read, nor cached.
/// One site's failure is its own outcome, never an error.
///
/// ```swift
/// let client = WebPageShowtimesClient(transport: CurlTransport(), store: store, policy: .normal)
/// let schedule = await client.shows(at: [site], localDay: nil)
/// schedule.perSite[site.theaterID]   // .shows(count: 12)
/// ```
public struct WebPageShowtimesClient: Sendable {
    /// The id shows carry in ``Show/provider``.
    public static let providerID = "web"
    /// How long a cached page counts as fresh, in seconds.
    public static let pageFreshSeconds: Double = 3 * 3600
    /// How long a cached `robots.txt` counts as fresh, in seconds.
    public static let robotsFreshSeconds: Double = 6 * 3600
    /// The most event pages read besides a site's page.
    public static let maxEventPages = ScreeningMarkup.maxEventPages
    /// The longest `Crawl-delay` honoured between two requests to one host; a longer one is taken as this.
    public static let maxCrawlDelaySeconds: Double = 10
    /// What a page request accepts.
    static let htmlAccept = "text/html,application/xhtml+xml"

    private let transport: any HTTPTransport
    private let store: ShowtimesStore?
    private let policy: ShowtimesCachePolicy
    private let userAgent: String
    private let productToken: String
    private let timeoutSeconds: Double
    private let maxBodyBytes: Int
    private let maxSitesAtOnce: Int
    private let minimumHostIntervalSeconds: Double
    private let now: @Sendable () -> Date
    private let pacer = HostPacer()

    /// Creates a client; without a store nothing is cached.
    /// - Parameters:
    ///   - userAgent: Sent with every request; its product token ("planner" in "planner/0.1.0") is the one
    ///     `robots.txt` is read for.
    ///   - maxBodyBytes: The largest page read.
    ///   - maxSitesAtOnce: How many sites are read at once.
    ///   - minimumHostIntervalSeconds: The least time between the starts of two requests to one host.
    public init(
        transport: any HTTPTransport, store: ShowtimesStore? = nil, policy: ShowtimesCachePolicy = .normal,
        userAgent: String = ClientIdentity.userAgent, timeoutSeconds: Double = 10, maxBodyBytes: Int = 2_000_000,
        maxSitesAtOnce: Int = 10, minimumHostIntervalSeconds: Double = 1,
        now: @escaping @Sendable () -> Date = Date.init
    ) {
        self.transport = transport
        self.store = store
        self.policy = policy
        self.userAgent = userAgent
        let token = RobotsTxt.productToken(of: userAgent)
        productToken = token.isEmpty || token == "*" ? "planner" : token
        self.timeoutSeconds = timeoutSeconds
        self.maxBodyBytes = maxBodyBytes
        self.maxSitesAtOnce = max(1, maxSitesAtOnce)
        self.minimumHostIntervalSeconds = max(0, minimumHostIntervalSeconds)
        self.now = now
    }

    /// Reads every site, a few at once, and returns their shows by start with each site's outcome.
    /// - Parameter localDay: Not used to filter: a page lists the days it lists, and every show read is returned
    ///   whatever its day; the caller keeps the day it wants (``Show/localDay``).
    public func shows(at sites: [WebPageSite], localDay: String? = nil) async -> WebPageSchedule {
        let memo = RobotsMemo()
        var shows: [Show] = []
        var perSite: [String: WebPageSchedule.SiteOutcome] = [:]
        var unreadable: [String: [String]] = [:]
        await withTaskGroup(of: (String, SiteRead).self) { group in
            var next = 0
            while next < sites.count, next < maxSitesAtOnce {
                let site = sites[next]
                next += 1
                group.addTask {
                    let read = await self.read(site, memo: memo)
                    return (site.theaterID, read)
                }
            }
            while let finished = await group.next() {
                let (theaterID, read) = finished
                shows += read.shows
                perSite[theaterID] = read.outcome
                if !read.unreadable.isEmpty { unreadable[theaterID, default: []] += read.unreadable }
                if next < sites.count {
                    let site = sites[next]
                    next += 1
                    group.addTask {
                        let read = await self.read(site, memo: memo)
                        return (site.theaterID, read)
                    }
                }
            }
        }
        shows.sort {
            ($0.start, $0.providerTheaterName, $0.title) < ($1.start, $1.providerTheaterName, $1.title)
        }
        return WebPageSchedule(shows: shows, perSite: perSite, unreadable: unreadable)
    }

    // MARK: - One site

    /// What one site gave.
    struct SiteRead: Sendable {
        var shows: [Show] = []
        var outcome: WebPageSchedule.SiteOutcome
        var unreadable: [String] = []
    }

    /// Reads one site: `robots.txt`, the page, the event pages it names.
    func read(_ site: WebPageSite, memo: RobotsMemo) async -> SiteRead {
        guard let origin = SiteOrigin(site.website) else {
            return SiteRead(outcome: .failed("\(site.website.absoluteString) is not an http or https address"))
        }
        let robots: RobotsTxt
        switch await memo.verdict(for: origin.text, fetch: { await self.robotsTxt(origin) }) {
        case .rules(let rules):
            robots = rules
        case .notCached:
            // Offline: a page is cached only when robots.txt allowed it, and nothing is requested.
            robots = .allowAll
        case .failed(let reason):
            return SiteRead(outcome: .failed(reason))
        }
        // The path as curl will send it (`/a/../private` is `/private`), so that robots.txt judges what is asked.
        let website = site.website.standardized
        let pagePath = RobotsTxt.pathAndQuery(of: website)
        guard robots.isAllowed(path: pagePath) else { return SiteRead(outcome: .disallowed(path: pagePath)) }
        let interval = max(minimumHostIntervalSeconds, min(robots.crawlDelay ?? 0, Self.maxCrawlDelaySeconds))

        let first: PageMarkup
        var allFromCache: Bool
        switch await page(website, origin: origin, robots: robots, interval: interval, zone: site.zone) {
        case .markup(let markup, let fromCache):
            first = markup
            allFromCache = fromCache
        case .tooLarge(let bytes):
            return SiteRead(outcome: .tooLarge(bytes: bytes))
        case .notCached:
            return SiteRead(outcome: .notCached)
        case .failed(let reason):
            return SiteRead(outcome: .failed(reason))
        }
        var screenings = first.events
        var unreadable = first.unreadable

        for url in first.eventPages.prefix(Self.maxEventPages).map(\.standardized) where origin.contains(url) {
            let path = RobotsTxt.pathAndQuery(of: url)
            guard robots.isAllowed(path: path) else {
                unreadable.append("event page \(path): its robots.txt does not allow planner to read it")
                continue
            }
            switch await page(url, origin: origin, robots: robots, interval: interval, zone: site.zone) {
            case .markup(let more, let fromCache):
                allFromCache = allFromCache && fromCache
                screenings += more.events
                unreadable += more.unreadable
            case .tooLarge(let bytes):
                unreadable.append("event page \(path): too large to read (\(bytes) bytes)")
            case .notCached:
                unreadable.append("event page \(path): not cached")
            case .failed(let reason):
                unreadable.append("event page \(path): \(reason)")
            }
        }

        var seen = Set<String>()
        let shows = screenings.filter { screening in
            seen.insert("\(screening.title)\u{1}\(screening.start.timeIntervalSince1970)\u{1}\(screening.screen ?? "")")
                .inserted
        }.map { Self.show($0, at: site, host: origin.host) }
        if shows.isEmpty {
            // Markup that is there but cannot be read is a failure to say, not a page without markup.
            if let reason = first.unreadable.first ?? unreadable.first {
                return SiteRead(
                    outcome: .failed("its schema.org markup cannot be read: \(reason)"), unreadable: unreadable)
            }
            return SiteRead(outcome: .noMarkup, unreadable: unreadable)
        }
        return SiteRead(
            shows: shows, outcome: allFromCache ? .fromCache(count: shows.count) : .shows(count: shows.count),
            unreadable: unreadable)
    }

    /// A screening as a ``Show`` of the site's theater.
    static func show(_ screening: MarkupScreening, at site: WebPageSite, host: String) -> Show {
        let fingerprint = fnv1a(screening.title + "\u{1}" + (screening.screen ?? ""))
        return Show(
            provider: providerID,
            providerShowID: "\(host)/\(Int(screening.start.timeIntervalSince1970))/"
                + String(fingerprint, radix: 16),
            providerTheaterID: site.theaterID, providerTheaterName: site.theaterName, title: screening.title,
            year: screening.year, start: screening.start, end: screening.end, timeZoneIdentifier: site.zone,
            auditorium: screening.screen, format: screening.format, bookingURL: screening.bookingURL)
    }

    /// FNV-1a of `text`'s UTF-8: the same in every run (unlike `hashValue`).
    static func fnv1a(_ text: String) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in text.utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x100_0000_01b3
        }
        return hash
    }

    /// What a page's schema.org markup gives: its screenings, the event pages it names, and what could not be read.
    struct PageMarkup: Sendable {
        var events: [MarkupScreening]
        var eventPages: [URL]
        var unreadable: [String]
    }

    /// The markup of the page `body` fetched from `pageURL`, read in the theater's `zone`.
    static func markup(of body: Data, pageURL: URL, zone: String) -> PageMarkup {
        let read = ScreeningMarkup.events(inPage: text(of: body), pageURL: pageURL, theaterZone: zone)
        return PageMarkup(events: read.events, eventPages: read.eventPages, unreadable: read.unreadable)
    }

    /// A page's bytes as text: UTF-8, or ISO-8859-1 when they are not UTF-8.
    static func text(of body: Data) -> String {
        if let text = String(data: body, encoding: .utf8) { return text }
        return String(data: body, encoding: .isoLatin1) ?? String(decoding: body, as: UTF8.self)
    }

    // MARK: - robots.txt

    /// What a site's `robots.txt` says for planner, or why it could not be found out.
    enum RobotsVerdict: Sendable {
        case rules(RobotsTxt)
        case notCached
        case failed(String)
    }

    /// The site's `robots.txt`, from the cache or the site. 2xx is read; a redirect that led nowhere and 4xx (not
    /// 429) allow everything; 429, 5xx and no answer allow nothing, so the site is not read (an older cached answer
    /// stands in when there is one).
    func robotsTxt(_ origin: SiteOrigin) async -> RobotsVerdict {
        let key = "web robots " + origin.text
        // The rules depend on the record and the product token only: read once per version of the cached record.
        let decoder = "web robots rules\n" + productToken
        if let kept = await keptDecoding(
            key, decoder: decoder, freshSeconds: Self.robotsFreshSeconds, as: RobotsTxt.self)
        {
            return .rules(kept)
        }
        let cached = await cachedEntry(key)
        let cachedRules = cached.flatMap { cached in
            Self.decodedIfAny(cached, key: key, decoder: decoder, store: store) {
                Self.robots(fromCache: $0, productToken: productToken)
            }
        }
        if let cached, let cachedRules,
            policy == .offline
                || (policy == .normal && now().timeIntervalSince(cached.fetchedAt) < Self.robotsFreshSeconds)
        {
            return .rules(cachedRules)
        }
        if policy == .offline { return .notCached }
        let reason: String
        // RFC 9309 follows a robots.txt's redirects (curl takes up to 10): it is read wherever it moved.
        let sent = await send(
            origin.robotsURL, accept: "text/plain", hostKey: origin.pacingKey, interval: minimumHostIntervalSeconds,
            followsRedirects: true)
        switch sent {
        case .response(let response):
            let status = response.statusCode
            if (200..<500).contains(status), status != 429 {
                let body = (200..<300).contains(status) ? Data(response.body.prefix(RobotsTxt.maxBytes)) : Data()
                let record = Data("\(status)\n".utf8) + body
                await save(record, forKey: key)
                return .rules(Self.robots(fromCache: record, productToken: productToken) ?? .allowAll)
            }
            reason = "its robots.txt answered HTTP status \(status), so nothing is read"
        case .failed(let why):
            reason = "its robots.txt could not be fetched (\(why)), so nothing is read"
        case .cancelled:
            return .failed("cancelled")
        }
        if let cachedRules, policy == .normal { return .rules(cachedRules) }
        return .failed(reason)
    }

    /// The rules of a cached `robots.txt` answer (its status, a line break, its body), or nil.
    static func robots(fromCache record: Data, productToken: String) -> RobotsTxt? {
        guard let newline = record.firstIndex(of: 0x0A),
            let status = Int(String(decoding: record[record.startIndex..<newline], as: UTF8.self))
        else { return nil }
        guard (200..<300).contains(status) else { return .allowAll }
        let body = record[record.index(after: newline)...]
        return RobotsTxt(String(decoding: body, as: UTF8.self), productToken: productToken)
    }

    // MARK: - Pages

    /// A page's markup as fetched or cached.
    enum PageFetch: Sendable {
        case markup(PageMarkup, fromCache: Bool)
        case tooLarge(Int)
        case notCached
        case failed(String)
    }

    /// How many redirects a page may take, each on the same site and allowed by its robots.txt.
    static let maxRedirects = 3

    /// The markup of the page at `url`, read in the theater's `zone`: from a fresh cached copy, else from the site's
    /// answer (cached when it is a 200 within the limit), else from an older cached copy. A cached copy is read
    /// once per version of its row.
    func page(_ url: URL, origin: SiteOrigin, robots: RobotsTxt, interval: Double, zone: String) async -> PageFetch {
        let key = "web page " + url.absoluteString
        // The markup depends on the body, the page's address (in the key) and the zone.
        let decoder = "web page markup\n" + zone
        if let kept = await keptDecoding(
            key, decoder: decoder, freshSeconds: Self.pageFreshSeconds, as: PageMarkup.self)
        {
            return .markup(kept, fromCache: true)
        }
        let cached = await cachedEntry(key)
        let cachedMarkup = { (cached: (body: Data, fetchedAt: Date)) -> PageMarkup in
            let read = { (body: Data) in Self.markup(of: body, pageURL: url, zone: zone) }
            guard let store = self.store else { return read(cached.body) }
            return store.decoded(cached, forKey: key, decoder: decoder, read)
        }
        if let cached,
            policy == .offline
                || (policy == .normal && now().timeIntervalSince(cached.fetchedAt) < Self.pageFreshSeconds)
        {
            return .markup(cachedMarkup(cached), fromCache: true)
        }
        if policy == .offline { return .notCached }
        var reason: String
        var address = url
        var redirects = 0
        fetching: while true {
        switch await send(address, accept: Self.htmlAccept, hostKey: origin.pacingKey, interval: interval) {
        case .response(let response):
            // A redirect is followed by hand: on the same site, allowed by its robots.txt, a few times at most.
            if [301, 302, 303, 307, 308].contains(response.statusCode) {
                guard let location = response.header("location"),
                    let next = URL(string: location, relativeTo: address)?.absoluteURL.standardized
                else {
                    reason = "HTTP status \(response.statusCode) without a Location"
                    break fetching
                }
                guard origin.contains(next) else {
                    reason = "it redirects to another site (\(next.host ?? "?"))"
                    break fetching
                }
                guard robots.isAllowed(path: RobotsTxt.pathAndQuery(of: next)) else {
                    reason = "it redirects to \(RobotsTxt.pathAndQuery(of: next)), which its robots.txt does not allow"
                    break fetching
                }
                redirects += 1
                guard redirects <= Self.maxRedirects else {
                    reason = "more than \(Self.maxRedirects) redirects"
                    break fetching
                }
                address = next
                continue fetching
            }
            let announced = response.header("content-length")
                .flatMap { Int($0.trimmingCharacters(in: .whitespaces)) }
            if let announced, announced > maxBodyBytes { return .tooLarge(announced) }
            if response.body.count > maxBodyBytes { return .tooLarge(response.body.count) }
            if response.statusCode == 200 {
                await save(response.body, forKey: key)
                return .markup(Self.markup(of: response.body, pageURL: url, zone: zone), fromCache: false)
            }
            reason = "HTTP status \(response.statusCode)"
        case .failed(let why):
            reason = why
        case .cancelled:
            return .failed("cancelled")
        }
        break fetching
        }
        if let cached, policy == .normal { return .markup(cachedMarkup(cached), fromCache: true) }
        return .failed(reason)
    }

    // MARK: - Requests and the cache

    /// How one request ended.
    enum Sent: Sendable {
        case response(Transport.HTTPResponse)
        case failed(String)
        case cancelled
    }

    /// Waits for the host's turn, then sends a GET with the User-Agent.
    func send(_ url: URL, accept: String, hostKey: String, interval: Double, followsRedirects: Bool = false) async
        -> Sent
    {
        do {
            try await pacer.waitForTurn(hostKey, interval: interval)
        } catch {
            return .cancelled
        }
        var request = HTTPRequest(
            url: url, headers: ["User-Agent": userAgent, "Accept": accept], timeoutSeconds: timeoutSeconds)
        // A page's redirects are followed by hand, each address checked against the site and its robots.txt.
        request.followsRedirects = followsRedirects
        do {
            let response = try await transport.send(request)
            return .response(response)
        } catch is CancellationError {
            return .cancelled
        } catch let error as TransportError {
            switch error {
            case .timedOut: return .failed("no answer within \(Int(timeoutSeconds.rounded())) s")
            case .unreachable: return .failed("the site cannot be reached")
            case .truncatedBody: return .failed("the answer stopped before its end")
            case .malformedResponse: return .failed("the answer was not HTTP")
            case .unavailable(let reason): return .failed(TransportError.unavailableSentence(reason))
            }
        } catch {
            return .failed("the site cannot be reached")
        }
    }

    /// The decoding kept for the cached row of `key`, when the row may be used as it is (fresh, or offline): found
    /// from the row's stamp, without reading its body. Nil sends the caller to the full read.
    private func keptDecoding<T: Sendable>(
        _ key: String, decoder: String, freshSeconds: Double, as type: T.Type
    ) async -> T? {
        guard let store, policy != .refresh, let stamp = try? await store.cacheStamp(forKey: key),
            policy == .offline || now().timeIntervalSince(stamp.fetchedAt) < freshSeconds
        else { return nil }
        return store.decoded(forKey: key, decoder: decoder, stamp: stamp, as: type)
    }

    /// A cached row decoded, once per version of the row where there is a store; a nil decoding is not kept.
    static func decodedIfAny<T: Sendable>(
        _ cached: (body: Data, fetchedAt: Date), key: String, decoder: String, store: ShowtimesStore?,
        _ decode: (Data) -> T?
    ) -> T? {
        guard let store else { return decode(cached.body) }
        let stamp = ShowtimesCacheStamp(fetchedAt: cached.fetchedAt, byteCount: cached.body.count)
        if let kept = store.decoded(forKey: key, decoder: decoder, stamp: stamp, as: T.self) { return kept }
        guard let value = decode(cached.body) else { return nil }
        store.memo.keep(value, forKey: key, decoder: decoder, stamp: stamp)
        return value
    }

    private func cachedEntry(_ key: String) async -> (body: Data, fetchedAt: Date)? {
        guard let store else { return nil }
        do {
            return try await store.cached(forKey: key)
        } catch {
            return nil
        }
    }

    private func save(_ body: Data, forKey key: String) async {
        guard let store else { return }
        try? await store.cache(body, forKey: key, fetchedAt: now())
    }
}

/// A site's scheme, host and port: what one `robots.txt` covers and one pacing turn is kept for.
struct SiteOrigin: Sendable, Hashable {
    let scheme: String
    let host: String
    let port: Int?
    /// `https://cinema.example` (with a port when the URL has one).
    let text: String
    let robotsURL: URL

    init?(_ url: URL) {
        guard let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https",
            let host = url.host?.lowercased(), !host.isEmpty
        else { return nil }
        let bracketed = host.contains(":") && !host.hasPrefix("[") ? "[\(host)]" : host
        let text = "\(scheme)://\(bracketed)" + (url.port.map { ":\($0)" } ?? "")
        guard let robotsURL = URL(string: text + "/robots.txt") else { return nil }
        self.scheme = scheme
        self.host = host
        port = url.port
        self.text = text
        self.robotsURL = robotsURL
    }

    /// The key requests to this host are paced by: host and port, as `robots.txt` is per host and port.
    var pacingKey: String { "\(host):\(port ?? (scheme == "https" ? 443 : 80))" }

    /// True when `url` is on this scheme, host and port.
    func contains(_ url: URL) -> Bool {
        url.scheme?.lowercased() == scheme && url.host?.lowercased() == host && url.port == port
    }
}

/// One request per host at a time interval: each caller reserves the next turn for its host, then sleeps until it.
actor HostPacer {
    private var lastTurn: [String: ContinuousClock.Instant] = [:]

    /// Waits until `interval` seconds after the previous turn for `key` (none before the first), and takes the turn.
    /// - Throws: `CancellationError` when the task is cancelled while waiting.
    func waitForTurn(_ key: String, interval: Double) async throws {
        let now = ContinuousClock().now
        var turn = now
        if let last = lastTurn[key] { turn = max(now, last.advanced(by: Duration.seconds(interval))) }
        lastTurn[key] = turn
        if turn > now { try await Task.sleep(until: turn, clock: .continuous) }
    }
}

/// One `robots.txt` fetch per site in one reading, however many theaters share the site.
actor RobotsMemo {
    private var verdicts: [String: Task<WebPageShowtimesClient.RobotsVerdict, Never>] = [:]

    func verdict(
        for key: String, fetch: @escaping @Sendable () async -> WebPageShowtimesClient.RobotsVerdict
    ) async -> WebPageShowtimesClient.RobotsVerdict {
        if let task = verdicts[key] { return await task.value }
        let task = Task { await fetch() }
        verdicts[key] = task
        return await task.value
    }
}
