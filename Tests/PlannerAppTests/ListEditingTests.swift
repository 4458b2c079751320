import Foundation
import NowPlaying
import TestSupport
import Testing

import struct Watchlist.Diary
import struct Watchlist.StoreSnapshot
import enum Watchlist.WatchlistError

@testable import PlannerApp

/// The list use cases both faces call (`watchlist …`, `favorites …`, `stats`, and `/v1/me/watchlist`), in process:
/// a ``ListBook`` over a SQLite file in a temporary folder, and ``FilmServices`` adding films from a fake TMDb on
/// loopback. The same scenarios as WatchlistCommandsTests, SeriesOnListsTests and PlannerJoinTests, which run the
/// `planner` executable.
@Suite("Lists edited in process: ListBook over a SQLite file, FilmServices.add against a fake TMDb on loopback")
struct ListEditingTests {
    /// A fake film's year, as its release date gives it.
    static func year(_ id: Int) -> Int { FakeFinnkinoService.year(id) }

    // MARK: Adding

    @Test func aFilmAddedByIdOrByTheOneTitleThatMatchesIsStoredWithItsDetails() async throws {
        try await withFakeServer(basePath: "/3", FakeTMDbService.handler) { tmdb in
            // Given an empty watchlist and a TMDb that knows five films
            let home = AppHome(AppHome.tmdb(tmdb))
            defer { home.remove() }
            let store = try home.openStore()
            let book = ListBook(store: store)
            let services = try home.filmServices(store)

            // When one film is added by id and another by its title
            let byID = try await services.add(reference("101"), year: nil, to: .watchlist)
            let byTitle = try await services.add(reference("Winter Road"), year: nil, to: .watchlist)

            // Then both are added, named with their years
            #expect(byID.result == .added)
            #expect(byID.name == "Northern Lights (\(Self.year(101)))")
            #expect(byTitle.result == .added)
            #expect(byTitle.film.id == 103)
            #expect(byTitle.name == "Winter Road (\(Self.year(103)))")
            // And the list holds them with TMDb's overview and the Finnish release day
            let films = try book.films(on: .watchlist)
            #expect(Set(films.map(\.film.id)) == [101, 103])
            #expect(films.first { $0.film.id == 101 }?.film.overview == "The story of Northern Lights.")
            #expect(try store.releaseDate(filmID: 103, region: "FI") == FakeTMDbService.day(40))
            // And adding one again changes nothing
            let again = try await services.add(reference("103"), year: nil, to: .watchlist)
            #expect(again.result == .alreadyPresent)
            #expect(try book.films(on: .watchlist).count == 2)
            // And every request carried the token and the region
            let requests = await tmdb.log.requests
            #expect(!requests.isEmpty)
            #expect(requests.allSatisfy { $0.header("Authorization") == "Bearer \(FakeTMDbService.token)" })
            #expect(requests.allSatisfy { $0.query["region"] == "FI" })
            #expect(requests.contains { $0.path == "/3/search/movie" && $0.query["query"] == "Winter Road" })
        }
    }

    @Test func aTitleSeveralFilmsAnswerToListsThemByIdAndAddsNothing() async throws {
        try await withFakeServer(basePath: "/3", FakeTMDbService.handler) { tmdb in
            let home = AppHome(AppHome.tmdb(tmdb))
            defer { home.remove() }
            let store = try home.openStore()
            let services = try home.filmServices(store)

            // When "night" is added, which two films' titles hold
            let error = await thrownAsync { try await services.add(reference("night"), year: nil, to: .watchlist) }

            // Then the error lists both by id, and nothing was added
            let ambiguous = try #require(error as? AmbiguousTitle)
            #expect(ambiguous.matches.map(\.id) == [101, 102])
            let lines = ambiguous.description.split(separator: "\n").map(String.init)
            #expect(lines.first == "'night' matches 2 films; nothing was added. Add one by id:")
            #expect(
                Array(lines.dropFirst()) == [
                    "  101  Northern Lights (\(Self.year(101)))", "  102  Harbour Nights (\(Self.year(102)))",
                ])
            #expect(try ListBook(store: store).films(on: .watchlist).isEmpty)
        }
    }

    @Test func aTitleTMDbDoesNotKnowIsNotFoundAndAddsNothing() async throws {
        try await withFakeServer(basePath: "/3", FakeTMDbService.handler) { tmdb in
            let home = AppHome(AppHome.tmdb(tmdb))
            defer { home.remove() }
            let store = try home.openStore()
            let services = try home.filmServices(store)

            // When a title no film has is added, with and without a year
            let plain = await thrownAsync {
                try await services.add(reference("No Such Film"), year: nil, to: .watchlist)
            }
            let dated = await thrownAsync {
                try await services.add(reference("No Such Film"), year: 1999, to: .favorites)
            }

            // Then each is a not-found error that names it, and both lists stay empty
            #expect(UseCaseError.notFound(plain) == "TMDb knows no film called 'No Such Film'")
            #expect(UseCaseError.notFound(dated) == "TMDb knows no film called 'No Such Film' from 1999")
            let book = ListBook(store: store)
            #expect(try book.films(on: .watchlist).isEmpty)
            #expect(try book.films(on: .favorites).isEmpty)
        }
    }

    // MARK: The diary

    @Test func ratingReviewingAndMarkingWatchedByNameOrIdFillTheDiary() async throws {
        try await withFakeServer(basePath: "/3", FakeTMDbService.handler) { tmdb in
            // Given Northern Lights and Winter Road on the watchlist
            let home = AppHome(AppHome.tmdb(tmdb))
            defer { home.remove() }
            let store = try home.openStore()
            let book = ListBook(store: store)
            let services = try home.filmServices(store)
            for id in [101, 103] { _ = try await services.add(id: id, to: .watchlist) }

            // When Winter Road is rated and reviewed by name (in any case) and marked seen by id
            let rated = try book.rate(reference("winter road"), stars: 4.5)
            let reviewed = try book.review(reference("Winter Road"), text: "Cold and bright.")
            let watched = try book.markWatched(reference("103"), on: "2026-11-01")

            // Then each use case names the film it changed
            let ids: [Int] = [rated.id, reviewed.id, watched.id]
            #expect(ids == [103, 103, 103])
            #expect(rated.title == "Winter Road")
            // And the list's JSON rows carry the diary, Northern Lights' none
            let rows = Dictionary(uniqueKeysWithValues: try book.listJSON(.watchlist).map { ($0.id, $0) })
            #expect(rows[103]?.rating == 4.5)
            #expect(rows[103]?.review == "Cold and bright.")
            #expect(rows[103]?.watched_on == "2026-11-01")
            #expect(rows[103]?.release_date == FakeTMDbService.day(40))
            #expect(rows[101]?.rating == nil)
            #expect(rows[101]?.watched_on == nil)

            // And a rating off the half-star scale, or a day that is not one, changes nothing
            #expect(throws: WatchlistError.invalidRating(4.2)) { try book.rate(reference("103"), stars: 4.2) }
            #expect(throws: WatchlistError.invalidDay("2026-02-30")) {
                try book.markWatched(reference("Winter Road"), on: "2026-02-30")
            }
            #expect(
                try store.diary(filmID: 103) == Diary(rating: 4.5, review: "Cold and bright.", watchedOn: "2026-11-01"))

            // And no rating removes the rating alone
            try book.rate(reference("Winter Road"), stars: nil)
            #expect(
                try store.diary(filmID: 103) == Diary(rating: nil, review: "Cold and bright.", watchedOn: "2026-11-01"))
        }
    }

    @Test func aNameThatMatchesSeveralFilmsOrNoneIsRefusedAndNothingChanges() throws {
        // Given two films called Solaris and Stalker, added without a lookup
        let home = AppHome()
        defer { home.remove() }
        let book = ListBook(store: try home.openStore())
        _ = try book.addWithoutLookup(id: 201, title: "Solaris", year: 1972, to: .watchlist, note: nil, priority: 0)
        _ = try book.addWithoutLookup(id: 202, title: "Solaris", year: 2002, to: .watchlist, note: nil, priority: 0)
        _ = try book.addWithoutLookup(id: 203, title: "Stalker", year: 1979, to: .watchlist, note: nil, priority: 0)

        // When each is named in a way that is not one stored film
        let ambiguous = thrown { try book.rate(reference("Solaris"), stars: 4) }
        let unknown = thrown { try book.review(reference("Mirror"), text: "Wind in the grass.") }
        let notOnFavorites = thrown { try book.remove(reference("Stalker"), from: .favorites) }
        let notStored = thrown { try book.markWatched(reference("999"), on: "2026-11-01") }

        // Then each says why, in the words both faces show
        #expect(
            UseCaseError.invalidOption(ambiguous)
                == "'Solaris' matches 2 films stored: Solaris (1972, id 201); Solaris (2002, id 202); use the id")
        #expect(
            UseCaseError.invalidOption(unknown)
                == "no film stored is called 'Mirror'; 'planner watchlist list' shows them")
        #expect(
            UseCaseError.invalidOption(notOnFavorites)
                == "no film on your favorites list is called 'Stalker'; 'planner favorites list' shows them")
        #expect(
            UseCaseError.invalidOption(notStored)
                == "film 999 is not in the store; add it with 'planner watchlist add 999'")
        // And nothing was rated, reviewed or marked
        let stats = try book.stats()
        #expect(stats.rated == 0)
        #expect(stats.watched == 0)
        #expect(try book.films(on: .watchlist).allSatisfy { $0.diary.isEmpty })

        // And the id picks one Solaris
        #expect(try book.rate(reference("202"), stars: 4).year == 2002)
        #expect(try book.store.diary(filmID: 202).rating == 4)
        #expect(try book.store.diary(filmID: 201).rating == nil)
    }

    @Test func removingByNameTakesTheFilmOffThatListAlone() throws {
        // Given Stalker on both lists
        let home = AppHome()
        defer { home.remove() }
        let book = ListBook(store: try home.openStore())
        for list in FilmList.allCases {
            _ = try book.addWithoutLookup(id: 203, title: "Stalker", year: 1979, to: list, note: nil, priority: 0)
        }

        // When it is removed from the watchlist by name
        let removed = try book.remove(reference("stalker"), from: .watchlist)

        // Then it was there, and the favorites keep it
        #expect(removed.film.id == 203)
        #expect(removed.removed)
        #expect(try book.films(on: .watchlist).isEmpty)
        #expect(try book.films(on: .favorites).map(\.film.id) == [203])
        // And removing it again by id says it was not there; by name, that no film on the list is called so
        #expect(try book.remove(reference("203"), from: .watchlist).removed == false)
        #expect(
            UseCaseError.invalidOption(thrown { try book.remove(reference("Stalker"), from: .watchlist) })
                == "no film on your watchlist is called 'Stalker'; 'planner watchlist list' shows them")
    }

    // MARK: Series

    @Test func aSeriesIsAddedFromTMDbAndRemovedByItsNameLeavingTheFilm() async throws {
        try await withFakeServer(basePath: "/3", FakeTMDbService.handler) { tmdb in
            // Given a film and a series on the watchlist (TMDb's 1396 is a series; the fake has no film 1396)
            let home = AppHome(AppHome.tmdb(tmdb))
            defer { home.remove() }
            let store = try home.openStore()
            let book = ListBook(store: store)
            let services = try home.filmServices(store)
            _ = try await services.add(id: 101, to: .watchlist)
            let added = try await services.addSeries(reference("1396"), to: .watchlist)
            #expect(added.result == .added)
            #expect(added.name == "Breaking Bad (2008)")
            #expect(try await services.addSeries(reference("1396"), to: .watchlist).result == .alreadyPresent)
            // (with its next episode, ten days away)
            let stored = try #require(try book.series(on: .watchlist).first?.series)
            #expect(
                stored.nextEpisode
                    == Series.Episode(season: 6, number: 1, name: "Felina II", airDate: FakeTMDbService.day(10)))

            // When the series is removed by its name, in lower case
            let removed = try book.removeSeries(reference("breaking bad"), from: .watchlist)

            // Then it is gone and the film stays
            #expect(removed.series.id == 1396)
            #expect(removed.removed)
            #expect(try book.series(on: .watchlist).isEmpty)
            #expect(try book.films(on: .watchlist).map(\.film.id) == [101])
            // And a film's id is no series
            let film = await thrownAsync { try await services.addSeries(reference("101"), to: .watchlist) }
            #expect(UseCaseError.notFound(film) == "no series with id 101 on TMDb (is it a film? leave out --tv)")
            #expect(try book.series(on: .watchlist).isEmpty)
        }
    }

    @Test func aSeriesNameOnTwoSeriesOrOnNoneIsRefusedAndTheIdRemovesOne() throws {
        // Given two series called Breaking Bad on the watchlist
        let home = AppHome()
        defer { home.remove() }
        let book = ListBook(store: try home.openStore())
        try book.store.add(Series(id: 1396, name: "Breaking Bad", firstAirDate: "2008-01-20"), to: .watchlist)
        try book.store.add(Series(id: 9001, name: "Breaking Bad", firstAirDate: "2030-01-01"), to: .watchlist)

        // When they are named by a name two have, by one none has, and by an id not on the list
        let both = thrown { try book.removeSeries(reference("Breaking Bad"), from: .watchlist) }
        let none = thrown { try book.removeSeries(reference("The Wire"), from: .watchlist) }
        let noID = thrown { try book.removeSeries(reference("4242"), from: .watchlist) }

        // Then the first is a choice to make, the others are not found
        #expect(
            UseCaseError.invalidOption(both) == "2 series on your watchlist are called 'Breaking Bad'; remove one by id"
        )
        #expect(UseCaseError.notFound(none) == "no series called 'The Wire' is on your watchlist")
        #expect(UseCaseError.notFound(noID) == "no series with id 4242 is on your watchlist")
        #expect(try book.series(on: .watchlist).count == 2)
        // And the id removes the one it names
        let removed = try book.removeSeries(reference("9001"), from: .watchlist)
        #expect(removed.series.id == 9001 && removed.removed)
        #expect(try book.series(on: .watchlist).map(\.series.id) == [1396])
    }

    // MARK: Clear, stats, export

    @Test func clearingEmptiesOneListOfItsFilmsAndSeriesAndLeavesTheOther() throws {
        // Given two films and a series on the watchlist, and a film on the favorites
        let home = AppHome()
        defer { home.remove() }
        let book = ListBook(store: try home.openStore())
        _ = try book.addWithoutLookup(id: 11, title: "Film 11", year: nil, to: .watchlist, note: nil, priority: 0)
        _ = try book.addWithoutLookup(id: 12, title: "Film 12", year: nil, to: .watchlist, note: nil, priority: 0)
        _ = try book.addWithoutLookup(id: 12, title: "Film 12", year: nil, to: .favorites, note: nil, priority: 0)
        try book.store.add(Series(id: 1396, name: "Breaking Bad"), to: .watchlist)

        // When the watchlist is cleared
        let cleared = try book.clear(.watchlist)

        // Then its two films and its series went, and the favorites are as they were
        #expect(cleared == ClearedEntries(films: 2, series: 1))
        #expect(try book.films(on: .watchlist).isEmpty)
        #expect(try book.series(on: .watchlist).isEmpty)
        #expect(try book.films(on: .favorites).map(\.film.id) == [12])
        // And clearing it again removes nothing
        #expect(try book.clear(.watchlist) == ClearedEntries(films: 0, series: 0))
    }

    @Test func statsCountTheListsTheWatchedFilmsAndTheRatings() throws {
        // Given four films rated 4.5, 4.5, 3 and 0.5, the first watched and a favorite
        let home = AppHome()
        defer { home.remove() }
        let book = ListBook(store: try home.openStore())
        for (id, stars) in [(11, 4.5), (12, 4.5), (13, 3.0), (14, 0.5)] {
            _ = try book.addWithoutLookup(
                id: id, title: "Film \(id)", year: nil, to: .watchlist, note: nil, priority: 0)
            try book.rate(reference("\(id)"), stars: stars)
        }
        try book.markWatched(reference("11"), on: "2026-11-01")
        _ = try book.addWithoutLookup(id: 11, title: "Film 11", year: nil, to: .favorites, note: nil, priority: 0)
        let again = try book.addWithoutLookup(
            id: 11, title: "Film 11", year: nil, to: .watchlist, note: nil, priority: 0)
        #expect(again.result == .alreadyPresent)

        // When the stats are asked for
        let stats = try book.stats()

        // Then they count the lists, the watched film and the ratings
        #expect(stats.watchlist == 4)
        #expect(stats.favorites == 1)
        #expect(stats.watched == 1)
        #expect(stats.rated == 4)
        #expect(stats.averageRating == 3.125)
        let histogram = Dictionary(uniqueKeysWithValues: stats.ratingHistogram.map { ($0.stars, $0.count) })
        #expect(histogram[4.5] == 2)
        #expect(histogram[3.0] == 1)
        #expect(histogram[0.5] == 1)
        #expect(histogram[5.0] == 0)
        #expect(stats.ratingHistogram.count == 10)
        // And the text `planner stats` prints draws the bars
        let text = book.statsText(stats)
        #expect(text.contains("█"))
        #expect(text.contains("average 3.1"))
        // And the list sorted by rating puts the two 4.5s first, then 3 and 0.5
        let byRating = try book.films(on: .watchlist, query: ListQuery(sort: .rating)).map(\.film.id)
        #expect(Set(byRating.prefix(2)) == [11, 12])
        #expect(Array(byRating.dropFirst(2)) == [13, 14])
    }

    @Test func theJSONExportHoldsTheListsAndTheDiaryAndRoundTripsLosslessly() throws {
        // Given a film with a note, a priority, a rating and a review on the watchlist, and another on the favorites
        let first = AppHome()
        defer { first.remove() }
        let book = ListBook(store: try first.openStore())
        _ = try book.addWithoutLookup(
            id: 11, title: "Film, \"quoted\"", year: 2001, to: .watchlist, note: "with Anna", priority: 3)
        try book.rate(reference("11"), stars: 3.5)
        try book.review(reference("11"), text: "Long\nreview")
        _ = try book.addWithoutLookup(id: 12, title: "Other", year: nil, to: .favorites, note: nil, priority: 0)

        // When the store is exported as JSON
        let exported = try book.exportJSON()

        // Then the export holds both films, both lists and the diary
        let snapshot = try StoreSnapshot.decode(exported)
        #expect(snapshot.films.map(\.film.id) == [11, 12])
        #expect(snapshot.films.first?.film.title == "Film, \"quoted\"")
        #expect(snapshot.films.first?.diary == Diary(rating: 3.5, review: "Long\nreview"))
        #expect(snapshot.watchlist.map(\.filmID) == [11])
        #expect(snapshot.watchlist.first?.note == "with Anna")
        #expect(snapshot.watchlist.first?.priority == 3)
        #expect(snapshot.favorites.map(\.filmID) == [12])
        #expect(snapshot.series == nil)
        // And imported into another store, it exports the same bytes
        let second = AppHome()
        defer { second.remove() }
        let other = try second.openStore()
        try other.importJSON(exported)
        #expect(try ListBook(store: other).exportJSON() == exported)
    }
}
