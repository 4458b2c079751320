import ArgumentParser
import Foundation
import NowPlaying
import Theaters
import Tabular

/// A list of films (now playing, upcoming, search results…), rendered as a table or JSON.
struct FilmListReport {
    let title: String
    let films: [Movie]
    let totalResults: Int
    let dates: DateWindow?
    let provenance: Provenance
    /// Ids to flag with a star, such as watchlist films.
    var marked: Set<Int> = []

    func table() -> String {
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
            let name = marked.contains(film.id) ? "* " + film.title : film.title
            table.rows.append([
                "\(rank + 1)", name, FilmFormat.day(film.releaseDate), FilmFormat.rating(film), "\(film.id)",
            ])
        }
        lines.append("")
        lines.append(table.render())
        lines.append("")
        let shown = films.count < totalResults ? "\(films.count) of \(FilmFormat.films(totalResults))" : FilmFormat.films(films.count)
        lines.append("\(shown), \(FilmFormat.source(provenance)). Data: TMDb (not endorsed or certified by TMDb).")
        return lines.joined(separator: "\n")
    }

    func csv() -> String {
        let header = CSVTable.line([
            "rank", "id", "title", "original_title", "release_date", "vote_average", "vote_count", "poster_path", "marked",
        ])
        let rows = films.enumerated().map { rank, film in
            CSVTable.line([
                "\(rank + 1)", "\(film.id)", film.title, film.originalTitle, FilmFormat.day(film.releaseDate),
                String(format: "%.1f", film.voteAverage), "\(film.voteCount)", film.posterPath ?? "",
                marked.contains(film.id) ? "yes" : "",
            ])
        }
        return ([header] + rows).joined(separator: "\n")
    }

    func json() throws -> String {
        try FilmFormat.json(
            ListJSON(
                title: title, totalResults: totalResults, source: FilmFormat.sourceJSON(provenance),
                datesFrom: dates.map { FilmFormat.day($0.minimum) }, datesTo: dates.map { FilmFormat.day($0.maximum) },
                films: films.map { FilmJSON($0, marked: marked.contains($0.id)) }))
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
}

/// One film in JSON output.
struct FilmJSON: Encodable {
    let id: Int
    let title: String
    let originalTitle: String
    let releaseDate: String?
    let overview: String
    let voteAverage: Double
    let voteCount: Int
    let posterPath: String?
    let marked: Bool

    init(_ movie: Movie, marked: Bool = false) {
        id = movie.id
        title = movie.title
        originalTitle = movie.originalTitle
        releaseDate = movie.releaseDate.map { FilmFormat.day($0) }
        overview = movie.overview
        voteAverage = movie.voteAverage
        voteCount = movie.voteCount
        posterPath = movie.posterPath
        self.marked = marked
    }

    enum CodingKeys: String, CodingKey {
        case id, title, overview, marked
        case originalTitle = "original_title"
        case releaseDate = "release_date"
        case voteAverage = "vote_average"
        case voteCount = "vote_count"
        case posterPath = "poster_path"
    }
}

extension OutputOptions {
    /// Throws unless the format is one the film commands write (table, json or csv).
    func requireTableOrJSON() throws {
        guard format != .geojson else {
            throw ValidationError("the film commands write --format table, json or csv, not geojson")
        }
    }
}
