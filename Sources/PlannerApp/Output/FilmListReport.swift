import Foundation
import NowPlaying
import Theaters
import Tabular

/// A list of films (now playing, upcoming, search results…), rendered as a table or JSON.
package struct FilmListReport {
    package let title: String
    package let films: [Movie]
    package let totalResults: Int
    package let dates: DateWindow?
    package let provenance: Provenance
    /// Ids on your watchlist, marked •.
    package var marked: Set<Int> = []
    /// Ids on your favorites, marked ★.
    package var favorites: Set<Int> = []
    /// Each film's overview under its row (`--long`).
    package var long = false
    /// Where posters are, for the JSON's `poster_url`; a face that writes JSON asks for it
    /// (``FilmServices/imageLinks()``).
    package var images: ImageLinks = .none

    /// "• ", "★ ", "•★ " or nothing, before a title in the table.
    func mark(_ id: Int) -> String {
        let text = (marked.contains(id) ? "•" : "") + (favorites.contains(id) ? "★" : "")
        return text.isEmpty ? "" : text + " "
    }

    package func table() -> String {
        var lines = [title]
        if let dates {
            lines.append("In cinemas from \(FilmFormat.day(dates.minimum)) to \(FilmFormat.day(dates.maximum))")
        }
        guard !films.isEmpty else {
            lines.append("no films")
            lines.append(FilmFormat.source(provenance) + ".")
            return lines.joined(separator: "\n")
        }
        var table = TextTable(
            headers: ["#", "Title", "Release", "Rating", "TMDb id"], alignments: [.right, .left, .left, .right, .right])
        for (rank, film) in films.enumerated() {
            let name = mark(film.id) + film.title
            table.rows.append([
                "\(rank + 1)", name, FilmFormat.day(film.releaseDate), FilmFormat.rating(film), "\(film.id)",
            ])
            if long { table.details[rank] = film.overview.isEmpty ? "(no overview)" : film.overview }
        }
        lines.append("")
        lines.append(table.render())
        lines.append("")
        let shown = films.count < totalResults ? "\(films.count) of \(FilmFormat.films(totalResults))" : FilmFormat.films(films.count)
        if films.contains(where: { marked.contains($0.id) || favorites.contains($0.id) }) {
            lines.append("• on your watchlist, ★ a favorite")
        }
        lines.append("\(shown), \(FilmFormat.source(provenance)). Data: TMDb (not endorsed or certified by TMDb).")
        return lines.joined(separator: "\n")
    }

    package func csv() -> String {
        let header = CSVTable.line([
            "rank", "id", "title", "original_title", "release_date", "vote_average", "vote_count", "poster_path", "marked",
        ])
        let rows = films.enumerated().map { rank, film in
            CSVTable.line([
                "\(rank + 1)", "\(film.id)", film.title, film.originalTitle, FilmFormat.day(film.releaseDate),
                FilmFormat.oneDecimal(film.voteAverage), "\(film.voteCount)", film.posterPath ?? "",
                marked.contains(film.id) ? "yes" : "",
            ])
        }
        return ([header] + rows).joined(separator: "\n")
    }

    /// The report as JSON: what ``FilmFormat/json(_:)`` writes of it, written directly (``PrettyJSON``), as a server
    /// answers a list on every request.
    package func json() throws -> String { String(decoding: try jsonUTF8(), as: UTF8.self) }

    /// ``json()`` as UTF-8, which a server sends without making a string of it.
    package func jsonUTF8() throws -> [UInt8] {
        var json = PrettyJSON()
        json.object { report in
            if let dates {
                report.member("dates_from", FilmFormat.day(dates.minimum))
                report.member("dates_to", FilmFormat.day(dates.maximum))
            }
            report.key("films")
            report.array { list in
                for film in films {
                    list.element()
                    list.object { row in
                        FilmJSON(
                            film, marked: marked.contains(film.id), favorite: favorites.contains(film.id),
                            posterURL: images.poster(film.posterPath)
                        ).write(to: &row)
                    }
                }
            }
            report.key("source")
            report.object { FilmFormat.sourceJSON(provenance).write(to: &$0) }
            report.member("title", title)
            report.member("total_results", integer: totalResults)
        }
        return try json.utf8()
    }

    /// The same JSON through `JSONEncoder`: what ``json()`` must write, byte for byte (the tests compare them).
    func jsonByEncoder() throws -> String {
        try FilmFormat.json(
            ListJSON(
                title: title, totalResults: totalResults, source: FilmFormat.sourceJSON(provenance),
                datesFrom: dates.map { FilmFormat.day($0.minimum) }, datesTo: dates.map { FilmFormat.day($0.maximum) },
                films: films.map {
                    FilmJSON(
                        $0, marked: marked.contains($0.id), favorite: favorites.contains($0.id),
                        posterURL: images.poster($0.posterPath))
                }))
    }

    private struct ListJSON: Encodable {
        let title: String
        let totalResults: Int
        let source: FilmFormat.SourceJSON
        let datesFrom: String?
        let datesTo: String?
        let films: [FilmJSON]

        enum CodingKeys: String, CodingKey {
            case title, source, films
            case totalResults = "total_results"
            case datesFrom = "dates_from"
            case datesTo = "dates_to"
        }
    }
    package init(title: String, films: [Movie], totalResults: Int, dates: DateWindow?, provenance: Provenance, marked: Set<Int> = []) {
        self.title = title
        self.films = films
        self.totalResults = totalResults
        self.dates = dates
        self.provenance = provenance
        self.marked = marked
    }
}

/// One film in JSON output.
package struct FilmJSON: Encodable {
    package let id: Int
    package let title: String
    package let originalTitle: String
    package let releaseDate: String?
    package let overview: String
    package let voteAverage: Double
    package let voteCount: Int
    package let posterPath: String?
    /// The poster's URL: null when TMDb has no poster, or its image configuration could not be had.
    package let posterURL: Nullable<String>
    /// On your watchlist.
    package let marked: Bool
    /// On your favorites.
    package let favorite: Bool

    package init(_ movie: Movie, marked: Bool = false, favorite: Bool = false, posterURL: String? = nil) {
        id = movie.id
        title = movie.title
        originalTitle = movie.originalTitle
        releaseDate = movie.releaseDate.map { FilmFormat.day($0) }
        overview = movie.overview
        voteAverage = movie.voteAverage
        voteCount = movie.voteCount
        posterPath = movie.posterPath
        self.posterURL = Nullable(posterURL)
        self.marked = marked
        self.favorite = favorite
    }

    /// Writes the members, in the order of their keys' bytes, as the encoder sorts them.
    func write(to json: inout PrettyJSON) {
        json.member("favorite", favorite)
        json.member("id", integer: id)
        json.member("marked", marked)
        json.member("original_title", originalTitle)
        json.member("overview", overview)
        json.member("poster_path", posterPath)
        json.key("poster_url")
        if let url = posterURL.value { json.string(url) } else { json.null() }
        json.member("release_date", releaseDate)
        json.member("title", title)
        json.member("vote_average", voteAverage)
        json.member("vote_count", integer: voteCount)
    }

    package enum CodingKeys: String, CodingKey {
        case id, title, overview, marked, favorite
        case originalTitle = "original_title"
        case releaseDate = "release_date"
        case voteAverage = "vote_average"
        case voteCount = "vote_count"
        case posterPath = "poster_path"
        case posterURL = "poster_url"
    }
}
