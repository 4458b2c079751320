import Foundation

/// TMDb's movie lists.
public enum MovieList: String, Sendable, CaseIterable {
    /// Films in cinemas now (`/movie/now_playing`).
    case nowPlaying = "now_playing"
    /// Films coming to cinemas soon (`/movie/upcoming`).
    case upcoming
    /// Films popular on TMDb now (`/movie/popular`).
    case popular

    /// The API path.
    var path: String { "/movie/\(rawValue)" }
}

extension TMDbClient {
    /// One page of a movie list.
    /// - Parameters:
    ///   - list: which list.
    ///   - region: an ISO 3166-1 code such as "GB": the country whose release dates count.
    ///   - language: an IETF tag such as "en-GB" for titles and overviews.
    ///   - page: 1…500.
    ///   - policy: how the cache is used.
    /// - Throws: ``NowPlayingError/invalidPage(_:)`` and every fetch error.
    public func movies(
        _ list: MovieList, region: String? = nil, language: String? = nil, page: Int = 1,
        policy: CachePolicy = .normal
    ) async throws -> Fetched<Page<Movie>> {
        try Self.validate(page: page)
        let endpoint = Endpoint(
            list.path, query: ["region": region, "language": language, "page": String(page)], freshness: .list)
        return try await fetch(endpoint, as: Page<Movie>.self, policy: policy, kept: .moviePage)
    }

    /// One page of films in cinemas now, with the date window TMDb counts as "now".
    public func nowPlaying(
        region: String? = nil, language: String? = nil, page: Int = 1, policy: CachePolicy = .normal
    ) async throws -> Fetched<Page<Movie>> {
        try await movies(.nowPlaying, region: region, language: language, page: page, policy: policy)
    }

    /// One page of films coming to cinemas, with their date window.
    public func upcoming(
        region: String? = nil, language: String? = nil, page: Int = 1, policy: CachePolicy = .normal
    ) async throws -> Fetched<Page<Movie>> {
        try await movies(.upcoming, region: region, language: language, page: page, policy: policy)
    }

    /// One page of films popular on TMDb.
    public func popular(
        region: String? = nil, language: String? = nil, page: Int = 1, policy: CachePolicy = .normal
    ) async throws -> Fetched<Page<Movie>> {
        try await movies(.popular, region: region, language: language, page: page, policy: policy)
    }

    /// Every page of a movie list, fetched concurrently after the first; see ``allPages(maxPages:onPage:_:)``.
    public func allMovies(
        _ list: MovieList, region: String? = nil, language: String? = nil, maxPages: Int = 500,
        policy: CachePolicy = .normal, onPage: (@Sendable (_ done: Int, _ total: Int) -> Void)? = nil
    ) async throws -> Fetched<Page<Movie>> {
        try await Self.allPages(maxPages: maxPages, onPage: onPage) { page in
            try await movies(list, region: region, language: language, page: page, policy: policy)
        }
    }

    /// Films trending on TMDb this week (`/trending/movie/week`).
    public func trendingMovies(
        language: String? = nil, page: Int = 1, policy: CachePolicy = .normal
    ) async throws -> Fetched<Page<Movie>> {
        try Self.validate(page: page)
        let endpoint = Endpoint(
            "/trending/movie/week", query: ["language": language, "page": String(page)], freshness: .list)
        return try await fetch(endpoint, as: Page<Movie>.self, policy: policy, kept: .moviePage)
    }

    /// Series trending on TMDb this week (`/trending/tv/week`).
    public func trendingTV(
        language: String? = nil, page: Int = 1, policy: CachePolicy = .normal
    ) async throws -> Fetched<Page<TVShow>> {
        try Self.validate(page: page)
        let endpoint = Endpoint(
            "/trending/tv/week", query: ["language": language, "page": String(page)], freshness: .list)
        return try await fetch(endpoint, as: Page<TVShow>.self, policy: policy)
    }

    /// Fetches page 1 to learn how many pages there are, then the rest concurrently, and joins them.
    ///
    /// The client's limit on requests in flight still holds. Items met on an earlier page are dropped from
    /// later ones (TMDb's lists shift while they are read).
    /// - Parameters:
    ///   - maxPages: the most pages to read (TMDb serves 500 at most).
    ///   - onPage: called after each page with pages done and pages to do.
    ///   - fetchPage: fetches one page by number.
    /// - Returns: one page holding every item, `page` 1, `totalPages` as TMDb said, the first page's dates,
    ///   and the oldest provenance of all.
    public static func allPages<Item: Sendable & Decodable & Equatable & Identifiable>(
        maxPages: Int = 500,
        onPage: (@Sendable (_ done: Int, _ total: Int) -> Void)? = nil,
        _ fetchPage: @escaping @Sendable (Int) async throws -> Fetched<Page<Item>>
    ) async throws -> Fetched<Page<Item>> {
        let first = try await fetchPage(1)
        let last = min(first.value.totalPages, maxPages, 500)
        onPage?(1, max(1, last))
        guard last > 1 else { return first }
        var pages: [Int: Fetched<Page<Item>>] = [1: first]
        try await withThrowingTaskGroup(of: (Int, Fetched<Page<Item>>).self) { group in
            for number in 2...last {
                group.addTask { (number, try await fetchPage(number)) }
            }
            for try await (number, page) in group {
                pages[number] = page
                onPage?(pages.count, last)
            }
        }
        var seen = Set<Item.ID>()
        var items: [Item] = []
        var provenance = first.provenance
        for number in 1...last {
            guard let page = pages[number] else { continue }
            provenance = provenance.combined(with: page.provenance)
            for item in page.value.results where seen.insert(item.id).inserted {
                items.append(item)
            }
        }
        let joined = Page(
            page: 1, totalPages: first.value.totalPages, totalResults: first.value.totalResults, results: items,
            dates: first.value.dates)
        return Fetched(joined, provenance: provenance)
    }
}
