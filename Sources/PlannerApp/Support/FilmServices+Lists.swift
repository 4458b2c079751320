import Foundation
import NowPlaying

extension FilmServices {
    /// One page of a list, or every page with `--all`.
    package func list(_ list: MovieList, pages: PageRequest) async throws -> Fetched<Page<Movie>> {
        if pages.all {
            return try await client.allMovies(list, region: region, language: language, policy: policy)
        }
        return try await client.movies(list, region: region, language: language, page: pages.page, policy: policy)
    }
}

extension Fetched where Value == Page<Movie> {
    /// The report of this page, cut to `limit` films.
    package func report(title: String, limit: Int?, marked: Set<Int> = []) -> FilmListReport {
        let films = limit.map { Array(value.results.prefix($0)) } ?? value.results
        return FilmListReport(
            title: title, films: films, totalResults: value.totalResults, dates: value.dates, provenance: provenance,
            marked: marked)
    }
}
