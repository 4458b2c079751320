import Foundation
import GRDB
import Testing

@testable import Watchlist

@Suite struct PlannerStoreListTests {
    let store: PlannerStore

    init() throws {
        store = try PlannerStore(inMemoryWithMigrations: [])
    }

    @Test func addingAFilmTwiceChangesNothing() throws {
        #expect(try store.add(Fixtures.matrix, to: .watchlist, note: "first", priority: 2) == .added)
        let before = try store.list(.watchlist)

        let again = try store.add(
            Film(id: 603, title: "Changed"), to: .watchlist, note: "second", priority: 9, addedAt: Date())

        #expect(again == .alreadyPresent)
        #expect(try store.list(.watchlist) == before)
        #expect(try store.film(id: 603)?.title == "The Matrix")
    }

    @Test func aFilmCanBeOnTheWatchlistAndTheFavoritesAtOnce() throws {
        try store.add(Fixtures.matrix, to: .watchlist)
        #expect(try store.add(Fixtures.matrix, to: .favorites) == .added)

        #expect(try store.contains(filmID: 603, in: .watchlist))
        #expect(try store.contains(filmID: 603, in: .favorites))
        let stats = try store.stats()
        #expect((stats.watchlist, stats.favorites) == (1, 1))
    }

    @Test func removingAFilmLeavesTheOtherListAndTheFilm() throws {
        try store.add(Fixtures.matrix, to: .watchlist)
        try store.add(Fixtures.matrix, to: .favorites)

        #expect(try store.remove(filmID: 603, from: .watchlist))
        #expect(try !store.remove(filmID: 603, from: .watchlist))

        #expect(try !store.contains(filmID: 603, in: .watchlist))
        #expect(try store.contains(filmID: 603, in: .favorites))
        #expect(try store.film(id: 603) != nil)
    }

    @Test func clearingAListEmptiesOnlyThatList() throws {
        for film in [Fixtures.matrix, Fixtures.dune, Fixtures.alien] { try store.add(film, to: .watchlist) }
        try store.add(Fixtures.alien, to: .favorites)

        #expect(try store.clear(.watchlist) == ClearedEntries(films: 3, series: 0))

        #expect(try store.list(.watchlist).isEmpty)
        #expect(try store.list(.favorites).map(\.film.id) == [348])
    }

    @Test func clearingAListRemovesItsSeriesTooAndLeavesTheOtherListsSeries() throws {
        try store.add(Fixtures.matrix, to: .watchlist)
        try store.add(Series(id: 1003, name: "Severance"), to: .watchlist)
        try store.add(Series(id: 1004, name: "Slow Horses"), to: .favorites)

        #expect(try store.clear(.watchlist) == ClearedEntries(films: 1, series: 1))

        #expect(try store.list(.watchlist).isEmpty)
        #expect(try store.series(on: .watchlist).isEmpty)
        #expect(try store.series(on: .favorites).map(\.series.id) == [1004])
    }

    @Test(arguments: [
        (ListQuery.Sort.added, [348, 693134, 603]),
        (.release, [348, 603, 693134]),
        (.title, [348, 693134, 603]),
        (.rating, [693134, 603, 348]),
    ])
    func listsSortAsAsked(sort: ListQuery.Sort, expectedIDs: [Int]) throws {
        // Given three films added a day apart, two of them rated
        try store.add(Fixtures.matrix, to: .watchlist, addedAt: Fixtures.date("2024-01-01T10:00:00Z"))
        try store.add(Fixtures.dune, to: .watchlist, addedAt: Fixtures.date("2024-01-02T10:00:00Z"))
        try store.add(Fixtures.alien, to: .watchlist, addedAt: Fixtures.date("2024-01-03T10:00:00Z"))
        try store.rate(filmID: 603, stars: 3.5)
        try store.rate(filmID: 693134, stars: 4.5)

        // When listed, then the order follows the sort
        #expect(try store.list(.watchlist, query: ListQuery(sort: sort)).map(\.film.id) == expectedIDs)
    }

    @Test func upcomingAndReleasedSplitOnToday() throws {
        for film in [Fixtures.matrix, Fixtures.future, Film.placeholder(id: 1, title: "No date")] {
            try store.add(film, to: .watchlist)
        }

        let upcoming = try store.list(.watchlist, query: ListQuery(filter: .upcoming, today: "2026-11-22"))
        let released = try store.list(.watchlist, query: ListQuery(filter: .released, today: "2026-11-22"))

        #expect(upcoming.map(\.film.id) == [999_001])
        #expect(released.map(\.film.id) == [603])
        #expect(throws: WatchlistError.invalidDay("tomorrow")) {
            try store.list(.watchlist, query: ListQuery(filter: .upcoming, today: "tomorrow"))
        }
    }

    @Test func aRegionalReleaseDateReplacesThePrimaryOneForThatRegion() throws {
        try store.add(Fixtures.dune, to: .watchlist)
        try store.upsertDetails(
            Fixtures.dune,
            releases: [RegionalRelease(region: "fi", date: "2024-02-28"), .init(region: "US", date: "2024-03-01")])

        #expect(try store.releaseDate(filmID: 693134, region: "FI") == "2024-02-28")
        #expect(try store.releaseDate(filmID: 693134, region: "SE") == nil)
        let inFinland = try store.list(
            .watchlist, query: ListQuery(filter: .upcoming, today: "2024-02-27", region: "FI"))
        #expect(inFinland.map(\.releaseDate) == ["2024-02-28"])
        #expect(try store.list(.watchlist, query: ListQuery(filter: .upcoming, today: "2024-02-27")).isEmpty)
    }

    @Test func aPlaceholderAddedOfflineGetsItsDetailsLater() throws {
        // Given a film added offline with only its id and title
        try store.add(Film.placeholder(id: 603, title: "The Matrix"), to: .watchlist, note: "from a friend")
        #expect(try store.filmsNeedingDetails().map(\.id) == [603])

        // When sync fills its details
        var details = Fixtures.matrix
        details.year = nil
        try store.upsertDetails(details, releases: [RegionalRelease(region: "FI", date: "1999-06-18")])

        // Then the film is complete and the entry kept
        let film = try #require(try store.film(id: 603))
        #expect(!film.needsDetails)
        #expect(film.year == 1999)
        #expect(film.posterPath == Fixtures.matrix.posterPath)
        #expect(try store.filmsNeedingDetails().isEmpty)
        #expect(try store.list(.watchlist).first?.note == "from a friend")
    }

    @Test func addingADetailedFilmFillsAStoredPlaceholderButNeverTheOtherWayRound() throws {
        try store.add(Film.placeholder(id: 603, title: "Matrix?"), to: .watchlist)
        try store.add(Fixtures.matrix, to: .favorites)
        #expect(try store.film(id: 603) == Fixtures.matrix)

        try store.add(Film.placeholder(id: 603, title: "Matrix?"), to: .watchlist)
        #expect(try store.film(id: 603) == Fixtures.matrix)
    }

    @Test func aTitleThatLooksLikeSQLIsJustATitle() throws {
        let title = "Robert'); DROP TABLE film;--"
        let evil = Film(id: 1, title: title, overview: "\"; DELETE FROM listEntry; --")

        try store.add(evil, to: .watchlist)
        try store.add(Fixtures.matrix, to: .watchlist)
        try store.review(filmID: 1, text: "'); DROP TABLE filmDiary;--")

        #expect(try store.film(id: 1)?.title == title)
        #expect(try store.films(titled: "'); DROP").map(\.id) == [1])
        #expect(try store.films(titled: "%").isEmpty)
        #expect(try store.list(.watchlist, query: ListQuery(sort: .title)).map(\.film.title) == [title, "The Matrix"])
        #expect(try store.diary(filmID: 1).review == "'); DROP TABLE filmDiary;--")
        let tables = try store.writer.read { try String.fetchAll($0, sql: "SELECT name FROM sqlite_master") }
        #expect(tables.contains("film") && tables.contains("filmDiary") && tables.contains("listEntry"))
    }

    @Test func aMalformedReleaseDateIsRefused() throws {
        #expect(throws: WatchlistError.invalidDay("2024-02-30")) {
            try store.add(Film(id: 5, title: "Bad", releaseDate: "2024-02-30"), to: .watchlist)
        }
        #expect(try store.film(id: 5) == nil)
    }

    @Test func addedAtIsKeptToWholeSeconds() throws {
        try store.add(Fixtures.matrix, to: .watchlist, addedAt: Date(timeIntervalSince1970: 1_700_000_000.987))
        #expect(try store.list(.watchlist).first?.addedAt == Date(timeIntervalSince1970: 1_700_000_000))
    }
}
