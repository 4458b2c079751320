import Foundation

/// TMDb's series lists.
public enum TVList: String, Sendable, CaseIterable {
    /// Series popular on TMDb now (`/tv/popular`).
    case popular
    /// Series with an episode airing in the next seven days (`/tv/on_the_air`).
    case onTheAir = "on_the_air"
    /// Series with an episode airing today (`/tv/airing_today`).
    case airingToday = "airing_today"

    /// The API path.
    var path: String { "/tv/\(rawValue)" }
}

extension TMDbClient {
    /// One page of a series list.
    /// - Parameters:
    ///   - list: which list.
    ///   - language: an IETF tag such as "en-GB" for names and overviews.
    ///   - page: 1…500.
    ///   - policy: how the cache is used.
    /// - Throws: ``NowPlayingError/invalidPage(_:)`` and every fetch error.
    public func tvShows(
        _ list: TVList, language: String? = nil, page: Int = 1, policy: CachePolicy = .normal
    ) async throws -> Fetched<Page<TVShow>> {
        try Self.validate(page: page)
        let endpoint = Endpoint(list.path, query: ["language": language, "page": String(page)], freshness: .list)
        return try await fetch(endpoint, as: Page<TVShow>.self, policy: policy)
    }

    /// Every page of a series list, fetched concurrently after the first; see ``allPages(maxPages:onPage:_:)``.
    public func allTVShows(
        _ list: TVList, language: String? = nil, maxPages: Int = 500, policy: CachePolicy = .normal,
        onPage: (@Sendable (_ done: Int, _ total: Int) -> Void)? = nil
    ) async throws -> Fetched<Page<TVShow>> {
        try await Self.allPages(maxPages: maxPages, onPage: onPage) { page in
            try await tvShows(list, language: language, page: page, policy: policy)
        }
    }

    /// A series' posters and backdrops (`/tv/{id}/images`).
    /// - Throws: ``NowPlayingError/notFound(_:)`` when TMDb has no such series, and every fetch error.
    public func tvImages(id: Int, policy: CachePolicy = .normal) async throws -> Fetched<ImageSet> {
        let endpoint = Endpoint("/tv/\(id)/images", freshness: .detail)
        return try await fetch(endpoint, as: ImageSet.self, policy: policy, accepts: { $0.id == id })
    }
}
