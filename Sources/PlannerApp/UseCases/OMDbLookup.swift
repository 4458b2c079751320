import Foundation
import NowPlaying
import Transport

/// `planner lookup`: one film's OMDb record (ratings from IMDb, Rotten Tomatoes and Metacritic, the plot).
package enum OMDbLookup {
    /// Looks the film up with `OMDB_API_KEY` (and `OMDB_BASE_URL`, for a stand-in).
    /// - Throws: ``FilmServicesError/missingOMDbKey`` without a key, else `NowPlayingError`.
    package static func movie(title: String, year: Int?, verbose: Bool, environment: Environment)
        async throws -> OMDbMovie
    {
        let variables = environment.variables
        guard let key = variables["OMDB_API_KEY"], !key.isEmpty else { throw FilmServicesError.missingOMDbKey }
        var baseURL = OMDbClient.defaultBaseURL
        if let text = variables["OMDB_BASE_URL"], !text.isEmpty {
            guard let url = URL(string: text), url.host != nil else {
                throw NowPlayingError.invalidBaseURL(URLRedaction.redacted(text))
            }
            baseURL = url
        }
        return try await OMDbClient(apiKey: key, baseURL: baseURL, transport: transport(verbose: verbose, service: "omdb"))
            .movie(title: title, year: year)
    }

    package struct JSON: Encodable {
        let title: String
        let year: String?
        let plot: String?
        let imdbID: String?
        let ratings: [String: String]
        /// OMDb's poster URL; null when it has none.
        let posterURL: Nullable<String>

        package init(_ film: OMDbMovie) {
            title = film.title
            year = film.year
            plot = film.plot
            imdbID = film.imdbID
            ratings = Dictionary(film.ratings.map { ($0.source, $0.value) }, uniquingKeysWith: { a, _ in a })
            posterURL = Nullable(film.poster)
        }

        enum CodingKeys: String, CodingKey {
            case title, year, plot, ratings
            case imdbID = "imdb_id"
            case posterURL = "poster_url"
        }
    }
}

extension FilmServices {
    /// `planner lookup … --add`: adds the film OMDb found to `list`, through its IMDb id and TMDb's `/find`.
    /// - Throws: ``PlannerAppError/notFound(_:)`` when OMDb gave no IMDb id, or TMDb knows no film with it.
    package func add(_ film: OMDbMovie, to list: FilmList) async throws -> ListAddition {
        guard let imdbID = film.imdbID else {
            throw PlannerAppError.notFound(
                "OMDb gave no IMDb id for '\(PlannerAppError.shortened(film.title))', so it cannot be added")
        }
        return try await add(id: try await filmID(imdbID: imdbID), to: list)
    }
}
