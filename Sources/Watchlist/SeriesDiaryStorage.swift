import Foundation

/// One user's ratings and reviews of series (a port of ``ListStorage``). A series has no watched day: its diary's
/// ``Diary/watchedOn`` is always nil.
public protocol SeriesDiaryStorage: Sendable {
    /// Rates a stored series 0.5…5 stars; nil removes the rating.
    /// - Throws: ``WatchlistError/invalidRating(_:)``, ``WatchlistError/seriesNotFound(id:)``.
    func rate(seriesID: Int, stars: Double?) throws
    /// Sets a stored series' review; nil or empty removes it.
    /// - Throws: ``WatchlistError/seriesNotFound(id:)``.
    func review(seriesID: Int, text: String?) throws
    /// The series' rating and review (empty when nothing is recorded).
    func diary(seriesID: Int) throws -> Diary
    /// The stored series this user rated exactly `halfStars` half-stars (1…10), by name.
    func ratedSeries(halfStars: Int) throws -> [Series]
}
