import Foundation
import NowPlaying

/// IMDb ids wherever a film is named (`watchlist add tt0137523`, `movie tt0137523`, `lookup … --add`,
/// `GET /v1/films/tt0137523`): TMDb's `/find` turns them into TMDb's own ids.
extension FilmServices {
    /// The TMDb id of the film TMDb links to `imdbID`.
    /// - Throws: ``PlannerAppError/notFound(_:)`` when TMDb links no film to it (saying so when it is a series'),
    ///   and every fetch error.
    package func filmID(imdbID: String) async throws -> Int {
        let found = try await client.find(imdbID: imdbID, language: language, policy: policy).value
        // TMDb ids fit 32 bits, as every id the API and the stores take; an answer beyond is no film of TMDb's.
        if let movie = found.movies.first, (1...Int(Int32.max)).contains(movie.id) { return movie.id }
        let series = found.tvShows.first.map { "; it is the series \($0.name) (tv \($0.id))" } ?? ""
        throw PlannerAppError.notFound("TMDb knows no film with IMDb id \(imdbID)\(series)")
    }

    /// The TMDb id of the series TMDb links to `imdbID`.
    /// - Throws: ``PlannerAppError/notFound(_:)`` when TMDb links no series to it (saying so when it is a film's),
    ///   and every fetch error.
    package func seriesID(imdbID: String) async throws -> Int {
        let found = try await client.find(imdbID: imdbID, language: language, policy: policy).value
        if let show = found.tvShows.first, (1...Int(Int32.max)).contains(show.id) { return show.id }
        let film = found.movies.first.map { "; it is the film \($0.title) (\($0.id))" } ?? ""
        throw PlannerAppError.notFound("TMDb knows no series with IMDb id \(imdbID)\(film)")
    }
}
