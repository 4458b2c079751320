import FlyingFox
import Foundation
import NowPlaying
import SQLiteStore
import Showtimes
import TestSupport
import Testing
import Transport

@Suite("The Finnkino client against a fake Finnkino on loopback", .serialized)
struct FinnkinoClientTests {
    static let day = "2026-11-22"

    static let shows = [
        FinnkinoShowSpec(
            id: 1, title: "Revontulet", originalTitle: "Northern Lights", year: 2026, day: day, time: "18:30",
            theatreID: FakeFinnkino.kinopalatsi.id, theatre: FakeFinnkino.kinopalatsi.name),
        FinnkinoShowSpec(
            id: 2, title: "Satamayöt", originalTitle: nil, year: 2026, day: day, time: "17:15",
            theatreID: FakeFinnkino.tennispalatsi.id, theatre: FakeFinnkino.tennispalatsi.name),
    ]

    /// A client on the real transport; the timeout is generous, as the whole suite shares two busy cores.
    func client(
        _ fake: FakeServer, store: ShowtimesStore? = nil, policy: ShowtimesCachePolicy = .normal,
        timeoutSeconds: Double = 30
    ) -> FinnkinoClient {
        FinnkinoClient(
            baseURL: fake.baseURL, transport: URLSessionTransport(), store: store, policy: policy,
            timeoutSeconds: timeoutSeconds)
    }

    @Test func aScheduleComesBackAsShowsByStartWithInstantsInHelsinkiTime() async throws {
        try await withFakeServer(basePath: "/xml", FakeFinnkino.handler(Self.shows)) { fake in
            // When the day's schedule is fetched
            let shows = try await client(fake).schedule(area: "1002", localDay: Self.day).value
            // Then both shows come back, earliest first, with the documented fields
            #expect(shows.map(\.providerShowID) == ["2", "1"])
            let first = try #require(shows.last)
            #expect(first.title == "Revontulet")
            #expect(first.originalTitle == "Northern Lights")
            #expect(first.year == 2026)
            #expect(first.providerTheaterID == "1031")
            #expect(first.providerTheaterName == "Kinopalatsi, Helsinki")
            #expect(first.format == "2D")
            #expect(first.bookingURL == "http://www.finnkino.fi/websales/show/1/")
            #expect(first.timeZoneIdentifier == "Europe/Helsinki")
            // 18:30 in Helsinki in November (EET, UTC+2) is 16:30 UTC
            #expect(first.start == LocalClock.instant(iso8601: "2026-11-22T16:30:00Z"))
            #expect(first.localTime(of: first.start) == "18:30")
            #expect(first.end == first.start.addingTimeInterval(110 * 60))
            // And the request named the area and the day as Finnkino wants them
            let request = try #require(await fake.log.requests.first)
            #expect(request.query["area"] == "1002")
            #expect(request.query["dt"] == "22.11.2026")
        }
    }

    @Test func aShowWithoutAnOriginalTitleHasNone() async throws {
        try await withFakeServer(basePath: "/xml", FakeFinnkino.handler(Self.shows)) { fake in
            let shows = try await client(fake).schedule(area: nil, localDay: Self.day).value
            let show = try #require(shows.first { $0.providerShowID == "2" })
            #expect(show.originalTitle == nil)
            #expect(show.title == "Satamayöt")
        }
    }

    @Test func anEmptyScheduleIsAnEmptyList() async throws {
        try await withFakeServer(basePath: "/xml", FakeFinnkino.handler([])) { fake in
            let shows = try await client(fake).schedule(area: "1002", localDay: Self.day).value
            #expect(shows.isEmpty)
        }
    }

    @Test func malformedXMLIsAClearErrorAndIsNotCached() async throws {
        let handler: FakeServer.Handler = { _, _ in FakeFinnkino.xml("<Schedule><Shows><Show><ID>1</Show></Schedule>") }
        try await withFakeServer(basePath: "/xml", handler) { fake in
            let store = try ShowtimesStore.inMemory()
            await #expect {
                _ = try await client(fake, store: store).schedule(area: "1002", localDay: Self.day)
            } throws: { error in
                guard case .malformedXML(let provider, _, _) = error as? ShowtimesError else { return false }
                return provider == "Finnkino"
            }
            #expect(try await store.cached(forKey: "finnkino Schedule/?area=1002&dt=22.11.2026") == nil)
        }
    }

    @Test func aServerErrorIsReportedWithItsStatus() async throws {
        let handler: FakeServer.Handler = { _, _ in FakeFinnkino.xml("<Error/>", status: 503) }
        _ = try await withFakeServer(basePath: "/xml", handler) { fake in
            await #expect(throws: ShowtimesError.httpStatus(provider: "Finnkino", code: 503)) {
                _ = try await client(fake).schedule(area: "1002", localDay: Self.day)
            }
        }
    }

    @Test func aSlowServerTimesOut() async throws {
        let handler: FakeServer.Handler = { _, _ in
            try await Task.sleep(nanoseconds: 4_000_000_000)
            return FakeFinnkino.xml(FakeFinnkino.scheduleXML([]))
        }
        _ = try await withFakeServer(basePath: "/xml", handler) { fake in
            await #expect(throws: ShowtimesError.timedOut(provider: "Finnkino")) {
                _ = try await client(fake, timeoutSeconds: 1).schedule(area: "1002", localDay: Self.day)
            }
        }
    }

    @Test func aSecondAskIsAnsweredFromTheCacheAndOfflineNeedsNoServer() async throws {
        let store = try ShowtimesStore.inMemory()
        var baseURL: URL?
        try await withFakeServer(basePath: "/xml", FakeFinnkino.handler(Self.shows)) { fake in
            baseURL = fake.baseURL
            let first = try await client(fake, store: store).schedule(area: "1002", localDay: Self.day)
            let second = try await client(fake, store: store).schedule(area: "1002", localDay: Self.day)
            #expect(!first.fromCache)
            #expect(second.fromCache)
            #expect(second.value == first.value)
            #expect(await fake.log.count == 1)
        }
        // The server is gone: offline answers from the cache, and a day never fetched is a clear error.
        let offline = FinnkinoClient(
            baseURL: baseURL!, transport: URLSessionTransport(), store: store, policy: .offline)
        #expect(try await offline.schedule(area: "1002", localDay: Self.day).value.count == 2)
        await #expect(throws: ShowtimesError.notCached(provider: "Finnkino")) {
            _ = try await offline.schedule(area: "1002", localDay: "2026-11-23")
        }
    }

    @Test func anOldCachedScheduleIsUsedAndMarkedStaleWhenFinnkinoFails() async throws {
        // Given a schedule cached an hour ago, and a Finnkino that now answers 503
        let handler: FakeServer.Handler = { request, count in
            count == 1 ? try await FakeFinnkino.handler(Self.shows)(request, count) : FakeFinnkino.xml("<Error/>", status: 503)
        }
        try await withFakeServer(basePath: "/xml", handler) { fake in
            let store = try ShowtimesStore.inMemory()
            let anHourAgo = FinnkinoClient(
                baseURL: fake.baseURL, transport: URLSessionTransport(), store: store, timeoutSeconds: 30,
                now: { Date().addingTimeInterval(-3600) })
            _ = try await anHourAgo.schedule(area: "1002", localDay: Self.day)
            // When it is asked again now
            let fetched = try await client(fake, store: store).schedule(area: "1002", localDay: Self.day)
            // Then the old answer comes back, marked stale
            #expect(fetched.isStale)
            #expect(fetched.fromCache)
            #expect(fetched.value.count == 2)
            #expect(await fake.log.count == 2)
        }
    }

    @Test func anOldCachedScheduleIsUsedWhenFinnkinoAnswersWithAPageThatIsNotXML() async throws {
        // Given a schedule cached an hour ago, and a Finnkino that now answers 200 with an HTML page
        let handler: FakeServer.Handler = { request, count in
            count == 1
                ? try await FakeFinnkino.handler(Self.shows)(request, count)
                : FakeFinnkino.xml("<!DOCTYPE html><html><body>Maintenance</body></html>")
        }
        try await withFakeServer(basePath: "/xml", handler) { fake in
            let store = try ShowtimesStore.inMemory()
            let anHourAgo = FinnkinoClient(
                baseURL: fake.baseURL, transport: URLSessionTransport(), store: store, timeoutSeconds: 30,
                now: { Date().addingTimeInterval(-3600) })
            _ = try await anHourAgo.schedule(area: "1002", localDay: Self.day)
            // When it is asked again now
            let fetched = try await client(fake, store: store).schedule(area: "1002", localDay: Self.day)
            // Then the old answer comes back, marked stale because the new one could not be read
            #expect(fetched.isStale)
            #expect(fetched.value.count == 2)
            if case .malformedXML? = fetched.staleReason {} else { Issue.record("stale reason \(String(describing: fetched.staleReason))") }
        }
    }

    @Test func theAreasAreRead() async throws {
        try await withFakeServer(basePath: "/xml", FakeFinnkino.handler([])) { fake in
            let areas = try await client(fake).areas().value
            #expect(areas.contains(TheatreArea(id: "1002", name: "Helsinki")))
            #expect(areas.contains(TheatreArea(id: "1014", name: "Pääkaupunkiseutu")))
        }
    }
}
