import Foundation
import Watchlist

/// The films and series you rated one value, for `planner stats --rating 4.5` and `GET /v1/me/rated?stars=4.5`
/// (each bar of the ratings histogram).
package struct RatedReport {
    /// The rating, 0.5…5.0.
    package let stars: Double
    package let films: [Film]
    package let series: [Series]
    /// Where posters are, for the JSON's `poster_url`; a face that writes JSON asks for it.
    package var images: ImageLinks = .none

    package init(stars: Double, films: [Film], series: [Series]) {
        self.stars = stars
        self.films = films
        self.series = series
    }

    /// "4.5".
    var starsText: String { String(format: "%.1f", stars) }

    /// "2 films and 1 series", "1 film", "nothing".
    var counted: String {
        var parts: [String] = []
        if !films.isEmpty { parts.append(FilmFormat.films(films.count)) }
        if !series.isEmpty { parts.append("\(series.count) series") }
        return parts.isEmpty ? "nothing" : parts.joined(separator: " and ")
    }

    /// A table of the films, then the series (their TMDb id written "tv 1396").
    package func table() -> String {
        guard !films.isEmpty || !series.isEmpty else { return "nothing you rated is rated \(starsText)" }
        var table = TextTable(headers: ["#", "Title", "Year", "TMDb id"], alignments: [.right, .left, .right, .right])
        func year(_ value: Int?) -> String { value.map(String.init) ?? "" }
        var rows: [[String]] = []
        for film in films { rows.append([film.title, year(film.year), "\(film.id)"]) }
        for show in series { rows.append([show.name, year(show.year), "tv \(show.id)"]) }
        for (rank, row) in rows.enumerated() { table.rows.append(["\(rank + 1)"] + row) }
        return "Rated \(starsText) ★\n\n" + table.render() + "\n\n\(counted) rated \(starsText)"
    }

    /// `{"stars": 4.5, "count": 3, "titles": [{"kind": "movie", …}, {"kind": "tv", …}]}`.
    package func json() throws -> String {
        var rows: [Row] = []
        for film in films {
            rows.append(
                Row(
                    id: film.id, kind: "movie", title: film.title, year: film.year, release_date: film.releaseDate,
                    poster_url: Nullable(images.poster(film.posterPath))))
        }
        for show in series {
            rows.append(
                Row(
                    id: show.id, kind: "tv", title: show.name, year: show.year, release_date: show.firstAirDate,
                    poster_url: Nullable(images.poster(show.posterPath))))
        }
        return try FilmFormat.json(Document(stars: stars, count: rows.count, titles: rows))
    }

    private struct Document: Encodable {
        let stars: Double
        let count: Int
        let titles: [Row]
    }

    /// One rated film or series.
    private struct Row: Encodable {
        let id: Int
        let kind: String
        let title: String
        let year: Int?
        let release_date: String?
        let poster_url: Nullable<String>
    }
}

extension ListBook {
    /// The films and series rated exactly `stars`.
    /// - Throws: ``WatchlistError/invalidRating(_:)`` unless `stars` is 0.5…5 in steps of 0.5.
    package func rated(stars: Double) throws -> RatedReport {
        let halfStars = try Rating.halfStars(stars)
        return RatedReport(
            stars: Double(halfStars) / 2, films: try store.ratedFilms(halfStars: halfStars),
            series: try store.ratedSeries(halfStars: halfStars))
    }
}
