import Foundation
import NowPlaying
import Transport

/// What a server's TMDb clients share from one request to the next (``DataCache/tmdb``): the configuration read
/// from the variables, and one transport and one request limiter, so that connections to TMDb are kept between
/// requests and the limit on requests in flight holds for the whole server.
package final class TMDbShared: @unchecked Sendable {
    /// The variables ``TMDbConfiguration/fromEnvironment(_:)`` reads.
    static let variableNames = ["TMDB_READ_ACCESS_TOKEN", "TMDB_API_KEY", "TMDB_BASE_URL"]

    private let lock = NSLock()
    private var keptConfiguration: (variables: [String?], configuration: TMDbConfiguration)?
    private var keptConnections: [Bool: Connections] = [:]

    /// A transport and the limiter its requests take slots from.
    package struct Connections: Sendable {
        package let transport: any HTTPTransport
        package let limiter: RequestLimiter
    }

    package init() {}

    /// TMDb's configuration from `variables`, read again only when one of its variables differs (a failure is
    /// not kept: it is thrown again next time).
    func configuration(from variables: [String: String]) throws -> TMDbConfiguration {
        let values = Self.variableNames.map { variables[$0] }
        if let kept = lock.withLock({ keptConfiguration }), kept.variables == values { return kept.configuration }
        let configuration = try TMDbConfiguration.fromEnvironment(variables)
        lock.withLock { keptConfiguration = (values, configuration) }
        return configuration
    }

    /// The transport (logging each request when `verbose`) and the limiter every client shares.
    func connections(verbose: Bool) -> Connections {
        lock.withLock {
            if let kept = keptConnections[verbose] { return kept }
            let made = Connections(
                transport: transport(verbose: verbose, service: "tmdb"),
                limiter: RequestLimiter(limit: TMDbClient.defaultMaxConcurrentRequests))
            keptConnections[verbose] = made
            return made
        }
    }
}
