import Foundation

extension TMDbClient {
    /// A film's details with its release dates (`/movie/{id}?append_to_response=release_dates`).
    /// - Throws: ``NowPlayingError/notFound(_:)`` when TMDb has no such film, and every fetch error.
    public func movie(
        id: Int, language: String? = nil, policy: CachePolicy = .normal
    ) async throws -> Fetched<MovieDetails> {
        let endpoint = Endpoint(
            "/movie/\(id)", query: ["append_to_response": "release_dates", "language": language],
            freshness: .detail)
        // A body for another film (a redirect from a merged id, a mis-served answer) would list that film twice.
        return try await fetch(
            endpoint, as: MovieDetails.self, policy: policy, accepts: { $0.id == id }, kept: .movieDetails)
    }

    /// A series' details (`/tv/{id}`): seasons, episodes, networks, air dates, the next episode.
    /// - Throws: ``NowPlayingError/notFound(_:)`` when TMDb has no such series, and every fetch error.
    public func tvShow(id: Int, language: String? = nil, policy: CachePolicy = .normal) async throws
        -> Fetched<TVShowDetails>
    {
        let endpoint = Endpoint("/tv/\(id)", query: ["language": language], freshness: .detail)
        return try await fetch(endpoint, as: TVShowDetails.self, policy: policy, accepts: { $0.show.id == id })
    }

    /// A film's releases by country (`/movie/{id}/release_dates`), types 1–6.
    public func releaseDates(movieID: Int, policy: CachePolicy = .normal) async throws -> Fetched<ReleaseDates> {
        let endpoint = Endpoint("/movie/\(movieID)/release_dates", freshness: .detail)
        return try await fetch(endpoint, as: ReleaseDates.self, policy: policy)
    }

    /// A film's posters and backdrops (`/movie/{id}/images`).
    /// - Throws: ``NowPlayingError/notFound(_:)`` when TMDb has no such film, and every fetch error.
    public func movieImages(id: Int, policy: CachePolicy = .normal) async throws -> Fetched<ImageSet> {
        let endpoint = Endpoint("/movie/\(id)/images", freshness: .detail)
        return try await fetch(endpoint, as: ImageSet.self, policy: policy, accepts: { $0.id == id })
    }

    /// Where TMDb serves images (`/configuration`), to build poster URLs.
    public func imageConfiguration(policy: CachePolicy = .normal) async throws -> Fetched<ImageConfiguration> {
        try await fetch(Endpoint("/configuration", freshness: .detail), as: ImageConfiguration.self, policy: policy)
    }
}
