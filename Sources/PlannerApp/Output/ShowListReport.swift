import Foundation
import NowPlaying
import Theaters
import Tabular

/// A list of series, as a table or JSON.
package enum ShowListReport {
    /// - Parameter title: The header line of the table, as the film lists have one ("Series matching 'x'").
    package static func render(_ shows: Fetched<Page<TVShow>>, title: String, limit: Int?, format: OutputFormat) throws
        -> String
    {
        let list = limit.map { Array(shows.value.results.prefix($0)) } ?? shows.value.results
        if format == .csv {
            let rows = list.enumerated().map { rank, show in
                CSVTable.line([
                    "\(rank + 1)", "\(show.id)", show.name, FilmFormat.day(show.firstAirDate),
                    String(format: "%.1f", show.voteAverage), "\(show.voteCount)",
                ])
            }
            return ([CSVTable.line(["rank", "id", "name", "first_air_date", "vote_average", "vote_count"])] + rows)
                .joined(separator: "\n")
        }
        if format == .json {
            return try FilmFormat.json(
                ShowsJSON(
                    source: FilmFormat.sourceJSON(shows.provenance),
                    series: list.map {
                        ShowJSON(
                            id: $0.id, name: $0.name, firstAirDate: $0.firstAirDate.map { FilmFormat.day($0) },
                            voteAverage: $0.voteAverage, overview: $0.overview)
                    }))
        }
        var table = TextTable(
            headers: ["#", "Name", "First aired", "Rating", "TMDb id"], alignments: [.right, .left, .left, .right, .right])
        for (rank, show) in list.enumerated() {
            let rating = show.voteCount == 0 ? "–" : String(format: "%.1f", show.voteAverage)
            table.rows.append(["\(rank + 1)", show.name, FilmFormat.day(show.firstAirDate), rating, "\(show.id)"])
        }
        let footer = "\(list.count) series, \(FilmFormat.source(shows.provenance)). Data: TMDb."
        return title + "\n\n" + (list.isEmpty ? "no series\n" + footer : table.render() + "\n\n" + footer)
    }

    private struct ShowsJSON: Encodable {
        let source: FilmFormat.SourceJSON
        let series: [ShowJSON]
    }

    private struct ShowJSON: Encodable {
        let id: Int
        let name: String
        let firstAirDate: String?
        let voteAverage: Double
        let overview: String

        enum CodingKeys: String, CodingKey {
            case id, name, overview
            case firstAirDate = "first_air_date"
            case voteAverage = "vote_average"
        }
    }
}
