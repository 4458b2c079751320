import Foundation
import NowPlaying
import Theaters
import Tabular

/// One film's details, as text or JSON.
package struct MovieReport {
    package let details: MovieDetails
    package let region: String?
    package let provenance: Provenance
    package let posterURL: URL?
    /// Your lists and diary for this film, when it is on a list or has a diary entry.
    package var yours: PersonalStatus? = nil

    package var theatrical: Date? { region.flatMap { details.theatricalReleaseDate(region: $0) } }

    package func text() -> String {
        let movie = details.movie
        var lines = [movie.title + (movie.releaseYear.map { " (\($0))" } ?? "")]
        if movie.originalTitle != movie.title { lines.append("Original title: \(movie.originalTitle)") }
        var facts: [String] = []
        if let date = movie.releaseDate { facts.append("released \(FilmFormat.day(date))") }
        if let minutes = details.runtimeMinutes, minutes > 0 { facts.append("\(minutes) min") } else { facts.append("runtime N/A") }
        if !details.genres.isEmpty { facts.append(details.genres.map(\.name).joined(separator: ", ")) }
        if movie.voteCount > 0 { facts.append("rated \(FilmFormat.rating(movie)) by \(movie.voteCount) voters") }
        if !facts.isEmpty { lines.append(facts.joined(separator: " · ")) }
        if let region {
            if let theatrical {
                let certificate = details.releaseDates?.certification(region: region).map { " (\($0))" } ?? ""
                lines.append("In cinemas in \(region) from \(FilmFormat.day(theatrical))\(certificate)")
            } else {
                lines.append("No cinema release date known in \(region)")
            }
        }
        if let yours { lines += yours.lines }
        if !details.tagline.isEmpty { lines.append(details.tagline) }
        lines += ["", movie.overview.isEmpty ? "Overview: N/A" : movie.overview, ""]
        var ids = ["TMDb \(movie.id)"]
        if let imdb = details.imdbID { ids.append("IMDb \(imdb)") }
        lines.append(ids.joined(separator: " · "))
        lines.append("Poster: \(posterURL?.absoluteString ?? "N/A")")
        lines.append("Details \(FilmFormat.source(provenance)). Data: TMDb (not endorsed or certified by TMDb).")
        return lines.joined(separator: "\n")
    }

    package func csv() -> String {
        let movie = details.movie
        return CSVTable.line([
            "id", "title", "original_title", "release_date", "region", "theatrical_release", "vote_average", "vote_count",
            "runtime_min", "imdb_id", "overview", "poster_url",
        ]) + "\n"
            + CSVTable.line([
                "\(movie.id)", movie.title, movie.originalTitle, FilmFormat.day(movie.releaseDate), region ?? "",
                FilmFormat.day(theatrical), String(format: "%.1f", movie.voteAverage), "\(movie.voteCount)",
                details.runtimeMinutes.map(String.init) ?? "", details.imdbID ?? "",
                movie.overview.isEmpty ? "N/A" : movie.overview, posterURL?.absoluteString ?? "",
            ])
    }

    package func json() throws -> String {
        try FilmFormat.json(
            MovieJSON(
                film: FilmJSON(details.movie, posterURL: posterURL?.absoluteString),
                runtimeMinutes: details.runtimeMinutes,
                genres: details.genres.map(\.name), imdbID: details.imdbID, region: region,
                theatricalRelease: theatrical.map { FilmFormat.day($0) }, posterURL: posterURL?.absoluteString,
                source: FilmFormat.sourceJSON(provenance), yours: yours))
    }

    private struct MovieJSON: Encodable {
        let film: FilmJSON
        let runtimeMinutes: Int?
        let genres: [String]
        let imdbID: String?
        let region: String?
        let theatricalRelease: String?
        let posterURL: String?
        let source: FilmFormat.SourceJSON
        let yours: PersonalStatus?

        enum CodingKeys: String, CodingKey {
            case film, genres, region, source, yours
            case runtimeMinutes = "runtime_min"
            case imdbID = "imdb_id"
            case theatricalRelease = "theatrical_release"
            case posterURL = "poster_url"
        }
    }
    package init(details: MovieDetails, region: String?, provenance: Provenance, posterURL: URL?) {
        self.details = details
        self.region = region
        self.provenance = provenance
        self.posterURL = posterURL
    }

}

/// What you have said of one film: on which lists, your rating, review and the day you watched it.
package struct PersonalStatus: Encodable, Sendable, Equatable {
    package let onWatchlist: Bool
    package let favorite: Bool
    package let rating: Double?
    package let review: String?
    package let watchedOn: String?

    package init(onWatchlist: Bool, favorite: Bool, rating: Double?, review: String?, watchedOn: String?) {
        self.onWatchlist = onWatchlist
        self.favorite = favorite
        self.rating = rating
        self.review = review
        self.watchedOn = watchedOn
    }

    /// The lines `planner movie` prints: "Yours: on your watchlist · ★ favorite · rated 4.5 · watched …", then the review.
    var lines: [String] {
        let facts = [
            onWatchlist ? "on your watchlist" : nil, favorite ? "★ favorite" : nil,
            rating.map { "rated \(String(format: "%.1f", $0))" } ?? nil, watchedOn.map { "watched \($0)" },
        ].compactMap { $0 }
        return (facts.isEmpty ? [] : ["Yours: " + facts.joined(separator: " · ")]) + (review.map { ["Your review: \($0)"] } ?? [])
    }

    enum CodingKeys: String, CodingKey {
        case favorite, rating, review
        case onWatchlist = "on_watchlist"
        case watchedOn = "watched_on"
    }
}
