import Basics
import Foundation
import Transport

/// Where TMDb is and how to authenticate, as the application decides it.
///
/// ```swift
/// let configuration = try TMDbConfiguration.fromEnvironment(ProcessInfo.processInfo.environment)
/// let client = TMDbClient(configuration: configuration, cache: cache)
/// ```
public struct TMDbConfiguration: Sendable, Equatable {
    /// TMDb's public v3 API root.
    public static let defaultBaseURL = URL(string: "https://api.themoviedb.org/3")!

    /// The credential, or nil when none was given (offline use still works from the cache).
    public var credential: TMDbCredential?
    /// The API root every path is appended to.
    public var baseURL: URL
    /// The user's region (ISO 3166-1), sent with every request that does not name one itself. TMDb reads it on
    /// the lists, search and release dates and ignores it elsewhere, so sending it always costs nothing and keeps
    /// every request saying whose cinemas it is about.
    public var region: String?

    /// Creates a configuration.
    public init(credential: TMDbCredential?, baseURL: URL = TMDbConfiguration.defaultBaseURL) {
        self.credential = credential
        self.baseURL = baseURL
    }

    /// Reads `TMDB_READ_ACCESS_TOKEN` (preferred), `TMDB_API_KEY` and `TMDB_BASE_URL` from `env`.
    ///
    /// The library itself never reads the process environment: the CLI passes it in.
    /// - Throws: ``NowPlayingError/invalidBaseURL(_:)`` when `TMDB_BASE_URL` is not an http(s) URL.
    public static func fromEnvironment(_ env: [String: String]) throws -> TMDbConfiguration {
        func value(_ name: String) -> String? {
            guard let raw = env[name]?.trimmingWhitespaceAndNewlines(), !raw.isEmpty else {
                return nil
            }
            return raw
        }
        let credential: TMDbCredential?
        if let token = value("TMDB_READ_ACCESS_TOKEN") {
            credential = .bearer(token)
        } else if let key = value("TMDB_API_KEY") {
            credential = .apiKey(key)
        } else {
            credential = nil
        }
        var baseURL = defaultBaseURL
        if let text = value("TMDB_BASE_URL") {
            guard let url = URL(string: text), let scheme = url.scheme?.lowercased(),
                scheme == "http" || scheme == "https", url.host != nil
            else {
                throw NowPlayingError.invalidBaseURL(URLRedaction.redacted(text))
            }
            baseURL = url
        }
        return TMDbConfiguration(credential: credential, baseURL: baseURL)
    }
}
