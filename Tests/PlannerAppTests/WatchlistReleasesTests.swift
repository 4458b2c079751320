import Foundation
import Planner
import TestSupport
import Testing
import Watchlist

@testable import PlannerApp

/// ``WatchlistReleases/plannedFilms(services:region:includeWatched:)``, which `suggest`, `upcoming` and the
/// calendar feed call on every request: it stores what TMDb's details say only when the store says otherwise.
@Suite("The watchlist's releases: details are written only when they changed")
struct WatchlistReleasesTests {
    /// The database file and its WAL, byte for byte: any commit changes them.
    static func bytes(_ home: AppHome) -> Data {
        let file = (try? Data(contentsOf: URL(fileURLWithPath: home.databasePath))) ?? Data()
        let wal = (try? Data(contentsOf: URL(fileURLWithPath: home.databasePath + "-wal"))) ?? Data()
        return file + wal
    }

    @Test func askingAgainWithUnchangedDetailsWritesNothing() async throws {
        try await withFakeServer(basePath: "/3", FakeTMDbService.handler) { tmdb in
            // Given three films on the watchlist, their details and releases stored as TMDb gives them
            let home = AppHome(AppHome.tmdb(tmdb))
            defer { home.remove() }
            let store = try home.openStore()
            let services = try home.filmServices(store)
            for id in [101, 102, 103] { _ = try await services.add(id: id, to: .watchlist) }
            let first = try await WatchlistReleases.plannedFilms(services: services, region: "FI")
            let before = Self.bytes(home)

            // When the planned films are worked out again
            let again = try await WatchlistReleases.plannedFilms(services: services, region: "FI")

            // Then they are the same, and nothing was written to the database
            #expect(again.films == first.films)
            #expect(again.films.map(\.tmdbID).sorted() == [101, 102, 103])
            #expect(Self.bytes(home) == before)
        }
    }

    @Test func aStoredFilmThatNoLongerSaysWhatTMDbSaysIsWrittenAgain() async throws {
        try await withFakeServer(basePath: "/3", FakeTMDbService.handler) { tmdb in
            // Given Northern Lights on the watchlist, then stored under an older title with no releases
            let home = AppHome(AppHome.tmdb(tmdb))
            defer { home.remove() }
            let store = try home.openStore()
            let services = try home.filmServices(store)
            _ = try await services.add(id: 101, to: .watchlist)
            try store.upsertDetails(Film(id: 101, title: "Northern Lights (working title)", year: 2020), releases: [])

            // When the planned films are worked out
            let planned = try await WatchlistReleases.plannedFilms(services: services, region: "FI")

            // Then TMDb's title and its Finnish release are stored again
            #expect(planned.films.map(\.title) == ["Northern Lights"])
            #expect(try store.film(id: 101)?.title == "Northern Lights")
            #expect(try store.releases(filmID: 101) == [RegionalRelease(region: "FI", date: FakeTMDbService.day(-20))])
        }
    }

    @Test func releasesThatChangedAreWrittenAgainUnderAnUnchangedFilm() async throws {
        try await withFakeServer(basePath: "/3", FakeTMDbService.handler) { tmdb in
            // Given Winter Road on the watchlist, its film row as TMDb says but its releases gone
            let home = AppHome(AppHome.tmdb(tmdb))
            defer { home.remove() }
            let store = try home.openStore()
            let services = try home.filmServices(store)
            _ = try await services.add(id: 103, to: .watchlist)
            let stored = try #require(try store.film(id: 103))
            try store.upsertDetails(stored, releases: [])

            // When the planned films are worked out
            _ = try await WatchlistReleases.plannedFilms(services: services, region: "FI")

            // Then its Finnish release is stored again, and the film row is what it was
            #expect(try store.releases(filmID: 103) == [RegionalRelease(region: "FI", date: FakeTMDbService.day(40))])
            #expect(try store.film(id: 103) == stored)
        }
    }
}
