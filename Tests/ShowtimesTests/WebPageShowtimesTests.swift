import FlyingFox
import Foundation
import SQLiteStore
import Showtimes
import TestSupport
import Testing
import Transport

/// An instant written in UTC, for expectations.
private func utc(_ text: String) -> Date { LocalClock.instant(iso8601: text)! }

private let paris = "Europe/Paris"
private let pageURL = URL(string: "https://cinema.example/programme")!

@Suite("Schema.org screening markup in a cinema's page, read")
struct ScreeningMarkupTests {
    func markup(_ html: String)
        -> (events: [MarkupScreening], theaterName: String?, eventPages: [URL], unreadable: [String])
    {
        ScreeningMarkup.events(inPage: html, pageURL: pageURL, theaterZone: paris)
    }

    @Test func aGraphWithTheTheaterAndItsScreeningsGivesEachScreeningWithItsFilmAndBooking() throws {
        let read = markup(FakeCinemaSite.graphPage(FakeCinemaSite.twoScreenings))
        #expect(read.theaterName == FakeCinemaSite.theaterName)
        #expect(read.unreadable.isEmpty)
        #expect(read.events.map(\.title) == ["Bar Film 1", "Bar Film 2"])
        let first = try #require(read.events.first)
        #expect(first.year == 2026)
        // 20:00 at +01:00 is 19:00 UTC, and the duration PT1H50M gives the end
        #expect(first.start == utc("2026-11-22T19:00:00Z"))
        #expect(first.end == first.start.addingTimeInterval(110 * 60))
        // A relative offers.url is made absolute against the page
        #expect(first.bookingURL == "https://cinema.example/book/1")
        #expect(first.screen == "Salle 2")
        #expect(read.events.last?.start == utc("2026-11-22T17:15:00Z"))
        #expect(read.events.last?.end == nil)
    }

    @Test func aMovieTheatersEventListGivesItsScreenings() {
        let read = markup(FakeCinemaSite.theaterEventListPage(FakeCinemaSite.twoScreenings))
        #expect(read.theaterName == FakeCinemaSite.theaterName)
        #expect(read.events.map(\.title) == ["Bar Film 1", "Bar Film 2"])
        #expect(read.events.map(\.year) == [2026, 2025])
        #expect(read.eventPages.isEmpty)
    }

    @Test func anEventsSubEventsAreScreeningsOfTheFilmItPresents() {
        let read = markup(
            FakeCinemaSite.eventWithSubEventsPage(
                title: "Bar Film 3", year: 2024,
                startDates: ["2026-11-22T14:00:00+01:00", "2026-11-22T21:30:00+01:00"]))
        // The run itself (its startDate a day) is no screening; each part is, under the run's film
        #expect(read.unreadable.isEmpty)
        #expect(read.events.map(\.title) == ["Bar Film 3", "Bar Film 3"])
        #expect(read.events.map(\.year) == [2024, 2024])
        #expect(read.events.map(\.start) == [utc("2026-11-22T13:00:00Z"), utc("2026-11-22T20:30:00Z")])
        // The film's duration gives the end when the screening has none
        #expect(read.events.first?.end == utc("2026-11-22T14:40:00Z"))
        #expect(
            read.events.map(\.bookingURL) == [
                "https://cinema.example/reserver/1", "https://cinema.example/reserver/2",
            ])
        #expect(read.theaterName == FakeCinemaSite.theaterName)
    }

    @Test func anEventPresentingAMovieIsAScreeningButAConcertIsNot() {
        let html = FakeCinemaSite.page(jsonLD: [
            #"""
            [{"@context":"https://schema.org","@type":"Event","startDate":"2026-11-22T18:00:00+01:00",
              "workPresented":{"@type":"Movie","name":"Bar Film 4","datePublished":"1999"},"url":"/seance/4"},
             {"@context":"https://schema.org","@type":"MusicEvent","name":"Bar Concert",
              "startDate":"2026-11-22T21:00:00+01:00"}]
            """#
        ])
        let read = markup(html)
        #expect(read.events.map(\.title) == ["Bar Film 4"])
        #expect(read.events.first?.year == 1999)
        // Without offers, the event's own url is where to book
        #expect(read.events.first?.bookingURL == "https://cinema.example/seance/4")
    }

    @Test func aTypeGivenAsAListOrAFullAddressIsRecognised() {
        let html = FakeCinemaSite.page(jsonLD: [
            #"{"@type":["Event","http://schema.org/ScreeningEvent"],"name":"Bar Film 5","#
                + #""startDate":"2026-11-22T20:00:00Z"}"#,
            #"{"@type":"https://schema.org/ScreeningEvent","name":"Bar Film 6","startDate":"2026-11-22T21:00:00Z"}"#,
        ])
        #expect(markup(html).events.map(\.title) == ["Bar Film 5", "Bar Film 6"])
    }

    @Test func aStartWithoutAnOffsetIsReadOnTheTheatersClockInParis() {
        let html = FakeCinemaSite.graphPage([
            .init(title: "Bar Film 1", startDate: "2026-11-22T20:00"),
            .init(title: "Bar Film 2", startDate: "2026-07-14T20:00:00"),
            .init(title: "Bar Film 3", startDate: "2026-11-22T21:15:00.000"),
        ])
        let read = markup(html)
        // CET (UTC+1) in November, CEST (UTC+2) in July
        #expect(
            read.events.map(\.start) == [
                utc("2026-11-22T19:00:00Z"), utc("2026-07-14T18:00:00Z"), utc("2026-11-22T20:15:00Z"),
            ])
        #expect(read.events.map { LocalClock.time(of: $0.start, in: TimeZone(identifier: paris)!) } == [
            "20:00", "20:00", "21:15",
        ])
    }

    @Test func inTheHourRepeatedWhenClocksGoBackTheFirstPassIsTaken() {
        // 2026-10-25 in Paris: at 03:00 CEST (01:00 UTC) clocks go back to 02:00 CET, so 02:30 comes twice
        let read = markup(FakeCinemaSite.graphPage([.init(title: "Bar Film 1", startDate: "2026-10-25T02:30")]))
        // The first 02:30 is in summer time (UTC+2)
        #expect(read.events.first?.start == utc("2026-10-25T00:30:00Z"))
        // And an evening show that day is in winter time
        #expect(
            ScreeningMarkup.instant("2026-10-25T20:00", in: TimeZone(identifier: paris)) == utc("2026-10-25T19:00:00Z"))
    }

    @Test func aTimeSkippedWhenClocksGoForwardMovesForwardByTheGap() {
        // 2026-03-29 in Paris: at 02:00 CET clocks jump to 03:00 CEST, so no clock reads 02:30. It is read with the
        // offset before the jump (UTC+1): 01:30 UTC, which the clocks call 03:30.
        let read = markup(FakeCinemaSite.graphPage([.init(title: "Bar Film 1", startDate: "2026-03-29T02:30")]))
        let start = read.events.first?.start
        #expect(start == utc("2026-03-29T01:30:00Z"))
        #expect(start.map { LocalClock.time(of: $0, in: TimeZone(identifier: paris)!) } == "03:30")
        #expect(
            ScreeningMarkup.instant("2026-03-29T20:00", in: TimeZone(identifier: paris)) == utc("2026-03-29T18:00:00Z"))
    }

    @Test func aDayWithoutATimeIsUnreadableWhileTheOtherScreeningsStay() {
        let html = FakeCinemaSite.graphPage([
            .init(title: "Bar Film 1", startDate: "2026-11-22"),
            .init(title: "Bar Film 2", startDate: "2026-11-22T20:00:00+01:00"),
            .init(title: "Bar Film 3", startDate: "tonight"),
        ])
        let read = markup(html)
        #expect(read.events.map(\.title) == ["Bar Film 2"])
        #expect(read.unreadable.count == 2)
        #expect(read.unreadable.first?.contains("no time of day") == true)
    }

    @Test func aBlockThatIsNotJSONIsUnreadableAndTheOtherBlocksAreStillRead() {
        let good = FakeCinemaSite.screeningJSON(
            .init(title: "Bar Film 1", startDate: "2026-11-22T20:00:00+01:00"), context: true)
        let html = FakeCinemaSite.page(jsonLD: [#"{"@type":"ScreeningEvent","name":"#, good])
        let read = markup(html)
        #expect(read.events.map(\.title) == ["Bar Film 1"])
        #expect(read.unreadable == ["JSON-LD block 1 is not JSON"])
    }

    @Test func scriptTagsAreFoundInAnyCaseAndQuotingAndWrappersAreTakenOff() {
        let event = #"{"@type":"ScreeningEvent","name":"Bar Film %d","startDate":"2026-11-22T20:00:00Z"}"#
        func block(_ number: Int) -> String { event.replacingOccurrences(of: "%d", with: "\(number)") }
        let html = """
            <html><head>
            <SCRIPT TYPE='application/ld+json'>\(block(1))</SCRIPT>
            <script id=x type=application/ld+json>\(block(2))</script>
            <script data-x="a>b" type="Application/LD+JSON; charset=utf-8"><!--\(block(3))--></script>
            <script type="application/ld+json">//<![CDATA[
            \(block(4))
            //]]></script>
            <script type="text/javascript">var x = \(block(9));</script>
            <scripting type="application/ld+json">\(block(8))</scripting>
            </head></html>
            """
        #expect(ScreeningMarkup.jsonLDBlocks(in: html).count == 4)
        #expect(
            ScreeningMarkup.events(inPage: html, pageURL: pageURL, theaterZone: paris).events.map(\.title) == [
                "Bar Film 1", "Bar Film 2", "Bar Film 3", "Bar Film 4",
            ])
    }

    @Test func pagesNamedAsTheTheatersEventsAreKeptWhenOnTheSameSiteAndAtMostThree() {
        let html = FakeCinemaSite.theaterPageNamingEventPages([
            "/seances/lundi", "https://cinema.example/seances/mardi", "https://elsewhere.example/seances",
            "#programme", "/seances/mercredi", "/seances/jeudi",
        ])
        let read = markup(html)
        #expect(
            read.eventPages.map(\.absoluteString) == [
                "https://cinema.example/seances/lundi", "https://cinema.example/seances/mardi",
                "https://cinema.example/seances/mercredi",
            ])
        #expect(read.events.isEmpty)
    }

    @Test func isoDurationsAreReadUpToADay() {
        #expect(ScreeningMarkup.seconds(ofDuration: "PT2H10M") == 7800)
        #expect(ScreeningMarkup.seconds(ofDuration: "PT130M") == 7800)
        #expect(ScreeningMarkup.seconds(ofDuration: "P0DT1H30M0S") == 5400)
        #expect(ScreeningMarkup.seconds(ofDuration: "PT25H") == nil)
        #expect(ScreeningMarkup.seconds(ofDuration: "2h10") == nil)
        #expect(ScreeningMarkup.seconds(ofDuration: "PT") == nil)
    }
}

@Suite("robots.txt, read as RFC 9309 says")
struct RobotsTxtTests {
    @Test func theLongestMatchingRuleDecides() {
        let robots = RobotsTxt("User-agent: *\nAllow: /p\nDisallow: /\n")
        #expect(robots.isAllowed(path: "/page"))
        #expect(!robots.isAllowed(path: "/other"))
        let nested = RobotsTxt("User-agent: *\nDisallow: /folder/\nAllow: /folder/page\n")
        #expect(nested.isAllowed(path: "/folder/page.html"))
        #expect(!nested.isAllowed(path: "/folder/other"))
    }

    @Test func anAllowAndADisallowOfEqualLengthAllow() {
        let robots = RobotsTxt("User-agent: *\nDisallow: /folder\nAllow: /folder\n")
        #expect(robots.isAllowed(path: "/folder/page"))
    }

    @Test func aStarMatchesAnyRunAndADollarTheEnd() {
        let robots = RobotsTxt("User-agent: *\nDisallow: /*.php$\nDisallow: /fish*.html\n")
        #expect(!robots.isAllowed(path: "/index.php"))
        #expect(!robots.isAllowed(path: "/dir/index.php"))
        #expect(robots.isAllowed(path: "/index.php?lang=fr"))
        #expect(robots.isAllowed(path: "/index.php5"))
        #expect(!robots.isAllowed(path: "/fish.html"))
        #expect(!robots.isAllowed(path: "/fishheads/catfish.html"))
        // Paths are case-sensitive
        #expect(robots.isAllowed(path: "/Fish.html"))
    }

    @Test func plannersOwnGroupIsUsedRatherThanTheOneForEveryone() {
        let text = """
            User-agent: *
            Disallow: /

            User-agent: Planner/0.1
            Disallow: /private
            """
        let robots = RobotsTxt(text, productToken: "planner")
        #expect(robots.isAllowed(path: "/programme"))
        #expect(!robots.isAllowed(path: "/private/x"))
        // Another crawler falls back to the group for everyone
        #expect(!RobotsTxt(text, productToken: "otherbot").isAllowed(path: "/programme"))
    }

    @Test func severalUserAgentLinesShareOneGroupAndGroupsForPlannerAreMerged() {
        let robots = RobotsTxt(
            """
            User-agent: otherbot
            User-agent: planner
            Disallow: /a

            User-agent: *
            Disallow: /b

            User-agent: PLANNER
            Disallow: /c
            """)
        #expect(!robots.isAllowed(path: "/a"))
        #expect(robots.isAllowed(path: "/b"))
        #expect(!robots.isAllowed(path: "/c"))
    }

    @Test func withoutAGroupForPlannerOrEveryoneEverythingIsAllowed() {
        #expect(RobotsTxt("User-agent: otherbot\nDisallow: /\n").isAllowed(path: "/programme"))
        #expect(RobotsTxt("").isAllowed(path: "/"))
        #expect(RobotsTxt("User-agent: *\nDisallow:\n").isAllowed(path: "/programme"))
    }

    @Test func percentEncodingIsMadeUniformOnBothSides() {
        let robots = RobotsTxt("User-agent: *\nDisallow: /%7Euser/\nDisallow: /foo/bar/ツ\n")
        #expect(!robots.isAllowed(path: "/~user/notes"))
        #expect(!robots.isAllowed(path: "/%7euser/notes"))
        #expect(!robots.isAllowed(path: "/foo/bar/%E3%83%84"))
        #expect(robots.isAllowed(path: "/foo/bar/baz"))
    }

    @Test func robotsTxtItselfIsAlwaysAllowedAndCrawlDelayIsRead() {
        let robots = RobotsTxt("User-agent: planner\nDisallow: /\nCrawl-delay: 2.5\n")
        #expect(robots.isAllowed(path: "/robots.txt"))
        #expect(!robots.isAllowed(path: "/"))
        #expect(robots.crawlDelay == 2.5)
        #expect(RobotsTxt.allowAll.isAllowed(path: "/anything"))
        #expect(!RobotsTxt.disallowAll.isAllowed(path: "/anything"))
    }

    @Test func windowsLineEndsAndCommentsAreRead() {
        let robots = RobotsTxt("# hello\r\nUser-agent: * # everyone\r\nDisallow: /private # not this\r\n")
        #expect(!robots.isAllowed(path: "/private"))
        #expect(robots.isAllowed(path: "/programme"))
    }
}

/// Counts requests across several fake servers: when each came, and how many were answered at once.
actor Arrivals {
    private(set) var times: [String: [Date]] = [:]
    private(set) var inFlight = 0
    private(set) var maxInFlight = 0

    func begin(_ path: String) {
        times[path, default: []].append(Date())
        inFlight += 1
        maxInFlight = max(maxInFlight, inFlight)
    }

    func end() { inFlight -= 1 }

    var all: [Date] { times.values.flatMap { $0 }.sorted() }
}

@Suite("The web-page client against fake cinema sites on loopback", .serialized)
struct WebPageShowtimesClientTests {
    static func reply(_ body: String, type: String, status: Int = 200) -> FlyingFox.HTTPResponse {
        var fields = HTTPHeaders()
        fields[.contentType] = type
        return FlyingFox.HTTPResponse(
            statusCode: HTTPStatusCode(status, phrase: "Status \(status)"), headers: fields, body: Data(body.utf8))
    }

    /// A site: `robots` at /robots.txt (nil: 404), `pages` by path, each answer after `delay` seconds.
    static func serving(
        robots: String? = FakeCinemaSite.robotsAllowingEveryone, robotsStatus: Int = 200, pages: [String: String],
        delay: Double = 0, arrivals: Arrivals? = nil
    ) -> FakeServer.Handler {
        { request, _ in
            await arrivals?.begin(request.path)
            if delay > 0 { try? await Task.sleep(for: .milliseconds(Int(delay * 1000))) }
            await arrivals?.end()
            if request.path == "/robots.txt" {
                guard let robots else { return reply("<h1>Not found</h1>", type: "text/html", status: 404) }
                return reply(robots, type: "text/plain", status: robotsStatus)
            }
            guard let page = pages[request.path] else {
                return reply("<h1>Not found</h1>", type: "text/html", status: 404)
            }
            return reply(page, type: "text/html; charset=utf-8")
        }
    }

    static func site(_ fake: FakeServer, path: String = "/programme", id: String = "osm/node/1") -> WebPageSite {
        WebPageSite(
            theaterID: id, theaterName: FakeCinemaSite.theaterName,
            website: URL(string: fake.baseURL.absoluteString + path)!, zone: paris)
    }

    /// A client on the real transport, with a short pause between requests to one host unless told otherwise.
    func client(
        store: ShowtimesStore? = nil, policy: ShowtimesCachePolicy = .normal, interval: Double = 0.05,
        maxSitesAtOnce: Int = 4
    ) -> WebPageShowtimesClient {
        WebPageShowtimesClient(
            transport: CurlTransport(), store: store, policy: policy, timeoutSeconds: 30,
            maxSitesAtOnce: maxSitesAtOnce, minimumHostIntervalSeconds: interval)
    }

    @Test func aPagesGraphBecomesShowsAtTheTheaterAfterItsRobotsTxtWithPlannersUserAgent() async throws {
        let handler = Self.serving(pages: ["/programme": FakeCinemaSite.graphPage(FakeCinemaSite.twoScreenings)])
        try await withFakeServer(handler) { fake in
            let site = Self.site(fake)
            let schedule = await client().shows(at: [site], localDay: "2026-11-22")
            #expect(schedule.perSite[site.theaterID] == .shows(count: 2))
            // By start: Bar Film 2 at 17:15 UTC, then Bar Film 1 at 19:00 UTC
            #expect(schedule.shows.map(\.title) == ["Bar Film 2", "Bar Film 1"])
            let show = try #require(schedule.shows.last)
            #expect(show.provider == "web")
            #expect(show.providerTheaterID == site.theaterID)
            #expect(show.providerTheaterName == FakeCinemaSite.theaterName)
            #expect(show.timeZoneIdentifier == paris)
            #expect(show.localTime(of: show.start) == "20:00")
            #expect(show.year == 2026)
            #expect(show.auditorium == "Salle 2")
            #expect(show.bookingURL == fake.baseURL.absoluteString + "/book/1")
            #expect(show.providerShowID?.hasPrefix("127.0.0.1/") == true)
            // robots.txt came first, and every request named planner and its version
            let requests = await fake.log.requests
            #expect(requests.map(\.path) == ["/robots.txt", "/programme"])
            #expect(requests.allSatisfy { $0.header("user-agent")?.contains("planner/") == true })
            #expect(requests.last?.header("accept")?.contains("text/html") == true)
        }
    }

    /// `redirects` by path: each answers 302 to its Location; the rest as ``serving(robots:robotsStatus:pages:delay:arrivals:)``.
    static func redirecting(_ redirects: [String: String], robots: String, pages: [String: String]) -> FakeServer.Handler {
        let rest = serving(robots: robots, pages: pages)
        return { request, count in
            guard let location = redirects[request.path] else { return try await rest(request, count) }
            var fields = HTTPHeaders()
            fields[HTTPHeader("Location")] = location
            return FlyingFox.HTTPResponse(statusCode: HTTPStatusCode(302, phrase: "Found"), headers: fields, body: Data())
        }
    }

    @Test func aRedirectOnTheSiteIsFollowedWhenRobotsTxtAllowsItsTarget() async throws {
        let handler = Self.redirecting(
            ["/": "/programme"], robots: FakeCinemaSite.robotsAllowingEveryone,
            pages: ["/programme": FakeCinemaSite.graphPage(FakeCinemaSite.twoScreenings)])
        try await withFakeServer(handler) { fake in
            let site = Self.site(fake, path: "/")
            #expect(await client().shows(at: [site]).perSite[site.theaterID] == .shows(count: 2))
            #expect(await fake.log.requests.map(\.path) == ["/robots.txt", "/", "/programme"])
        }
    }

    @Test func aRedirectToAPathRobotsTxtRefusesOrToAnotherSiteIsNotFollowed() async throws {
        let handler = Self.redirecting(
            ["/": "/private/programme", "/away": "http://127.0.0.2:9/programme"],
            robots: FakeCinemaSite.robotsDisallowingEveryone(path: "/private"),
            pages: ["/private/programme": FakeCinemaSite.graphPage(FakeCinemaSite.twoScreenings)])
        try await withFakeServer(handler) { fake in
            let refused = Self.site(fake, path: "/", id: "osm/node/1")
            let away = Self.site(fake, path: "/away", id: "osm/node/2")
            let schedule = await client().shows(at: [refused, away])
            for id in ["osm/node/1", "osm/node/2"] {
                guard case .failed? = schedule.perSite[id] else {
                    Issue.record("\(id): \(String(describing: schedule.perSite[id]))")
                    continue
                }
            }
            #expect(!(await fake.log.requests.map(\.path)).contains("/private/programme"))
        }
    }

    @Test func aRobotsTxtRefusingPlannerMeansThePageIsNeverRequested() async throws {
        let handler = Self.serving(
            robots: FakeCinemaSite.robotsDisallowingPlanner,
            pages: ["/programme": FakeCinemaSite.graphPage(FakeCinemaSite.twoScreenings)])
        try await withFakeServer(handler) { fake in
            let site = Self.site(fake)
            let schedule = await client().shows(at: [site], localDay: nil)
            #expect(schedule.perSite[site.theaterID] == .disallowed(path: "/programme"))
            #expect(schedule.shows.isEmpty)
            #expect(await fake.log.requests.map(\.path) == ["/robots.txt"])
        }
    }

    @Test func aPathRefusedToEveryoneIsNotReadWhileAnotherPageOfTheSiteIs() async throws {
        let handler = Self.serving(
            robots: FakeCinemaSite.robotsDisallowingEveryone(path: "/programme"),
            pages: [
                "/programme": FakeCinemaSite.graphPage(FakeCinemaSite.twoScreenings),
                "/seances": FakeCinemaSite.graphPage(FakeCinemaSite.twoScreenings),
            ])
        try await withFakeServer(handler) { fake in
            let refused = Self.site(fake, path: "/programme", id: "osm/node/1")
            let allowed = Self.site(fake, path: "/seances", id: "osm/node/2")
            let schedule = await client().shows(at: [refused, allowed], localDay: nil)
            #expect(schedule.perSite["osm/node/1"] == .disallowed(path: "/programme"))
            #expect(schedule.perSite["osm/node/2"] == .shows(count: 2))
            // One robots.txt for the two theaters on one site
            let paths = await fake.log.requests.map(\.path)
            #expect(paths.filter { $0 == "/robots.txt" }.count == 1)
            #expect(!paths.contains("/programme"))
        }
    }

    @Test func aMissingRobotsTxtAllowsEverythingButAFailingOneAllowsNothing() async throws {
        let page = ["/programme": FakeCinemaSite.graphPage(FakeCinemaSite.twoScreenings)]
        try await withFakeServer(Self.serving(robots: nil, pages: page)) { fake in
            let site = Self.site(fake)
            #expect(await client().shows(at: [site]).perSite[site.theaterID] == .shows(count: 2))
        }
        try await withFakeServer(Self.serving(robots: "oops", robotsStatus: 503, pages: page)) { fake in
            let site = Self.site(fake)
            let outcome = await client().shows(at: [site]).perSite[site.theaterID]
            guard case .failed(let reason)? = outcome else {
                Issue.record("expected a failure, got \(String(describing: outcome))")
                return
            }
            #expect(reason.contains("503"))
            #expect(await fake.log.requests.map(\.path) == ["/robots.txt"])
        }
    }

    @Test func aPageWithoutMarkupSaysSo() async throws {
        try await withFakeServer(Self.serving(pages: ["/programme": FakeCinemaSite.pageWithoutMarkup])) { fake in
            let site = Self.site(fake)
            let schedule = await client().shows(at: [site])
            #expect(schedule.perSite[site.theaterID] == .noMarkup)
            #expect(schedule.shows.isEmpty)
        }
    }

    @Test func aPageOverTheLimitIsTooLargeAndNotRead() async throws {
        let big = FakeCinemaSite.oversizedPage(bytes: 2_100_000)
        try await withFakeServer(Self.serving(pages: ["/programme": big])) { fake in
            let site = Self.site(fake)
            let store = try ShowtimesStore.inMemory()
            let schedule = await client(store: store).shows(at: [site])
            guard case .tooLarge(let bytes)? = schedule.perSite[site.theaterID] else {
                Issue.record("expected tooLarge, got \(String(describing: schedule.perSite[site.theaterID]))")
                return
            }
            #expect(bytes > 2_000_000)
            #expect(schedule.shows.isEmpty)
            // And it was not cached
            let offline = await client(store: store, policy: .offline).shows(at: [site])
            #expect(offline.perSite[site.theaterID] == .notCached)
        }
    }

    @Test func pagesTheMarkupNamesOnTheSameSiteAreReadButNoOtherSite() async throws {
        let handler = Self.serving(pages: [
            "/programme": FakeCinemaSite.theaterPageNamingEventPages([
                "/seances/lundi", "https://elsewhere.invalid/seances",
            ]),
            "/seances/lundi": FakeCinemaSite.theaterEventListPage(FakeCinemaSite.twoScreenings),
        ])
        try await withFakeServer(handler) { fake in
            let site = Self.site(fake)
            let schedule = await client().shows(at: [site])
            #expect(schedule.perSite[site.theaterID] == .shows(count: 2))
            #expect(await fake.log.requests.map(\.path) == ["/robots.txt", "/programme", "/seances/lundi"])
        }
    }

    @Test func aSecondReadingComesFromTheCacheWithoutARequest() async throws {
        let handler = Self.serving(pages: ["/programme": FakeCinemaSite.graphPage(FakeCinemaSite.twoScreenings)])
        try await withFakeServer(handler) { fake in
            let site = Self.site(fake)
            let store = try ShowtimesStore.inMemory()
            #expect(await client(store: store).shows(at: [site]).perSite[site.theaterID] == .shows(count: 2))
            let before = await fake.log.count
            let again = await client(store: store).shows(at: [site])
            #expect(again.perSite[site.theaterID] == .fromCache(count: 2))
            #expect(again.shows.count == 2)
            #expect(await fake.log.count == before)
            // Offline with an empty cache there is nothing, and nothing is asked
            let emptyStore = try ShowtimesStore.inMemory()
            let empty = await client(store: emptyStore, policy: .offline).shows(at: [site])
            #expect(empty.perSite[site.theaterID] == .notCached)
            #expect(await fake.log.count == before)
        }
    }

    @Test func tenSitesAreReadAFewAtOnceNotOneAfterAnother() async throws {
        let arrivals = Arrivals()
        let handler = Self.serving(
            pages: ["/programme": FakeCinemaSite.graphPage(FakeCinemaSite.twoScreenings)], delay: 0.2,
            arrivals: arrivals)
        var fakes: [FakeServer] = []
        do {
            for _ in 0..<10 { fakes.append(try await FakeServer.start(handler)) }
            let sites = fakes.enumerated().map { index, fake in Self.site(fake, id: "osm/node/\(index)") }
            let schedule = await client(maxSitesAtOnce: 4).shows(at: sites)
            #expect(schedule.perSite.count == 10)
            #expect(schedule.perSite.values.allSatisfy { $0 == .shows(count: 2) })
            #expect(schedule.shows.count == 20)
            // Requests to different sites overlapped, but never more than four sites' at once
            let most = await arrivals.maxInFlight
            #expect(most > 1)
            #expect(most <= 4)
        } catch {
            for fake in fakes { await fake.stop() }
            throw error
        }
        for fake in fakes { await fake.stop() }
    }

    @Test func oneHostGetsAtMostOneRequestASecond() async throws {
        let arrivals = Arrivals()
        let handler = Self.serving(
            pages: [
                "/programme": FakeCinemaSite.theaterPageNamingEventPages(["/seances/1", "/seances/2"]),
                "/seances/1": FakeCinemaSite.graphPage([FakeCinemaSite.twoScreenings[0]]),
                "/seances/2": FakeCinemaSite.graphPage([FakeCinemaSite.twoScreenings[1]]),
                "/accueil": FakeCinemaSite.pageWithoutMarkup,
            ], arrivals: arrivals)
        try await withFakeServer(handler) { fake in
            // Two theaters on the one site, read at once: their requests still take turns
            let sites = [Self.site(fake, id: "osm/node/1"), Self.site(fake, path: "/accueil", id: "osm/node/2")]
            let schedule = await client(interval: 1).shows(at: sites)
            #expect(schedule.perSite["osm/node/1"] == .shows(count: 2))
            #expect(schedule.perSite["osm/node/2"] == .noMarkup)
            let times = await arrivals.all
            // robots.txt once, the two theaters' pages, and the two event pages
            #expect(times.count == 5)
            // Arrivals are stamped by the fake, which a loaded machine can delay: half the interval still tells
            // paced requests (a second apart) from unpaced ones (milliseconds apart).
            let gaps = zip(times.dropFirst(), times).map { $0.timeIntervalSince($1) }
            #expect(gaps.allSatisfy { $0 >= 0.5 }, "gaps between requests: \(gaps)")
            #expect(times.last!.timeIntervalSince(times.first!) >= 3.5, "requests: \(times)")
        }
    }
}
