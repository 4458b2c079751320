import Foundation
import Testing
import TestSupport
import Watchlist

/// Series' ratings and reviews, posters and the rated listing, checked the same way on SQLite and PostgreSQL.
@Suite("series' diaries and the rated listing, on SQLite and on PostgreSQL", .offThePool)
struct SeriesDiaryStorageTests {
    static let harbour = Series(id: 1003, name: "Harbour Watch", firstAirDate: "2020-03-01", posterPath: "/s1003.jpg")
    static let fightClub = Film(id: 550, title: "Fight Club", year: 1999, releaseDate: "1999-10-15", posterPath: "/p.jpg")

    @Test(arguments: Backend.available)
    func aSeriesKeepsItsPosterRatingAndReviewApartFromTheFilmWithItsID(_ backend: Backend) throws {
        // Given a series and a film
        let store = try backend.freshStore()
        try store.add(Self.harbour, to: .watchlist)
        try store.add(Film(id: 1003, title: "A film numbered 1003"), to: .watchlist)

        // When the series is rated and reviewed
        try store.rate(seriesID: 1003, stars: 4.5)
        try store.review(seriesID: 1003, text: "Salt and rain.")

        // Then its diary holds both, its poster is kept, and the film's diary is untouched
        #expect(try store.diary(seriesID: 1003) == Diary(rating: 4.5, review: "Salt and rain."))
        #expect(try store.series(id: 1003)?.posterPath == "/s1003.jpg")
        #expect(try store.diary(filmID: 1003) == Diary())

        // And taking both back leaves nothing
        try store.rate(seriesID: 1003, stars: nil)
        try store.review(seriesID: 1003, text: "")
        #expect(try store.diary(seriesID: 1003) == Diary())
    }

    @Test(arguments: Backend.available)
    func aSeriesNotStoredOrARatingOffTheScaleIsRefused(_ backend: Backend) throws {
        let store = try backend.freshStore()
        #expect(throws: WatchlistError.seriesNotFound(id: 1396)) { try store.rate(seriesID: 1396, stars: 3) }
        try store.add(Self.harbour, to: .favorites)
        #expect(throws: WatchlistError.invalidRating(4.3)) { try store.rate(seriesID: 1003, stars: 4.3) }
    }

    @Test(arguments: Backend.available)
    func statsCountRatedSeriesInTheHistogramAndTheRatedListingNamesThem(_ backend: Backend) throws {
        // Given a film and a series rated 4.5, and another user's series rated 4.5
        let store = try backend.freshStore()
        try store.add(Self.fightClub, to: .watchlist)
        try store.rate(filmID: 550, stars: 4.5)
        try store.add(Self.harbour, to: .watchlist)
        try store.rate(seriesID: 1003, stars: 4.5)
        let bob = try store.addUser(name: "bob", tokenSHA256: "b1", feedKeySHA256: "b2")
        try store.storage(for: bob.id).rate(seriesID: 1003, stars: 4.5)

        // Then the stats count one film and one series, both in the 4.5 bar
        let stats = try store.stats()
        #expect(stats.rated == 1)
        #expect(stats.ratedSeries == 1)
        #expect(stats.ratingHistogram.first { $0.stars == 4.5 }?.count == 2)
        #expect(stats.averageRating == 4.5)

        // And the listing of 4.5 names exactly them, and nothing at 3
        #expect(try store.ratedFilms(halfStars: 9).map(\.id) == [550])
        #expect(try store.ratedSeries(halfStars: 9) == [Self.harbour])
        #expect(try store.ratedFilms(halfStars: 6).isEmpty)
        #expect(try store.ratedSeries(halfStars: 6).isEmpty)
    }

    @Test(arguments: Backend.available)
    func withoutSeriesRatingsTheStatsJSONIsAsBefore(_ backend: Backend) throws {
        let store = try backend.freshStore()
        try store.add(Self.fightClub, to: .watchlist)
        try store.rate(filmID: 550, stars: 3)
        let stats = try store.stats()
        #expect(stats.ratedSeries == nil)
        #expect(!String(decoding: try stats.jsonData(), as: UTF8.self).contains("rated_series"))
        #expect(!StatsRenderer.render(stats).contains("Rated TV"))
    }

    @Test(arguments: Backend.available)
    func aSnapshotCarriesSeriesDiariesToAnotherStore(_ backend: Backend) throws {
        let source = try backend.freshStore()
        try source.add(Self.harbour, to: .watchlist)
        try source.rate(seriesID: 1003, stars: 4)
        try source.review(seriesID: 1003, text: "Salt and rain.")
        let snapshot = try source.snapshot()
        #expect(snapshot.seriesDiaries?.map(\.diary) == [Diary(rating: 4, review: "Salt and rain.")])

        for other in Backend.available {
            let target = try other.freshStore()
            _ = try target.merge(snapshot)
            #expect(try target.diary(seriesID: 1003) == Diary(rating: 4, review: "Salt and rain."))
            #expect(try target.snapshot() == snapshot)
        }
    }
}
