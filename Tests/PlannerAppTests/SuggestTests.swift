import Foundation
import Geo
import Planner
import Showtimes
import TestSupport
import Testing
import Theaters

@testable import PlannerApp

/// `planner suggest` and `GET /v1/me/suggest` in process: ``FilmServices/suggestReport(near:search:includeWatched:showtimes:environment:)``
/// and ``SuggestShowings`` over a SQLite file, the bundled theaters (Data/), a fake TMDb and a fake Finnkino on
/// loopback. The same scenarios as PlanCommandTests and PlannerJoinTests, which run the `planner` executable.
@Suite("Suggestions in process: the watchlist in cinemas now, with the cinemas that show each film")
struct SuggestTests {
    static let near = "60.1699,24.9384"

    /// The search `suggest` makes, without OpenStreetMap's services.
    static let search = SearchRequest().offline(true)

    @Test func eachFilmInCinemasListsOnlyTheCinemasThatShowItWithTheirNextShows() async throws {
        try await withFakeTMDbAndFinnkino(FakeFinnkinoService.tomorrow()) { tmdb, finnkino in
            // Given Northern Lights and Harbour Nights (in cinemas) and Winter Road (to come) on the watchlist
            let home = AppHome(AppHome.tmdb(tmdb, finnkino: finnkino))
            defer { home.remove() }
            let store = try home.openStore()
            let films = try home.filmServices(store)
            for id in [101, 102, 103] { _ = try await films.add(id: id, to: .watchlist) }

            // When suggestions are made in central Helsinki, where Finnkino sells tickets
            let report = try await films.suggestReport(
                near: Self.near, search: Self.search, showtimes: try home.showtimesServices(store),
                environment: home.environment)

            // Then the two in cinemas are suggested, by title, and Winter Road is to come
            #expect(report.region == "FI")
            #expect(report.showtimesCountry == "FI")
            #expect(report.plan.inTheaters.map(\.film.tmdbID) == [102, 101])
            #expect(report.plan.inTheaters.map(\.reason.description) == ["now playing", "now playing"])
            #expect(report.plan.upcoming.map(\.film.tmdbID) == [103])
            // And each lists Kinopalatsi alone (Bio Rex and the Engels show neither; Tennispalatsi is not in the
            // bundled data), with its next shows on the Helsinki clock
            let showings = try #require(report.showings)
            #expect(showings.source == "Finnkino")
            #expect(showings.byFilm[101]?.map(\.theater.name) == ["Kinopalatsi"])
            #expect(showings.byFilm[102]?.map(\.theater.name) == ["Kinopalatsi"])
            let northern = try #require(showings.byFilm[101]?.first)
            #expect(northern.nextShows.map(\.providerShowID) == ["1"])
            #expect(northern.nextShows.first?.timeZoneIdentifier == "Europe/Helsinki")
            #expect(northern.route?.theater.id == "node/1376356017")
            #expect(showings.byFilm[102]?.first?.nextShows.map(\.providerShowID) == ["2"])
            #expect(report.showingsFailure == nil)
            // And the table says the same for people
            let table = report.table()
            #expect(table.contains("Next shows"))
            #expect(!table.contains("Bio Rex"))
            #expect(await finnkino.log.count > 0)
        }
    }

    @Test func withoutShowtimesEachFilmListsTheNearestCinemasAndTheRestAreToComeOrGone() async throws {
        try await withFakeServer(basePath: "/3", FakeTMDbService.handler) { tmdb in
            // Given the fake TMDb's five films on the watchlist
            let home = AppHome(AppHome.tmdb(tmdb))
            defer { home.remove() }
            let store = try home.openStore()
            let films = try home.filmServices(store)
            for film in FakeTMDbService.films { _ = try await films.add(id: film.id, to: .watchlist) }

            // When suggestions are made near Helsinki with no showtimes services
            let report = try await films.suggestReport(
                near: "Helsinki", search: Self.search, environment: home.environment)

            // Then exactly the two now playing are suggested
            #expect(Set(report.plan.inTheaters.map(\.film.tmdbID)) == [101, 102])
            // And the cinemas listed for them are the nearest, Kinopalatsi, Bio Rex and Kino Engel among them
            let names = report.routes.map(\.theater.name)
            #expect(["Kinopalatsi", "Bio Rex", "Kino Engel"].allSatisfy(names.contains))
            let distances = report.routes.map(\.straightLineMeters)
            #expect(distances == distances.sorted())
            #expect(report.showings?.source == nil)
            // And the two still to come follow, soonest first; the one that has left is not suggested
            #expect(report.plan.upcoming.map(\.film.tmdbID) == [104, 103])
            #expect(report.plan.leftTheaters.map(\.tmdbID) == [105])
            // And each film carries its overview
            #expect(report.overviews[101] == "The story of Northern Lights.")
            let table = report.table()
            #expect(table.contains("Coming to cinemas in FI"))
            #expect(table.contains("Left cinemas: Last Summer"))
        }
    }

    @Test func filmsMarkedWatchedAreLeftOutUnlessAskedForAndANoteSaysSo() async throws {
        try await withFakeServer(basePath: "/3", FakeTMDbService.handler) { tmdb in
            // Given Northern Lights, watched today, and Harbour Nights on the watchlist
            let home = AppHome(AppHome.tmdb(tmdb))
            defer { home.remove() }
            let store = try home.openStore()
            let films = try home.filmServices(store)
            for id in [101, 102] { _ = try await films.add(id: id, to: .watchlist) }
            try ListBook(store: store).markWatched(reference("101"), on: FakeTMDbService.day(0))

            // When suggestions are made, then made again keeping the watched films
            let plain = try await films.suggestReport(
                near: "Helsinki", search: Self.search, environment: home.environment)
            let all = try await films.suggestReport(
                near: "Helsinki", search: Self.search, includeWatched: true, environment: home.environment)

            // Then the watched film is left out, with a note, unless asked for
            #expect(plain.plan.inTheaters.map(\.film.tmdbID) == [102])
            #expect(plain.notes.contains("1 film you marked watched left out (--include-watched lists them)"))
            #expect(Set(all.plan.inTheaters.map(\.film.tmdbID)) == [101, 102])
            #expect(!all.notes.contains { $0.contains("marked watched") })
        }
    }

    @Test func theRegionNamesTMDbsListWhileShowtimesComeFromTheOriginsCountry() async throws {
        try await withFakeTMDbAndFinnkino(FakeFinnkinoService.tomorrow()) { tmdb, finnkino in
            let home = AppHome(AppHome.tmdb(tmdb, finnkino: finnkino))
            defer { home.remove() }
            let store = try home.openStore()
            let films = try home.filmServices(store, region: "SE")
            for id in [101, 102, 103] { _ = try await films.add(id: id, to: .watchlist) }

            // When suggestions near Helsinki ask for Sweden's list
            let report = try await films.suggestReport(
                near: Self.near, search: Self.search, showtimes: try home.showtimesServices(store),
                environment: home.environment)

            // Then TMDb's list is Sweden's, but the cinemas near Helsinki are Finnkino's
            #expect(report.region == "SE")
            #expect(report.showtimesCountry == "FI")
            #expect(report.showings?.source == "Finnkino")
            #expect(report.table().contains("Your watchlist in cinemas in SE"))
            let nowPlaying = await tmdb.log.requests.filter { $0.path == "/3/movie/now_playing" }
            #expect(!nowPlaying.isEmpty)
            #expect(nowPlaying.allSatisfy { $0.query["region"] == "SE" })
            #expect(await finnkino.log.count > 0)
        }
    }

    @Test func outsideFinnkinosCountryShowtimesAreUnknownAndTheNearestCinemasAreListed() async throws {
        try await withFakeTMDbAndFinnkino(FakeFinnkinoService.tomorrow()) { tmdb, finnkino in
            // Given a catalog of one cinema in Stockholm, where no provider configured here sells tickets
            let home = AppHome(AppHome.tmdb(tmdb, finnkino: finnkino))
            defer { home.remove() }
            let store = try home.openStore()
            let films = try home.filmServices(store, region: nil)
            for id in [101, 102, 103] { _ = try await films.add(id: id, to: .watchlist) }
            let catalog = home.folder.appendingPathComponent("stockholm.csv")
            try "name,lat,lon\nSkandia,59.3364,18.0640\n".write(to: catalog, atomically: true, encoding: .utf8)
            var search = Self.search
            search.catalog = catalog.path

            // When suggestions are made in Stockholm
            let report = try await films.suggestReport(
                near: "59.3293,18.0686", search: search, showtimes: try home.showtimesServices(store),
                environment: home.environment)

            // Then the region is Sweden, showtimes are unknown there, and the nearest cinema is listed
            #expect(report.region == "SE")
            #expect(report.showings?.source == nil)
            #expect(report.routes.map(\.theater.name) == ["Skandia"])
            let table = report.table()
            #expect(table.contains("showtimes are unknown in SE"))
            #expect(table.contains("Skandia"))
            // And Finnkino was never asked
            #expect(await finnkino.log.count == 0)
        }
    }

    @Test func aServerUsesAWeeksMatchedShowsAgainUntilItsOwnShowtimesStoreWrites() async throws {
        try await withFakeTMDbAndFinnkino(FakeFinnkinoService.tomorrow()) { tmdb, finnkino in
            // Given a server's caches, which keep a week of matched shows for an hour, and Northern Lights on the
            // watchlist
            let home = AppHome(AppHome.tmdb(tmdb, finnkino: finnkino), cache: DataCache(suggestWeekSeconds: 3600))
            defer { home.remove() }
            let storage = Storage.sqlite(try home.openStore())
            let films = try FilmServices.make(
                FilmRequest(region: "FI"), storage: storage, environment: home.environment)
            _ = try await films.add(id: 101, to: .watchlist)
            func cinemas() async throws -> [String] {
                let showtimes = try ShowtimesServices.make(
                    ShowtimesRequest(), storage: storage, environment: home.environment)
                let report = try await films.suggestReport(
                    near: Self.near, search: Self.search, showtimes: showtimes, environment: home.environment)
                return try #require(report.showings?.byFilm[101]).map(\.theater.name).sorted()
            }
            // (the first suggestion asks Finnkino and caches its answers: writes, so its week is kept under an old
            // count; the second is answered from the cache and keeps the week)
            #expect(try await cinemas() == ["Kinopalatsi"])
            #expect(try await cinemas() == ["Kinopalatsi"])
            let csv = "theater,title,start\nBio Rex,Northern Lights,\(FakeFinnkino.helsinkiDay(1))T21:00:00+02:00\n"
            let bioRex = try ShowImport.shows(from: Data(csv.utf8), fileName: "bio-rex.csv")

            // When another process imports a show of it at Bio Rex, the server answers from the week it matched
            try await Storage.sqlite(try home.openStore()).showtimes.saveImported(bioRex)
            #expect(try await cinemas() == ["Kinopalatsi"])

            // Then once its own showtimes store writes, the week is read and matched again, Bio Rex included
            try await storage.showtimes.saveImported(bioRex)
            #expect(try await cinemas() == ["Bio Rex", "Kinopalatsi"])
        }
    }
}
