import Foundation
import GRDB

/// The user's two lists. A film can be on both.
public enum FilmList: String, Codable, CaseIterable, Sendable {
    /// Films to see.
    case watchlist
    /// Favorite films.
    case favorites
}

/// What adding a film to a list did.
/// What emptying a list removed: its films and its series.
public struct ClearedEntries: Equatable, Sendable {
    public var films: Int
    public var series: Int

    public init(films: Int, series: Int) {
        self.films = films
        self.series = series
    }
}

public enum AddResult: Equatable, Sendable {
    /// The film was added.
    case added
    /// The film was already on the list; nothing changed.
    case alreadyPresent
}

/// One film's place on a list.
struct ListEntryRecord: Codable, FetchableRecord, PersistableRecord {
    static let databaseTableName = "listEntry"
    var userId: Int64
    var list: String
    var filmId: Int
    var addedAt: Date
    var note: String?
    var priority: Int
}

/// What the user thinks of a film: rating, review and the day it was watched.
public struct Diary: Codable, Equatable, Sendable {
    /// The rating in stars, 0.5…5 in steps of 0.5.
    public var rating: Double?
    /// A free-text review.
    public var review: String?
    /// The day the film was watched, written `YYYY-MM-DD`.
    public var watchedOn: String?

    /// Creates a diary entry.
    public init(rating: Double? = nil, review: String? = nil, watchedOn: String? = nil) {
        self.rating = rating
        self.review = review
        self.watchedOn = watchedOn
    }

    /// True when nothing is recorded.
    public var isEmpty: Bool { rating == nil && review == nil && watchedOn == nil }
}

/// The stored row of a diary entry; the rating is kept as whole half-stars (1…10).
struct DiaryRecord: Codable, FetchableRecord, PersistableRecord {
    static let databaseTableName = "filmDiary"
    var userId: Int64
    var filmId: Int
    var ratingHalfStars: Int?
    var review: String?
    var watchedOn: String?

    var diary: Diary {
        Diary(rating: ratingHalfStars.map { Double($0) / 2 }, review: review, watchedOn: watchedOn)
    }
}

/// Ratings are 0.5…5 stars in steps of 0.5.
public enum Rating {
    /// Every allowed rating, ascending: 0.5, 1.0, … 5.0.
    public static let allowedValues: [Double] = (1...10).map { Double($0) / 2 }

    /// Converts stars to half-stars, or throws ``WatchlistError/invalidRating(_:)``.
    public static func halfStars(_ stars: Double) throws -> Int {
        let doubled = stars * 2
        guard doubled.isFinite, doubled == doubled.rounded(), (1...10).contains(doubled) else {
            throw WatchlistError.invalidRating(stars)
        }
        return Int(doubled)
    }
}
