import FlyingFox
import Foundation
import Geo
import SQLiteStore
import Showtimes
import TestSupport
import Testing
import Transport

@Suite("MovieGlu's documented shapes, read")
struct MovieGluParsingTests {
    static let london = "Europe/London"
    static let cinema = FakeMovieGlu.odeonLeicesterSquare

    static func show(
        _ date: String, _ start: String, _ end: String?, format: String = "Standard", film: Int = 7001
    ) -> MovieGluShowSpec {
        MovieGluShowSpec(
            filmID: film, imdbID: "tt9900001", filmName: "Fake Film One", releaseYear: 2026, cinemaID: cinema.id,
            date: date, start: start, end: end, format: format)
    }

    /// The cinema's `cinemaShowTimes` answer for `date`, read on the London clock.
    static func read(_ shows: [MovieGluShowSpec], date: String) throws -> ReadSchedule {
        let json = FakeMovieGlu.cinemaShowTimesJSON(cinemaID: cinema.id, cinemaName: cinema.name, shows: shows)
        return try MovieGluParsing.shows(
            fromCinemaShowTimes: Data(json.utf8), cinemaID: cinema.id, cinemaName: cinema.name, date: date,
            zone: london)
    }

    static func instant(_ text: String) -> Date? { LocalClock.instant(iso8601: text) }

    @Test func aShowIsReadOnTheLondonClockWithItsFilmYearAndIMDbID() throws {
        let read = try Self.read([Self.show("2026-11-27", "19:00", "21:05")], date: "2026-11-27")
        let show = try #require(read.shows.first)
        #expect(read.unreadable.isEmpty)
        #expect(show.provider == "movieglu")
        #expect(show.providerTheaterID == "9101")
        #expect(show.providerTheaterName == "Fake Odeon Leicester Square")
        #expect(show.title == "Fake Film One")
        #expect(show.year == 2026)
        #expect(show.imdbID == "tt9900001")
        #expect(show.timeZoneIdentifier == Self.london)
        // "Standard" is no particular format
        #expect(show.format == nil)
        #expect(show.providerShowID == "7001-9101-2026-11-27T19:00")
        // 19:00 in London in late November (GMT) is 19:00 UTC
        #expect(show.start == Self.instant("2026-11-27T19:00:00Z"))
        #expect(show.end == Self.instant("2026-11-27T21:05:00Z"))
    }

    @Test func aShowingsKeyOtherThanStandardIsTheShowsFormat() throws {
        let read = try Self.read(
            [Self.show("2026-11-27", "19:00", "21:05"), Self.show("2026-11-27", "19:00", "21:05", format: "IMAX")],
            date: "2026-11-27")
        // The `showings` keys are read in order: "IMAX" before "Standard"
        #expect(read.shows.map(\.format) == ["IMAX", nil])
        // The same film at the same time in two formats keeps two ids
        #expect(read.shows.map(\.providerShowID) == ["7001-9101-2026-11-27T19:00-IMAX", "7001-9101-2026-11-27T19:00"])
    }

    @Test func onTheNightClocksGoBackInLondonEachShowKeepsItsWallClockTime() throws {
        // 2026-10-25: at 02:00 BST (UTC+1) clocks go back to 01:00 GMT, so 01:30 happens twice
        let saturday = try Self.read(
            [
                Self.show("2026-10-24", "19:00", "21:00"), Self.show("2026-10-24", "23:45", "01:50"),
                Self.show("2026-10-24", "01:30", nil),
            ], date: "2026-10-24")
        let starts = saturday.shows.map(\.start)
        #expect(starts[0] == Self.instant("2026-10-24T18:00:00Z"))
        #expect(starts[1] == Self.instant("2026-10-24T22:45:00Z"))
        // Listed on the 24th's cinema day, 01:30 is in the small hours of the 25th: its first pass, in summer time
        #expect(starts[2] == Self.instant("2026-10-25T00:30:00Z"))
        #expect(saturday.shows[2].localDay == "2026-10-25")
        // The late show ends past midnight, in the repeated hour's first pass: 2 h 5 min after it starts
        #expect(saturday.shows[1].end == Self.instant("2026-10-25T00:50:00Z"))
        // And on the Sunday, an evening show is in winter time
        let sunday = try Self.read([Self.show("2026-10-25", "19:00", "21:00")], date: "2026-10-25")
        #expect(sunday.shows.first?.start == Self.instant("2026-10-25T19:00:00Z"))
        #expect(sunday.shows.map { $0.localTime(of: $0.start) } == ["19:00"])
    }

    @Test func anEndBeforeTheStartIsPastMidnight() throws {
        let read = try Self.read([Self.show("2026-11-27", "22:45", "00:50")], date: "2026-11-27")
        let show = try #require(read.shows.first)
        #expect(show.start == Self.instant("2026-11-27T22:45:00Z"))
        #expect(show.end == Self.instant("2026-11-28T00:50:00Z"))
    }

    @Test func aShowListedBeforeThreeInTheMorningIsInTheNextDaysSmallHours() throws {
        // MovieGlu's cinema day runs 03:00–02:59: a 00:30 on the 27th's listing is the night after
        let read = try Self.read([Self.show("2026-11-27", "00:30", "02:40")], date: "2026-11-27")
        let show = try #require(read.shows.first)
        #expect(show.start == Self.instant("2026-11-28T00:30:00Z"))
        #expect(show.end == Self.instant("2026-11-28T02:40:00Z"))
        #expect(show.providerShowID == "7001-9101-2026-11-27T00:30")
    }

    @Test func anEmptyBodyIsNoShowsAndNoCinemas() throws {
        let read = try MovieGluParsing.shows(
            fromCinemaShowTimes: Data(), cinemaID: "9101", cinemaName: "Fake Odeon Leicester Square",
            date: "2026-11-27", zone: Self.london)
        #expect(read.shows.isEmpty)
        #expect(read.unreadable.isEmpty)
        #expect(try MovieGluParsing.cinemas(from: Data()).isEmpty)
    }

    @Test func anUnreadableStartIsLeftOutWhileTheOthersStay() throws {
        let read = try Self.read(
            [Self.show("2026-11-27", "19:00", "21:05"), Self.show("2026-11-27", "tonight", nil)], date: "2026-11-27")
        #expect(read.shows.count == 1)
        #expect(read.unreadable == [.invalidShow(provider: "MovieGlu", field: "start_time", value: "tonight")])
    }

    @Test func anHTMLPageInsteadOfJSONIsMalformedJSON() {
        #expect(
            throws: ShowtimesError.malformedJSON(provider: "MovieGlu", reason: "an HTML page came instead of the films")
        ) {
            try MovieGluParsing.shows(
                fromCinemaShowTimes: Data("<h1>Bad Gateway</h1>".utf8), cinemaID: "9101", cinemaName: "Odeon",
                date: "2026-11-27", zone: Self.london)
        }
    }

    @Test func anObjectWithoutFilmsOrCinemasIsMalformedJSON() {
        let status = Data(#"{"status":{"state":"OK"}}"#.utf8)
        #expect(throws: ShowtimesError.malformedJSON(provider: "MovieGlu", reason: "expected a list of films")) {
            try MovieGluParsing.shows(
                fromCinemaShowTimes: status, cinemaID: "9101", cinemaName: "Odeon", date: "2026-11-27",
                zone: Self.london)
        }
        #expect(throws: ShowtimesError.malformedJSON(provider: "MovieGlu", reason: "expected a list of cinemas")) {
            try MovieGluParsing.cinemas(from: status)
        }
    }

    @Test func cinemasHaveTheirAddressCoordinatesAndDistanceInMiles() throws {
        let json = FakeMovieGlu.cinemasJSON([FakeMovieGlu.odeonLeicesterSquare, FakeMovieGlu.picturehouseCentral])
        let cinemas = try MovieGluParsing.cinemas(from: Data(json.utf8))
        #expect(cinemas.map(\.id) == ["9101", "9102"])
        let odeon = try #require(cinemas.first)
        #expect(odeon.name == "Fake Odeon Leicester Square")
        #expect(odeon.address == "1 Fake Square")
        #expect(odeon.city == "London")
        #expect(odeon.postcode == "WC2H 7JY")
        #expect(odeon.coordinate == (try Coordinate(latitude: 51.5103, longitude: -0.1302)))
        #expect(odeon.distanceMiles == 0.1)
    }

    @Test func aShowWrittenBeforeIMDbIDsExistedStillDecodes() throws {
        let show = try #require(try Self.read([Self.show("2026-11-27", "19:00", nil)], date: "2026-11-27").shows.first)
        var old = show
        old.imdbID = nil
        let json = try JSONEncoder().encode(old)
        #expect(!String(decoding: json, as: UTF8.self).contains("imdbID"))
        #expect(try JSONDecoder().decode(Show.self, from: json) == old)
    }
}

/// A showtimes cache in memory that lets a test read every key and body written.
private final class RecordingCache: ShowtimesCacheStorage, @unchecked Sendable {
    private let lock = NSLock()
    private var entries: [String: (body: Data, fetchedAt: Date)] = [:]

    func cached(forKey key: String) throws -> (body: Data, fetchedAt: Date)? {
        lock.withLock { entries[key] }
    }

    func cache(_ body: Data, forKey key: String, fetchedAt: Date) throws {
        lock.withLock { entries[key] = (body, fetchedAt) }
    }

    var keys: [String] { lock.withLock { entries.keys.sorted() } }
    var bodies: [Data] { lock.withLock { entries.values.map { $0.body } } }
}

@Suite("The MovieGlu client against a fake MovieGlu on loopback", .serialized)
struct MovieGluClientTests {
    /// 18:00 on 27 November 2026, in London (GMT).
    static let now = Date(timeIntervalSince1970: 1_795_802_400)
    /// Tomorrow on the London clock: 2026-11-28.
    static let day = FakeMovieGlu.londonDay(1, from: now)
    static let leicesterSquare = try! Coordinate(latitude: 51.51034, longitude: -0.13017)
    static let secrets = [FakeMovieGlu.client, FakeMovieGlu.apiKey, FakeMovieGlu.authorization]
    static let shows = [
        MovieGluShowSpec(
            filmID: 7001, imdbID: "tt9900001", filmName: "Fake Film One", releaseYear: 2026,
            cinemaID: FakeMovieGlu.odeonLeicesterSquare.id, date: day, start: "19:00", end: "21:05"),
        MovieGluShowSpec(
            filmID: 7002, imdbID: "tt9900002", filmName: "Fake Film Two", releaseYear: 2025,
            cinemaID: FakeMovieGlu.picturehouseCentral.id, date: day, start: "17:15", end: "19:20", format: "IMAX"),
    ]
    static let credentials = MovieGluCredentials(
        client: FakeMovieGlu.client, apiKey: FakeMovieGlu.apiKey, authorization: FakeMovieGlu.authorization)

    /// A client on the real transport, asking as a device in London at ``now``; "GB" is the origin's country.
    func client(
        _ fake: FakeServer, credentials: MovieGluCredentials = MovieGluClientTests.credentials,
        store: ShowtimesStore? = nil
    ) -> MovieGluClient {
        let instant = Self.now
        return MovieGluClient(
            baseURL: fake.baseURL, credentials: credentials, territory: "GB", transport: CurlTransport(), store: store,
            timeoutSeconds: 30, deviceTimeZone: FakeMovieGlu.london, now: { instant })
    }

    func withFake(
        cinemas: [MovieGluCinemaSpec] = [FakeMovieGlu.odeonLeicesterSquare, FakeMovieGlu.picturehouseCentral],
        shows: [MovieGluShowSpec] = MovieGluClientTests.shows, _ body: (FakeServer) async throws -> Void
    ) async throws {
        try await withFakeServer(FakeMovieGlu.handler(cinemas: cinemas, shows: shows), body)
    }

    /// The path without its trailing slash (the server may standardize it away).
    static func route(_ request: SeenRequest) -> String {
        request.path.hasSuffix("/") ? String(request.path.dropLast()) : request.path
    }

    func schedule(_ client: MovieGluClient, around point: Coordinate = MovieGluClientTests.leicesterSquare) async throws
        -> MovieGluSchedule
    {
        try await client.schedule(
            localDay: Self.day, around: point, zoneAt: { _ in "Europe/London" }, fallbackZone: "UTC")
    }

    @Test func aDayComesBackAsShowsByStartOnTheLondonClockWithTheCinemas() async throws {
        try await withFake { fake in
            let day = try await schedule(client(fake))
            #expect(Self.day == "2026-11-28")
            #expect(day.shows.value.map(\.title) == ["Fake Film Two", "Fake Film One"])
            #expect(day.shows.value.map(\.format) == ["IMAX", nil])
            #expect(day.shows.value.allSatisfy { $0.timeZoneIdentifier == "Europe/London" })
            #expect(day.shows.value.last?.start == LocalClock.instant(iso8601: "2026-11-28T19:00:00Z"))
            #expect(day.shows.value.map(\.imdbID) == ["tt9900002", "tt9900001"])
            #expect(day.cinemas.keys.sorted() == ["9101", "9102"])
            #expect(day.cinemas["9101"]?.coordinate == (try Coordinate(latitude: 51.5103, longitude: -0.1302)))
            #expect(day.shows.unreadable.isEmpty)
        }
    }

    @Test func everyRequestCarriesTheSevenHeadersWithTheirValues() async throws {
        try await withFake { fake in
            _ = try await schedule(client(fake))
            let requests = await fake.log.requests
            #expect(requests.map(Self.route).sorted() == ["/cinemaShowTimes", "/cinemaShowTimes", "/cinemasNearby"])
            // As the documentation writes them: `cinemasNearby/?n=`, `cinemaShowTimes/?cinema_id=&date=`
            #expect(requests.allSatisfy { $0.target.hasPrefix(Self.route($0) + "/?") })
            for request in requests {
                #expect(request.header("client") == FakeMovieGlu.client)
                #expect(request.header("x-api-key") == FakeMovieGlu.apiKey)
                #expect(request.header("authorization") == FakeMovieGlu.authorization)
                // The origin's "GB" is MovieGlu's "UK"
                #expect(request.header("territory") == "UK")
                #expect(request.header("api-version") == "v200")
                #expect(request.header("geolocation") == "51.5103;-0.1302")
                // The device's wall clock, without an offset, as the documentation asks
                #expect(request.header("device-datetime") == "2026-11-27T18:00:00.000")
            }
            // And the requests ask what the issue says: n cinemas, then each cinema's day
            #expect(requests.first { Self.route($0) == "/cinemasNearby" }?.query["n"] == "10")
            let asked = requests.filter { Self.route($0) == "/cinemaShowTimes" }
            #expect(asked.compactMap { $0.query["cinema_id"] }.sorted() == ["9101", "9102"])
            #expect(asked.allSatisfy { $0.query["date"] == Self.day })
        }
    }

    @Test func theSecretsAreInNoCacheKeyNorCachedBodyNorDescriptionNorDump() async throws {
        try await withFake { fake in
            let cache = RecordingCache()
            _ = try await schedule(self.client(fake, store: ShowtimesStore(cache: cache)))
            #expect(
                cache.keys == [
                    "movieglu cinemaShowTimes/?cinema_id=9101&date=\(Self.day) territory=UK",
                    "movieglu cinemaShowTimes/?cinema_id=9102&date=\(Self.day) territory=UK",
                    "movieglu cinemasNearby/?n=10 territory=UK geolocation=51.5103;-0.1302",
                ])
            for secret in Self.secrets {
                #expect(!cache.keys.contains { $0.contains(secret) })
                #expect(!cache.bodies.contains { String(decoding: $0, as: UTF8.self).contains(secret) })
            }
        }
        let client = MovieGluClient(credentials: Self.credentials, territory: "GB", transport: CurlTransport())
        #expect("\(client)" == "MovieGlu at https://api-gate2.movieglu.com/ (UK)")
        var dumped = ""
        dump(client, to: &dumped)
        var dumpedCredentials = ""
        dump(Self.credentials, to: &dumpedCredentials)
        for secret in Self.secrets {
            #expect(!String(describing: client).contains(secret))
            #expect(!String(reflecting: client).contains(secret))
            #expect(!dumped.contains(secret))
            #expect(!String(describing: Self.credentials).contains(secret))
            #expect(!dumpedCredentials.contains(secret))
        }
    }

    @Test func aScheduleMakesOnePlusNRequestsTheFirstTimeAndNoneTheSecond() async throws {
        try await withFake { fake in
            let store = try ShowtimesStore.inMemory()
            let first = try await schedule(client(fake, store: store))
            #expect(first.requestCount == 3)
            #expect(!first.shows.fromCache)
            #expect(await fake.log.count == 3)
            // Within half an hour, everything comes from the cache
            let second = try await schedule(client(fake, store: store))
            #expect(second.requestCount == 0)
            #expect(second.shows.fromCache)
            #expect(second.shows.value == first.shows.value)
            #expect(await fake.log.count == 3)
        }
    }

    @Test func noMoreThanFourShowtimesRequestsAreInFlightAtOnce() async throws {
        let cinemas = (1...7).map { index in
            MovieGluCinemaSpec(
                id: "93\(index)", name: "Fake Cinema \(index)", latitude: 51.51 + Double(index) / 1000,
                longitude: -0.13, address: "\(index) Fake Row", postcode: "WC2H 7JY", distanceMiles: Double(index) / 10)
        }
        let base = FakeMovieGlu.handler(cinemas: cinemas, shows: [])
        // Each answer takes a moment, so that requests overlap when they can
        let slow: FakeServer.Handler = { request, number in
            try await Task.sleep(nanoseconds: 50_000_000)
            return try await base(request, number)
        }
        try await withFakeServer(slow) { fake in
            let day = try await schedule(client(fake))
            #expect(day.requestCount == 8)
            #expect(day.cinemas.count == 7)
            #expect(day.shows.value.isEmpty)
            #expect(await fake.log.maxInFlight <= 4)
        }
    }

    @Test func aCinemaDayWithoutShowsIs204AndNoShowsNotAnErrorAndIsCached() async throws {
        try await withFake { fake in
            let store = try ShowtimesStore.inMemory()
            let cinema = MovieGluCinema(id: FakeMovieGlu.picturehouseCentral.id, name: "Fake Picturehouse Central")
            let fetched = try await client(fake, store: store).cinemaShowTimes(
                cinema: cinema, date: "2026-12-31", around: Self.leicesterSquare, zone: "Europe/London")
            #expect(fetched.value.isEmpty)
            #expect(!fetched.fromCache)
            let again = try await client(fake, store: store).cinemaShowTimes(
                cinema: cinema, date: "2026-12-31", around: Self.leicesterSquare, zone: "Europe/London")
            #expect(again.value.isEmpty)
            #expect(again.fromCache)
            #expect(await fake.log.count == 1)
        }
    }

    @Test func aPlaceOutsideTheTerritoryIsNoCinemasAndNoShows() async throws {
        try await withFake { fake in
            let paris = try Coordinate(latitude: 48.8566, longitude: 2.3522)
            let day = try await schedule(client(fake), around: paris)
            #expect(day.cinemas.isEmpty)
            #expect(day.shows.value.isEmpty)
            #expect(day.requestCount == 1)
        }
    }

    @Test func aRefusedKeyIsSaidInOneLineNamingMOVIEGLUAPIKEY() async throws {
        try await withFake { fake in
            var wrong = Self.credentials
            wrong.apiKey = "not-the-movieglu-key"
            let error = await #expect(throws: ShowtimesError.self) {
                _ = try await schedule(client(fake, credentials: wrong))
            }
            #expect(error == .keyRefused(provider: "MovieGlu", variable: "MOVIEGLU_API_KEY"))
            let text = try #require(error).description
            #expect(text.hasPrefix("MovieGlu refused the key"))
            #expect(text.contains("MOVIEGLU_API_KEY"))
            #expect(!text.contains("\n"))
            #expect(!text.contains("not-the-movieglu-key"))
            // Only the one request was made
            #expect(await fake.log.count == 1)
        }
    }

    @Test(arguments: [401, 403])
    func aGatewayRefusalIsARefusedKey(_ status: Int) async throws {
        try await withFakeServer({ _, _ in Reply.json(#"{"message":"Forbidden"}"#, status: status) }) { fake in
            let error = await #expect(throws: ShowtimesError.self) {
                _ = try await client(fake).cinemasNearby(around: Self.leicesterSquare, count: 5)
            }
            #expect(error == .keyRefused(provider: "MovieGlu", variable: "MOVIEGLU_API_KEY"))
        }
    }

    @Test func aMalformedBodyIsAnError() async throws {
        _ = try await withFakeServer({ _, _ in Reply.json("<html><body>Bad Gateway</body></html>") }) { fake in
            await #expect(
                throws: ShowtimesError.malformedJSON(
                    provider: "MovieGlu", reason: "an HTML page came instead of the cinemas")
            ) {
                _ = try await client(fake).cinemasNearby(around: Self.leicesterSquare, count: 5)
            }
        }
    }

    @Test func oneBadShowIsUnreadableWhileTheOthersCome() async throws {
        let bad = MovieGluShowSpec(
            filmID: 7003, imdbID: nil, filmName: "Fake Film Three", releaseYear: nil,
            cinemaID: FakeMovieGlu.odeonLeicesterSquare.id, date: Self.day, start: "25:99", end: nil)
        try await withFake(shows: Self.shows + [bad]) { fake in
            let day = try await schedule(client(fake))
            #expect(day.shows.value.map(\.title) == ["Fake Film Two", "Fake Film One"])
            #expect(day.shows.unreadable == [.invalidShow(provider: "MovieGlu", field: "start_time", value: "25:99")])
        }
    }

    @Test func aDayNotWrittenYYYYMMDDIsRefusedBeforeAnyRequest() async throws {
        try await withFake { fake in
            await #expect(throws: ShowtimesError.invalidDay("28.11.2026")) {
                _ = try await client(fake).schedule(
                    localDay: "28.11.2026", around: Self.leicesterSquare, zoneAt: { _ in nil }, fallbackZone: "UTC")
            }
            #expect(await fake.log.count == 0)
        }
    }

    @Test func theFakeRefusesARequestWithoutTheContextHeaders() async throws {
        try await withFake { fake in
            let request = Transport.HTTPRequest(
                url: fake.baseURL.appendingPathComponent("cinemasNearby/"),
                headers: [
                    "client": FakeMovieGlu.client, "x-api-key": FakeMovieGlu.apiKey,
                    "authorization": FakeMovieGlu.authorization,
                ], timeoutSeconds: 30)
            let response = try await CurlTransport().send(request)
            #expect(response.statusCode == 400)
        }
    }
}
