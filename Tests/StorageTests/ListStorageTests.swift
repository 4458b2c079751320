import Foundation
import Testing
import TestSupport
import Watchlist

/// The storage interface's promises, checked the same way on SQLite and on PostgreSQL.
@Suite("the list storage, on SQLite and on PostgreSQL", .offThePool)
struct ListStorageTests {
    static let fightClub = Film(id: 550, title: "Fight Club", originalTitle: "Fight Club", year: 1999, releaseDate: "1999-10-15")
    static let northernLights = Film(id: 101, title: "Northern Lights", year: 2026, releaseDate: "2026-12-01")
    static let harbour = Film(id: 102, title: "harbour Nights", year: 2025, releaseDate: "2025-05-01")

    @Test(.enabled(if: ThrowawayPostgres.isAvailable, Comment(rawValue: ThrowawayPostgres.skipMessage)))
    func aThrowawayPostgreSQLRunsForTheTests() throws {
        #expect(try ThrowawayPostgres.newDatabase().hasPrefix("postgres://planner@127.0.0.1:"))
    }

    @Test(arguments: Backend.available)
    func addingAFilmTwiceKeepsOneEntryAndSaysItWasThere(_ backend: Backend) throws {
        let store = try backend.freshStore()
        #expect(try store.add(Self.fightClub, to: .watchlist, note: "again", priority: 2) == .added)
        #expect(try store.add(Self.fightClub, to: .watchlist) == .alreadyPresent)
        let items = try store.list(.watchlist)
        #expect(items.map(\.film.id) == [550])
        #expect(items.first?.note == "again")
        #expect(items.first?.priority == 2)
        #expect(try store.contains(filmID: 550, in: .watchlist))
        #expect(try !store.contains(filmID: 550, in: .favorites))
        #expect(try store.remove(filmID: 550, from: .watchlist))
        #expect(try !store.remove(filmID: 550, from: .watchlist))
        #expect(try store.film(id: 550) == Self.fightClub)
    }

    @Test(arguments: Backend.available)
    func eachUserSeesOnlyTheirOwnListsAndDiary(_ backend: Backend) throws {
        let store = try backend.freshStore()
        let alice = try store.addUser(name: "alice", tokenSHA256: "a1", feedKeySHA256: "a2")
        let bob = try store.addUser(name: "bob", tokenSHA256: "b1", feedKeySHA256: "b2")
        try store.storage(for: alice.id).add(Self.fightClub, to: .watchlist)
        try store.storage(for: alice.id).rate(filmID: 550, stars: 4.5)
        try store.storage(for: bob.id).add(Self.harbour, to: .favorites)
        #expect(try store.storage(for: alice.id).list(.watchlist).map(\.film.id) == [550])
        #expect(try store.storage(for: bob.id).list(.watchlist).isEmpty)
        #expect(try store.storage(for: bob.id).diary(filmID: 550) == Diary())
        #expect(try store.storage(for: alice.id).diary(filmID: 550).rating == 4.5)
        #expect(try store.list(.favorites).isEmpty)
        #expect(try store.storage(for: bob.id).clear(.favorites) == ClearedEntries(films: 1, series: 0))
    }

    @Test(arguments: Backend.available)
    func listsSortAndFilterByTheRegionsReleaseDay(_ backend: Backend) throws {
        let store = try backend.freshStore()
        try store.upsertDetails(Self.northernLights, releases: [RegionalRelease(region: "FI", date: "2026-11-20")])
        try store.upsertDetails(Self.harbour, releases: [])
        try store.upsertDetails(Self.fightClub, releases: [])
        for film in [Self.northernLights, Self.harbour, Self.fightClub] { try store.add(film, to: .watchlist) }
        try store.rate(filmID: 102, stars: 3)
        try store.rate(filmID: 550, stars: 5)

        let byTitle = try store.list(.watchlist, query: ListQuery(sort: .title)).map(\.film.id)
        #expect(byTitle == [550, 102, 101])  // case ignored: "harbour Nights" before "Northern Lights"
        let byRating = try store.list(.watchlist, query: ListQuery(sort: .rating)).map(\.film.id)
        #expect(byRating == [550, 102, 101])  // unrated last
        let inFinland = ListQuery(sort: .release, filter: .upcoming, today: "2026-11-25", region: "FI")
        #expect(try store.list(.watchlist, query: inFinland).isEmpty)  // FI's release (Nov 20) has passed
        let elsewhere = ListQuery(sort: .release, filter: .upcoming, today: "2026-11-25", region: "GB")
        let upcoming = try store.list(.watchlist, query: elsewhere)
        #expect(upcoming.map(\.film.id) == [101])
        #expect(upcoming.first?.releaseDate == "2026-12-01")
        let released = ListQuery(sort: .release, filter: .released, today: "2026-11-25", region: "FI")
        #expect(try store.list(.watchlist, query: released).map(\.film.id) == [550, 102, 101])
        #expect(try store.releaseDate(filmID: 101, region: "fi") == "2026-11-20")
        #expect(try store.releases(filmID: 101) == [RegionalRelease(region: "FI", date: "2026-11-20")])
    }

    @Test(arguments: Backend.available)
    func theDiaryKeepsRatingsReviewsAndWatchedDaysAndRefusesBadOnes(_ backend: Backend) throws {
        let store = try backend.freshStore()
        try store.add(Self.fightClub, to: .watchlist)
        try store.rate(filmID: 550, stars: 4.5)
        try store.review(filmID: 550, text: "Still holds up.")
        try store.markWatched(filmID: 550, on: "2026-11-01")
        #expect(try store.diary(filmID: 550) == Diary(rating: 4.5, review: "Still holds up.", watchedOn: "2026-11-01"))
        #expect(throws: WatchlistError.invalidRating(4.3)) { try store.rate(filmID: 550, stars: 4.3) }
        #expect(throws: WatchlistError.invalidDay("2026-13-01")) { try store.markWatched(filmID: 550, on: "2026-13-01") }
        #expect(throws: WatchlistError.filmNotFound(id: 999)) { try store.rate(filmID: 999, stars: 3) }
        try store.rate(filmID: 550, stars: nil)
        try store.review(filmID: 550, text: "")
        try store.markWatched(filmID: 550, on: nil)
        #expect(try store.diary(filmID: 550) == Diary())
        #expect(try store.stats().rated == 0)
    }

    @Test(arguments: Backend.available)
    func statsCountBothListsWatchedAndRatedFilms(_ backend: Backend) throws {
        let store = try backend.freshStore()
        for film in [Self.fightClub, Self.harbour, Self.northernLights] { try store.add(film, to: .watchlist) }
        try store.add(Self.fightClub, to: .favorites)
        try store.rate(filmID: 550, stars: 4.5)
        try store.rate(filmID: 102, stars: 4.5)
        try store.rate(filmID: 101, stars: 2)
        try store.markWatched(filmID: 550, on: "2026-11-01")
        let stats = try store.stats()
        #expect(stats.watchlist == 3)
        #expect(stats.favorites == 1)
        #expect(stats.watched == 1)
        #expect(stats.rated == 3)
        #expect(stats.ratingHistogram.first { $0.stars == 4.5 }?.count == 2)
    }

    @Test(arguments: Backend.available)
    func titleSearchIgnoresCaseAndTakesPercentLiterally(_ backend: Backend) throws {
        let store = try backend.freshStore()
        try store.upsertDetails(Self.fightClub, releases: [])
        try store.upsertDetails(Film(id: 7, title: "100% Wolf", year: 2020), releases: [])
        try store.add(Film.placeholder(id: 8, title: "Later"), to: .watchlist)
        #expect(try store.films(titled: "fight").map(\.id) == [550])
        #expect(try store.films(titled: "0%").map(\.id) == [7])
        #expect(try store.films(titled: "%").map(\.id) == [7])
        #expect(try store.filmsNeedingDetails().map(\.id) == [8])
        try store.upsertDetails(Film(id: 8, title: "Later", releaseDate: "2027-01-01"), releases: [])
        #expect(try store.filmsNeedingDetails().isEmpty)
        #expect(try store.film(id: 8)?.year == 2027)
    }

    @Test(arguments: Backend.available)
    func seriesAreKeptApartFromFilms(_ backend: Backend) throws {
        let store = try backend.freshStore()
        let series = Series(
            id: 1396, name: "Breaking Bad", firstAirDate: "2008-01-20", status: "Returning Series",
            nextEpisode: Series.Episode(season: 6, number: 1, name: "Felina II", airDate: "2026-12-05"))
        #expect(try store.add(series, to: .watchlist, note: "finish it", priority: 0) == .added)
        #expect(try store.add(series, to: .watchlist) == .alreadyPresent)
        #expect(try store.series(on: .watchlist).map(\.series) == [series])
        #expect(try store.series(on: .watchlist).first?.note == "finish it")
        #expect(try store.list(.watchlist).isEmpty)
        #expect(try store.series(id: 1396) == series)
        #expect(try store.remove(seriesID: 1396, from: .watchlist))
        #expect(try store.series(on: .watchlist).isEmpty)
    }

    @Test(arguments: Backend.available)
    func clearingAListTakesItsFilmsAndItsSeries(_ backend: Backend) throws {
        let store = try backend.freshStore()
        try store.add(Film(id: 5, title: "Five"), to: .watchlist)
        try store.add(Series(id: 1003, name: "Three"), to: .watchlist)
        try store.add(Series(id: 1004, name: "Four"), to: .favorites)
        #expect(try store.clear(.watchlist) == ClearedEntries(films: 1, series: 1))
        #expect(try store.list(.watchlist).isEmpty)
        #expect(try store.series(on: .watchlist).isEmpty)
        #expect(try store.series(on: .favorites).map(\.series.id) == [1004])
    }

    @Test(arguments: Backend.available)
    func usersAreFoundByTheirHashesRotatedAndRemoved(_ backend: Backend) throws {
        let store = try backend.freshStore()
        let alice = try store.addUser(name: "alice", tokenSHA256: "t1", feedKeySHA256: "f1")
        #expect(throws: WatchlistError.userExists("alice")) {
            try store.addUser(name: "alice", tokenSHA256: "t2", feedKeySHA256: "f2")
        }
        #expect(try store.user(tokenSHA256: "t1")?.id == alice.id)
        #expect(try store.user(feedKeySHA256: "f1")?.name == "alice")
        try store.rotateUser(name: "alice", tokenSHA256: "t3", feedKeySHA256: nil)
        #expect(try store.user(tokenSHA256: "t1") == nil)
        #expect(try store.user(tokenSHA256: "t3")?.feedKeySHA256 == "f1")
        #expect(try store.users().map(\.name) == ["local", "alice"])
        #expect(throws: WatchlistError.userNotFound("local")) { try store.removeUser(name: "local") }
        try store.storage(for: alice.id).add(Self.fightClub, to: .watchlist)
        try store.removeUser(name: "alice")
        #expect(try store.users().map(\.name) == ["local"])
        #expect(try store.storage(for: alice.id).list(.watchlist).isEmpty)
        #expect(throws: WatchlistError.userNotFound("alice")) { try store.rotateUser(name: "alice", tokenSHA256: "x", feedKeySHA256: nil) }
    }

    @Test(arguments: Backend.available)
    func aSnapshotMergedIntoAnotherStoreGivesTheSameSnapshotAndAgainAddsNothing(_ backend: Backend) throws {
        let source = try backend.freshStore()
        try source.upsertDetails(Self.northernLights, releases: [RegionalRelease(region: "FI", date: "2026-11-20")])
        try source.add(Self.northernLights, to: .watchlist, note: "with Anna", priority: 1)
        try source.add(Self.fightClub, to: .favorites)
        try source.review(filmID: 550, text: "Still holds up.")
        try source.add(Series(id: 1396, name: "Breaking Bad"), to: .favorites)
        let snapshot = try source.snapshot()

        // Across back ends too: from this one into each.
        for other in Backend.available {
            let target = try other.freshStore()
            let report = try target.merge(snapshot)
            #expect(report.added == 3)
            #expect(try target.snapshot() == snapshot)
            let again = try target.merge(snapshot)
            #expect(again.added == 0)
            #expect(again.alreadyPresent == 3)
            #expect(try target.snapshot() == snapshot)
        }
    }

    @Test(arguments: Backend.available)
    func eightWritersAddingAtOnceLoseNothing(_ backend: Backend) async throws {
        let store = try backend.freshStore()
        try await withThrowingTaskGroup(of: Void.self) { group in
            for writer in 0..<8 {
                group.addTask {
                    try await onOwnThread {
                        for i in 0..<50 {
                            let film = Film(id: 10_000 + writer * 100 + i, title: "Film \(writer)-\(i)")
                            try store.add(film, to: .watchlist)
                            try store.add(Self.fightClub, to: .watchlist)  // the same film from every writer
                        }
                    }
                }
            }
            try await group.waitForAll()
        }
        #expect(try store.list(.watchlist).count == 401)
    }
}
