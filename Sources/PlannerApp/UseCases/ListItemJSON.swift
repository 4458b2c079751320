import Foundation
import Tabular
import Watchlist

/// One list entry in JSON output: a film (`kind` "movie"), or on the API's lists also a series (`kind` "tv",
/// its name as the title and its first air date as the release date).
package struct ListItemJSON: Encodable, Sendable {
    package let id: Int
    /// "movie" or "tv": TMDb numbers films and series apart, so an id alone does not say which.
    package let kind: String
    package let title: String
    package let year: Int?
    package let release_date: String?
    package let added_at: String
    package let note: String?
    package let priority: Int
    package let rating: Double?
    package let review: String?
    package let watched_on: String?
    /// The poster's URL: null when TMDb has none, or its image configuration could not be had.
    package let poster_url: Nullable<String>

    package init(_ item: ListItem, images: ImageLinks = .none) {
        id = item.film.id
        kind = "movie"
        title = item.film.title
        year = item.film.year
        release_date = item.releaseDate ?? item.film.releaseDate
        added_at = ListItemJSON.timestamp(item.addedAt)
        note = item.note
        priority = item.priority
        rating = item.diary.rating
        review = item.diary.review
        watched_on = item.diary.watchedOn
        poster_url = Nullable(images.poster(item.film.posterPath))
    }

    /// A series on a list, with your rating and review of it.
    package init(series item: SeriesItem, diary: Diary, images: ImageLinks = .none) {
        id = item.series.id
        kind = "tv"
        title = item.series.name
        year = item.series.year
        release_date = item.series.firstAirDate
        added_at = ListItemJSON.timestamp(item.addedAt)
        note = item.note
        priority = item.priority
        rating = diary.rating
        review = diary.review
        watched_on = nil
        poster_url = Nullable(images.poster(item.series.posterPath))
    }
}

extension ListItemJSON {
    /// ISO 8601 in UTC, without a formatter per call (making one costs more than the rest of a row).
    package static let utc: Calendar = {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        return calendar
    }()

    package static func timestamp(_ date: Date) -> String {
        let c = utc.dateComponents([.year, .month, .day, .hour, .minute, .second], from: date)
        return String(format: "%04d-%02d-%02dT%02d:%02d:%02dZ", c.year!, c.month!, c.day!, c.hour!, c.minute!, c.second!)
    }
}

/// One list entry as a CSV row.
package enum ListItemCSV {
    package static let header = CSV.line([
        "id", "title", "year", "release_date", "added_at", "priority", "rating", "watched_on", "review",
    ])

    package static func row(_ item: ListItem) -> String {
        CSV.line([
            "\(item.film.id)", item.film.title, item.film.year.map(String.init) ?? "",
            item.releaseDate ?? item.film.releaseDate ?? "", ListItemJSON.timestamp(item.addedAt),
            "\(item.priority)", item.diary.rating.map { String(format: "%.1f", $0) } ?? "", item.diary.watchedOn ?? "",
            item.diary.review ?? "",
        ])
    }
}

extension ListItem {
    /// The review cut to about `maxCharacters` on one line, for a table ("Cold and bright. The be…").
    package func reviewExcerpt(maxCharacters: Int = 30) -> String {
        guard let review = diary.review else { return "" }
        let line = review.split(whereSeparator: \.isNewline).joined(separator: " ")
        return line.count <= maxCharacters ? line : String(line.prefix(maxCharacters - 1)) + "…"
    }
}
