import Foundation
import NowPlaying
import Watchlist

/// Turns TMDb's answers into the store's films, and finds films for `watchlist add` and imports.
package enum FilmBridge {
    /// The store's film for TMDb details, with every region's earliest theatrical release (types 2 and 3).
    package static func film(_ details: MovieDetails) -> (Film, [RegionalRelease]) {
        let releases = (details.releaseDates?.byRegion ?? [:]).keys.sorted().compactMap { region in
            details.theatricalReleaseDate(region: region).map { RegionalRelease(region: region, date: FilmFormat.day($0)) }
        }
        return (film(details.movie), releases)
    }

    /// The store's film for a TMDb list or search result.
    package static func film(_ movie: Movie) -> Film {
        Film(
            id: movie.id, title: movie.title, originalTitle: movie.originalTitle, year: movie.releaseYear,
            releaseDate: movie.releaseDate.map { FilmFormat.day($0) }, posterPath: movie.posterPath,
            overview: movie.overview.isEmpty ? nil : movie.overview, needsDetails: false)
    }

    /// The films a title search found, best first: exact title (ignoring case) and year, then the rest.
    package static func matches(_ results: [Movie], title: String, year: Int?) -> [Movie] {
        let folded = fold(title)
        let exact = results.filter {
            (fold($0.title) == folded || fold($0.originalTitle) == folded) && (year == nil || $0.releaseYear == year)
        }
        return exact.isEmpty ? results.filter { year == nil || $0.releaseYear == year } : exact
    }

    package static func fold(_ text: String) -> String {
        text.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil)
            .trimmingCharacters(in: .whitespaces)
    }
}

/// Resolves Letterboxd rows by searching TMDb for the title and year.
package struct TMDbFilmResolver: FilmResolver {
    package let client: TMDbClient
    package let policy: CachePolicy

    package func resolve(title: String, year: Int?) async throws -> FilmMatch {
        let page = try await client.searchMovies(query: title, year: year, policy: policy).value
        let matches = FilmBridge.matches(page.results, title: title, year: year)
        switch matches.count {
        case 0: return .none
        case 1: return .matched(FilmBridge.film(matches[0]))
        default:
            // Several films share the title and year: the one exact title wins, else it stays ambiguous.
            let exact = matches.filter { FilmBridge.fold($0.title) == FilmBridge.fold(title) }
            return exact.count == 1 ? .matched(FilmBridge.film(exact[0])) : .ambiguous(matches.map(FilmBridge.film))
        }
    }
    package init(client: TMDbClient, policy: CachePolicy) {
        self.client = client
        self.policy = policy
    }

}
