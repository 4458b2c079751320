import Foundation

extension TMDbClient {
    /// Searches films by title (`/search/movie`).
    /// - Parameters:
    ///   - query: words of the title; must not be blank.
    ///   - year: only films released that year.
    ///   - region: an ISO 3166-1 code to weigh release dates by.
    ///   - language: an IETF tag for titles and overviews.
    ///   - page: 1…500.
    ///   - policy: how the cache is used.
    public func searchMovies(
        query: String, year: Int? = nil, region: String? = nil, language: String? = nil, page: Int = 1,
        policy: CachePolicy = .normal
    ) async throws -> Fetched<Page<Movie>> {
        let trimmed = query.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty else { throw NowPlayingError.emptyQuery }
        try Self.validate(page: page)
        let endpoint = Endpoint(
            "/search/movie",
            query: [
                "query": trimmed, "year": year.map(String.init), "region": region, "language": language,
                "page": String(page),
            ],
            freshness: .list)
        return try await fetch(endpoint, as: Page<Movie>.self, policy: policy, kept: .moviePage)
    }

    /// Searches series by name (`/search/tv`).
    /// - Parameters:
    ///   - query: words of the name; must not be blank.
    ///   - firstAirYear: only series first aired that year.
    ///   - language: an IETF tag for names and overviews.
    ///   - page: 1…500.
    ///   - policy: how the cache is used.
    public func searchTV(
        query: String, firstAirYear: Int? = nil, language: String? = nil, page: Int = 1,
        policy: CachePolicy = .normal
    ) async throws -> Fetched<Page<TVShow>> {
        let trimmed = query.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty else { throw NowPlayingError.emptyQuery }
        try Self.validate(page: page)
        let endpoint = Endpoint(
            "/search/tv",
            query: [
                "query": trimmed, "first_air_date_year": firstAirYear.map(String.init), "language": language,
                "page": String(page),
            ],
            freshness: .list)
        return try await fetch(endpoint, as: Page<TVShow>.self, policy: policy)
    }
}
