import Foundation
import Testing

@testable import Watchlist

@Suite struct PlannerStoreDiaryTests {
    let store: PlannerStore

    init() throws {
        store = try PlannerStore(inMemoryWithMigrations: [])
        try store.add(Fixtures.matrix, to: .watchlist)
    }

    @Test(arguments: Rating.allowedValues)
    func everyHalfStarFromAHalfToFiveIsAValidRating(stars: Double) throws {
        try store.rate(filmID: 603, stars: stars)
        #expect(try store.diary(filmID: 603).rating == stars)
    }

    @Test(arguments: [0, 0.25, 5.5, -1, 3.3, .nan, .infinity])
    func otherRatingsAreRefused(stars: Double) throws {
        #expect(throws: WatchlistError.self) { try store.rate(filmID: 603, stars: stars) }
        #expect(try store.diary(filmID: 603).rating == nil)
    }

    @Test func aReviewAndAWatchedDayAreKeptAndCanBeRemoved() throws {
        try store.review(filmID: 603, text: "Whoa.\nSecond line, with \"quotes\".")
        try store.markWatched(filmID: 603, on: "2024-05-01")
        #expect(
            try store.diary(filmID: 603)
                == Diary(review: "Whoa.\nSecond line, with \"quotes\".", watchedOn: "2024-05-01"))

        try store.review(filmID: 603, text: nil)
        try store.markWatched(filmID: 603, on: nil)
        #expect(try store.diary(filmID: 603) == Diary())
    }

    @Test func aWatchedDayMustBeACalendarDay() {
        #expect(throws: WatchlistError.invalidDay("2023-02-29")) {
            try store.markWatched(filmID: 603, on: "2023-02-29")
        }
        #expect(throws: WatchlistError.invalidDay("1.5.2024")) { try store.markWatched(filmID: 603, on: "1.5.2024") }
    }

    @Test func theDiaryNeedsTheFilmInTheStore() {
        #expect(throws: WatchlistError.filmNotFound(id: 42)) { try store.rate(filmID: 42, stars: 3) }
        #expect(throws: WatchlistError.filmNotFound(id: 42)) { try store.review(filmID: 42, text: "x") }
    }

    @Test func aRatingSurvivesRemovingTheFilmFromItsList() throws {
        try store.rate(filmID: 603, stars: 5)
        try store.remove(filmID: 603, from: .watchlist)
        #expect(try store.diary(filmID: 603).rating == 5)
    }
}
