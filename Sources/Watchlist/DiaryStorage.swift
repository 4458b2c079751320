import Foundation

/// One user's ratings, reviews and watched days, and the counts drawn from them (a port of ``ListStorage``).
public protocol DiaryStorage: Sendable {
    /// Rates a film 0.5…5 stars; nil removes the rating.
    func rate(filmID: Int, stars: Double?) throws
    /// Sets a film's review; nil or empty removes it.
    func review(filmID: Int, text: String?) throws
    /// Records the day a film was watched; nil removes it.
    func markWatched(filmID: Int, on day: String?) throws
    /// The film's rating, review and watched day.
    func diary(filmID: Int) throws -> Diary
    /// Counts of both lists, watched and rated films, rated series, and the rating histogram of both.
    func stats() throws -> WatchlistStats
    /// The stored films this user rated exactly `halfStars` half-stars (1…10), by title.
    func ratedFilms(halfStars: Int) throws -> [Film]
}
