import Foundation
import NowPlaying
import Theaters
import Tabular

/// A list of series (popular, on the air, airing today, trending, search results), as a table, CSV or JSON.
package struct ShowListReport {
    /// The header line of the table, as the film lists have one ("Series matching 'x'").
    package let title: String
    package let shows: [TVShow]
    package let provenance: Provenance
    /// Ids on your watchlist, marked •.
    package var marked: Set<Int> = []
    /// Ids on your favorites, marked ★.
    package var favorites: Set<Int> = []
    /// Each series' overview under its row (`--long`).
    package var long = false
    /// Where posters are, for the JSON's `poster_url`; a face that writes JSON asks for it
    /// (``FilmServices/imageLinks()``).
    package var images: ImageLinks = .none

    /// The report of a page of series, cut to `limit`.
    package init(_ shows: Fetched<Page<TVShow>>, title: String, limit: Int?) {
        self.title = title
        self.shows = limit.map { Array(shows.value.results.prefix($0)) } ?? shows.value.results
        provenance = shows.provenance
    }

    /// "• ", "★ ", "•★ " or nothing, before a name in the table.
    func mark(_ id: Int) -> String {
        let text = (marked.contains(id) ? "•" : "") + (favorites.contains(id) ? "★" : "")
        return text.isEmpty ? "" : text + " "
    }

    package func table() -> String {
        var table = TextTable(
            headers: ["#", "Name", "First aired", "Rating", "TMDb id"], alignments: [.right, .left, .left, .right, .right])
        for (rank, show) in shows.enumerated() {
            let rating = show.voteCount == 0 ? "–" : String(format: "%.1f", show.voteAverage)
            table.rows.append([
                "\(rank + 1)", mark(show.id) + show.name, FilmFormat.day(show.firstAirDate), rating, "\(show.id)",
            ])
            if long { table.details[rank] = show.overview.isEmpty ? "(no overview)" : show.overview }
        }
        let footer = "\(shows.count) series, \(FilmFormat.source(provenance)). Data: TMDb."
        guard !shows.isEmpty else { return title + "\n\nno series\n" + footer }
        // The legend only where a mark is shown: a list of none reads as it did before series had marks.
        let legend = shows.contains { marked.contains($0.id) || favorites.contains($0.id) }
            ? "• on your watchlist, ★ a favorite\n" : ""
        return title + "\n\n" + table.render() + "\n\n" + legend + footer
    }

    package func csv() -> String {
        let rows = shows.enumerated().map { rank, show in
            CSVTable.line([
                "\(rank + 1)", "\(show.id)", show.name, FilmFormat.day(show.firstAirDate),
                String(format: "%.1f", show.voteAverage), "\(show.voteCount)",
            ])
        }
        return ([CSVTable.line(["rank", "id", "name", "first_air_date", "vote_average", "vote_count"])] + rows)
            .joined(separator: "\n")
    }

    package func json() throws -> String {
        try FilmFormat.json(
            ShowsJSON(
                source: FilmFormat.sourceJSON(provenance),
                series: shows.map {
                    ShowJSON(
                        id: $0.id, name: $0.name, firstAirDate: $0.firstAirDate.map { FilmFormat.day($0) },
                        voteAverage: $0.voteAverage, overview: $0.overview,
                        posterURL: Nullable(images.poster($0.posterPath)), marked: marked.contains($0.id),
                        favorite: favorites.contains($0.id))
                }))
    }

    /// Writes the report in `format`: a table, CSV, or JSON.
    package func rendered(_ format: OutputFormat) throws -> String {
        switch format {
        case .json: return try json()
        case .csv: return csv()
        default: return table()
        }
    }

    private struct ShowsJSON: Encodable {
        let source: FilmFormat.SourceJSON
        let series: [ShowJSON]
    }

    /// One series in JSON output, as ``FilmJSON`` is one film: with its poster and your marks.
    private struct ShowJSON: Encodable {
        let id: Int
        let name: String
        let firstAirDate: String?
        let voteAverage: Double
        let overview: String
        let posterURL: Nullable<String>
        /// On your watchlist.
        let marked: Bool
        /// On your favorites.
        let favorite: Bool

        enum CodingKeys: String, CodingKey {
            case id, name, overview, marked, favorite
            case firstAirDate = "first_air_date"
            case voteAverage = "vote_average"
            case posterURL = "poster_url"
        }
    }
}
