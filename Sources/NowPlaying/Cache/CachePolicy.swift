/// How a request uses the response cache.
public enum CachePolicy: Sendable, Equatable {
    /// A fresh entry answers with no request; otherwise fetch, and fall back on a stale entry if the network fails.
    case normal
    /// Only the cache answers, whatever its age; a missing entry is ``NowPlayingError/offlineCacheMiss(endpoint:)``.
    case offline
    /// Always fetch (and store); fall back on a cached entry only if the network fails.
    case refresh
}

/// How long cached answers stay fresh, in seconds.
public struct CacheTTL: Sendable, Equatable {
    /// Lists (now playing, upcoming, popular, trending, searches): 6 hours by default.
    public var listSeconds: Double
    /// Details, release dates and configuration: 7 days by default.
    public var detailSeconds: Double

    /// 6 hours for lists, 7 days for details.
    public static let standard = CacheTTL()

    /// Creates time-to-live settings.
    public init(listSeconds: Double = 6 * 3600, detailSeconds: Double = 7 * 24 * 3600) {
        self.listSeconds = listSeconds
        self.detailSeconds = detailSeconds
    }
}
