import Foundation

extension TMDbClient {
    /// The films and series TMDb links to an IMDb id (`/find/{imdb_id}?external_source=imdb_id`).
    /// - Parameters:
    ///   - imdbID: an IMDb id such as "tt0137523": letters and digits only.
    ///   - language: an IETF tag for titles and overviews.
    ///   - policy: how the cache is used.
    /// - Returns: empty lists when TMDb links nothing to the id (TMDb answers 200 either way).
    /// - Throws: ``NowPlayingError/notFound(_:)`` for an id with other characters, and every fetch error.
    public func find(imdbID: String, language: String? = nil, policy: CachePolicy = .normal) async throws
        -> Fetched<FoundTitles>
    {
        guard !imdbID.isEmpty, imdbID.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber) }) else {
            throw NowPlayingError.notFound("IMDb id '\(imdbID.prefix(40))'")
        }
        let endpoint = Endpoint(
            "/find/\(imdbID)", query: ["external_source": "imdb_id", "language": language], freshness: .detail)
        return try await fetch(endpoint, as: FoundTitles.self, policy: policy)
    }
}
