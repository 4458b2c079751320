import Foundation

/// Counts and the rating histogram, as `planner stats` shows them.
public struct WatchlistStats: Codable, Equatable, Sendable {
    /// One bar of the rating histogram.
    public struct Bucket: Codable, Equatable, Sendable {
        /// The rating, 0.5…5.0.
        public var stars: Double
        /// How many films and series have that rating.
        public var count: Int

        /// Creates a bucket.
        public init(stars: Double, count: Int) {
            self.stars = stars
            self.count = count
        }
    }

    /// Films on the watchlist.
    public var watchlist: Int
    /// Films on the favorites list.
    public var favorites: Int
    /// Films with a watched day.
    public var watched: Int
    /// Films with a rating.
    public var rated: Int
    /// Series with a rating, or nil when none is: then the JSON leaves it out and reads as before series had
    /// ratings.
    public var ratedSeries: Int?
    /// The mean rating of films and series, or nil when nothing is rated.
    public var averageRating: Double?
    /// Ten buckets, 0.5…5.0 ascending, every one present even when empty: films and series together.
    public var ratingHistogram: [Bucket]

    /// snake_case, as every other JSON planner writes.
    enum CodingKeys: String, CodingKey {
        case watchlist, favorites, watched, rated
        case ratedSeries = "rated_series"
        case averageRating = "average_rating"
        case ratingHistogram = "rating_histogram"
    }

    /// Creates stats; `ratingCounts` and `seriesRatingCounts` map half-stars (1…10) to counts of films and of
    /// series, which the histogram adds up.
    public init(
        watchlist: Int, favorites: Int, watched: Int, rated: Int, ratingCounts: [Int: Int], ratedSeries: Int = 0,
        seriesRatingCounts: [Int: Int] = [:]
    ) {
        self.watchlist = watchlist
        self.favorites = favorites
        self.watched = watched
        self.rated = rated
        self.ratedSeries = ratedSeries == 0 ? nil : ratedSeries
        ratingHistogram = (1...10).map {
            Bucket(stars: Double($0) / 2, count: (ratingCounts[$0] ?? 0) + (seriesRatingCounts[$0] ?? 0))
        }
        let total = ratingHistogram.reduce(0) { $0 + $1.count }
        averageRating =
            total == 0 ? nil : ratingHistogram.reduce(0) { $0 + $1.stars * Double($1.count) } / Double(total)
    }

    /// The stats as JSON with sorted keys, for `planner stats --format json`.
    public func jsonData() throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        return try encoder.encode(self)
    }
}
