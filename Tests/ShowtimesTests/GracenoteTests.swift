import FlyingFox
import Foundation
import Geo
import SQLiteStore
import Showtimes
import TestSupport
import Testing
import Transport

@Suite("Gracenote's documented shapes, read")
struct GracenoteParsingTests {
    static let newYork = "America/New_York"

    static func showings(_ dateTimes: [String], ticket: String? = "https://tickets.example/1") -> Data {
        let shows = dateTimes.map {
            GracenoteShowSpec(
                tmsID: "MV000000010000", title: "Bar Film 1", releaseYear: 2026, theatreID: "9001", dateTime: $0,
                ticketURI: ticket)
        }
        return Data(FakeGracenote.showingsJSON(shows, theatres: [FakeGracenote.cinema1]).utf8)
    }

    @Test func aShowtimeIsReadOnItsTheatresClockWithItsTicketLinkAndTitleAndYear() throws {
        let read = try GracenoteParsing.schedule(fromShowings: Self.showings(["2026-11-25T19:00"])) { _ in Self.newYork }
        let show = try #require(read.shows.first)
        #expect(show.provider == "gracenote")
        #expect(show.title == "Bar Film 1")
        #expect(show.year == 2026)
        #expect(show.providerTheaterID == "9001")
        #expect(show.providerTheaterName == "Fake Gracenote Cinema 1")
        #expect(show.bookingURL == "https://tickets.example/1")
        #expect(show.timeZoneIdentifier == Self.newYork)
        // 19:00 in New York in late November (EST, UTC−5) is 00:00 UTC the next day
        #expect(show.start == LocalClock.instant(iso8601: "2026-11-26T00:00:00Z"))
        #expect(show.localTime(of: show.start) == "19:00")
        // runTime PT01H46M is the length
        #expect(show.end == show.start.addingTimeInterval(106 * 60))
    }

    @Test(arguments: ["PT896716725805325349H46M", "PT25H", "PT99999M", "PT01H46M"])
    func aRunTimeBeyondADayIsNoRunTimeNotACrash(_ runTime: String) throws {
        // Given a showing whose film's runTime is the fuzzer's (its hours times 60 overflowed), or just too long
        let json = String(decoding: Self.showings(["2026-11-25T19:00"]), as: UTF8.self)
            .replacingOccurrences(of: "\"PT01H46M\"", with: "\"\(runTime)\"")
        let read = try GracenoteParsing.schedule(fromShowings: Data(json.utf8)) { _ in Self.newYork }
        // Then the show is read, with an end only for a run time within a day
        let show = try #require(read.shows.first)
        #expect(show.end == (runTime == "PT01H46M" ? show.start.addingTimeInterval(106 * 60) : nil))
    }

    @Test func onTheDayClocksGoBackInNewYorkEachShowKeepsItsWallClockTime() throws {
        // 2026-11-01: at 02:00 EDT (UTC−4) clocks go back to 01:00 EST (UTC−5)
        let read = try GracenoteParsing.schedule(
            fromShowings: Self.showings(["2026-10-31T19:00", "2026-11-01T00:30", "2026-11-01T01:30", "2026-11-01T19:00"])
        ) { _ in Self.newYork }
        let starts = read.shows.map(\.start)
        #expect(starts[0] == LocalClock.instant(iso8601: "2026-10-31T23:00:00Z"))
        #expect(starts[1] == LocalClock.instant(iso8601: "2026-11-01T04:30:00Z"))
        // The repeated hour reads as its first pass, in daylight time
        #expect(starts[2] == LocalClock.instant(iso8601: "2026-11-01T05:30:00Z"))
        #expect(starts[3] == LocalClock.instant(iso8601: "2026-11-02T00:00:00Z"))
        #expect(read.shows.map { $0.localTime(of: $0.start) } == ["19:00", "00:30", "01:30", "19:00"])
    }

    @Test func onTheDayClocksGoForwardAnEveningShowIsInDaylightTime() throws {
        // 2026-03-08: at 02:00 EST clocks go forward to 03:00 EDT (UTC−4)
        let read = try GracenoteParsing.schedule(fromShowings: Self.showings(["2026-03-08T19:00"])) { _ in Self.newYork }
        #expect(read.shows.first?.start == LocalClock.instant(iso8601: "2026-03-08T23:00:00Z"))
    }

    @Test func anEmptyDayIsAnEmptyArrayAndNoShows() throws {
        let read = try GracenoteParsing.schedule(fromShowings: Data("[]".utf8)) { _ in Self.newYork }
        #expect(read.shows.isEmpty)
        #expect(read.unreadable.isEmpty)
    }

    @Test func aShowtimeWithoutATicketLinkHasNone() throws {
        let read = try GracenoteParsing.schedule(fromShowings: Self.showings(["2026-11-25T19:00"], ticket: nil)) { _ in
            Self.newYork
        }
        #expect(read.shows.first?.bookingURL == nil)
    }

    @Test func anUnreadableDateTimeIsLeftOutWhileTheOthersStay() throws {
        let read = try GracenoteParsing.schedule(fromShowings: Self.showings(["2026-11-25T19:00", "tonight"])) { _ in
            Self.newYork
        }
        #expect(read.shows.count == 1)
        #expect(read.unreadable == [.invalidShow(provider: "Gracenote", field: "dateTime", value: "tonight")])
    }

    @Test func anHTMLPageInsteadOfJSONIsMalformedJSON() {
        #expect(
            throws: ShowtimesError.malformedJSON(provider: "Gracenote", reason: "an HTML page came instead of the movies")
        ) {
            try GracenoteParsing.schedule(fromShowings: Data("<h1>Developer Inactive</h1>".utf8)) { _ in Self.newYork }
        }
    }

    @Test func anAnswerNestedTooDeeplyIsRefusedBeforeParsing() {
        let deep = Data((String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)).utf8)
        #expect(
            throws: ShowtimesError.malformedJSON(provider: "Gracenote", reason: "it nests arrays or objects more than 64 deep")
        ) {
            try GracenoteParsing.theatres(from: deep)
        }
    }

    @Test func theatresHaveTheirAddressAndCoordinatesWrittenAsStrings() throws {
        let theatres = try GracenoteParsing.theatres(from: Data(FakeGracenote.theatresJSON([FakeGracenote.cinema2]).utf8))
        let theatre = try #require(theatres.first)
        #expect(theatre.id == "9002")
        #expect(theatre.name == "Fake Gracenote Cinema 2")
        #expect(theatre.coordinate == (try Coordinate(latitude: 39.945, longitude: -82.99)))
        #expect(theatre.address == "2 Unmapped Avenue, Columbus, OH 43206")
        #expect(theatre.country == "USA")
        #expect(theatre.telephone == "614-555-0100")
        #expect(theatre.distanceKilometers == 1.2)
    }
}

@Suite("The Gracenote client against a fake Gracenote on loopback", .serialized)
struct GracenoteClientTests {
    static let columbus = try! Coordinate(latitude: 39.9612, longitude: -82.9988)
    static let day = "2026-11-25"
    static let shows = [
        GracenoteShowSpec(
            tmsID: "MV000000010000", title: "Bar Film 1", releaseYear: 2026, theatreID: FakeGracenote.cinema1.id,
            dateTime: "\(day)T19:00", ticketURI: "https://tickets.example/bar-film-1"),
        GracenoteShowSpec(
            tmsID: "MV000000020000", title: "Bar Film 2", releaseYear: 2025, theatreID: FakeGracenote.cinema2.id,
            dateTime: "\(day)T17:15"),
    ]

    func client(_ fake: FakeServer, key: String = FakeGracenote.key, store: ShowtimesStore? = nil) -> GracenoteClient {
        GracenoteClient(baseURL: fake.baseURL, apiKey: key, transport: CurlTransport(), store: store, timeoutSeconds: 30)
    }

    func withFake(_ body: (FakeServer) async throws -> Void) async throws {
        try await withFakeServer(
            basePath: "/v1.1",
            FakeGracenote.handler(theatres: [FakeGracenote.cinema1, FakeGracenote.cinema2], shows: Self.shows), body)
    }

    @Test func aDayComesBackAsShowsByStartOnEachTheatresClockWithTheTheatres() async throws {
        try await withFake { fake in
            var zonesAskedFor: [Coordinate] = []
            let day = try await client(fake).schedule(
                localDay: Self.day, around: Self.columbus, radiusKilometers: 10, fallbackZone: "UTC"
            ) { coordinate in
                zonesAskedFor.append(coordinate)
                return "America/New_York"
            }
            #expect(day.shows.value.map(\.title) == ["Bar Film 2", "Bar Film 1"])
            #expect(day.shows.value.allSatisfy { $0.timeZoneIdentifier == "America/New_York" })
            #expect(day.shows.value.last?.localTime(of: day.shows.value.last!.start) == "19:00")
            #expect(day.theatres.keys.sorted() == ["9001", "9002"])
            #expect(zonesAskedFor.count == 2)
            // And the requests asked around the point, in kilometers, with the key as api_key
            let requests = await fake.log.requests
            #expect(requests.map(\.path) == ["/v1.1/theatres", "/v1.1/movies/showings"])
            let showings = try #require(requests.last)
            #expect(showings.query["startDate"] == Self.day)
            #expect(showings.query["numDays"] == "1")
            #expect(showings.query["lat"] == "39.9612")
            #expect(showings.query["lng"] == "-82.9988")
            #expect(showings.query["radius"] == "10")
            #expect(showings.query["units"] == "km")
            #expect(showings.query["api_key"] == FakeGracenote.key)
        }
    }

    @Test func aRefusedKeyIsSaidInOneLine() async throws {
        try await withFake { fake in
            let error = await #expect(throws: ShowtimesError.self) {
                _ = try await client(fake, key: "not-the-key").theatres(around: Self.columbus, radiusKilometers: 10)
            }
            #expect(error == .keyRefused(provider: "Gracenote", variable: "GRACENOTE_API_KEY"))
            let text = try #require(error).description
            #expect(text.hasPrefix("Gracenote refused the key"))
            #expect(!text.contains("\n"))
            #expect(!text.contains("not-the-key"))
        }
    }

    @Test func theClientDescribesAndDumpsItselfWithoutTheKey() {
        let client = GracenoteClient(apiKey: FakeGracenote.key, transport: CurlTransport())
        var dumped = ""
        dump(client, to: &dumped)
        #expect(!dumped.contains(FakeGracenote.key))
        #expect(!"\(client)".contains(FakeGracenote.key))
        #expect("\(client)" == "Gracenote at http://data.tmsapi.com/v1.1")
    }

    @Test func anEmptyDayIsNoShowsAndNoError() async throws {
        try await withFake { fake in
            let fetched = try await client(fake).showings(
                startDate: "2026-12-31", around: Self.columbus, radiusKilometers: 10) { _ in "America/New_York" }
            #expect(fetched.value.isEmpty)
        }
    }

    @Test func theCacheKeyAndTheCachedBodyNeverHoldTheKey() async throws {
        try await withFake { fake in
            let store = try ShowtimesStore.inMemory()
            _ = try await client(fake, store: store).schedule(
                localDay: Self.day, around: Self.columbus, radiusKilometers: 10, fallbackZone: "UTC") { _ in
                "America/New_York"
            }
            let key = "gracenote movies/showings?startDate=\(Self.day)&numDays=1&lat=39.9612&lng=-82.9988&radius=10&units=km"
            let cached = try #require(try await store.cached(forKey: key))
            #expect(!String(decoding: cached.body, as: UTF8.self).contains(FakeGracenote.key))
            // And the cached answer serves a second ask without a request
            let before = await fake.log.count
            _ = try await client(fake, store: store).showings(
                startDate: Self.day, around: Self.columbus, radiusKilometers: 10) { _ in "America/New_York" }
            #expect(await fake.log.count == before)
        }
    }
}

@Suite("Showtimes providers, chosen by where they work")
struct ShowtimesProviderTests {
    @Test func finnkinoCoversFinlandGracenoteTheUnitedStatesAndCanadaAndTheRestWorkAnywhere() {
        #expect(ShowtimesProvider.covering("FI") == [.finnkino, .movieGlu, .webPages])
        #expect(ShowtimesProvider.covering("us") == [.gracenote, .movieGlu, .webPages])
        #expect(ShowtimesProvider.covering("CA").contains(.gracenote))
        #expect(ShowtimesProvider.covering("FR") == [.movieGlu, .webPages])
        #expect(!ShowtimesProvider.finnkino.covers(nil))
    }

    @Test func whereNothingConfiguredCoversOneLineNamesWhoWouldAndHow() {
        let line = ShowtimesProvider.noneConfigured("JP", configured: [.finnkino, .webPages])
        #expect(
            line
                == "nothing configured covers JP (MovieGlu covers JP: set MOVIEGLU_CLIENT, MOVIEGLU_API_KEY and "
                + "MOVIEGLU_AUTHORIZATION); cinemas' own web pages and imported shows are used (planner showtimes "
                + "import FILE)")
        #expect(!line.contains("\n"))
    }
}
