import Foundation
import NowPlaying
import Settings
import Transport
import Watchlist

/// What the film commands need: a TMDb client with its cache, the region and the cache policy.
package struct FilmServices {
    package let client: TMDbClient
    package let store: any ListStorage
    package let region: String?
    /// The region the request named (`--region`, `region=`), before the saved one and the home's country.
    package var requestedRegion: String? = nil
    package let language: String?
    package let policy: CachePolicy
    package let variables: [String: String]
    /// The TMDb response cache the client uses (for pruning).
    package let cache: TMDbCache
    /// The lists are known to hold nothing (a public route's, read as no account's): marking films and a film's
    /// personal status then ask the store nothing.
    package var listsAreEmpty = false

    /// Builds the services from the environment, the settings and the shared options, over the SQLite file opened
    /// with one connection: a command reads and writes in turn.
    package static func make(_ options: FilmRequest, environment: Environment) throws -> FilmServices {
        let file = try AppDatabase.open(explicit: options.db, environment: environment, concurrentReads: false)
        return try make(options, storage: .sqlite(file), environment: environment)
    }

    /// Builds the services over open storage (the server's, scoped to one user).
    package static func make(_ options: FilmRequest, storage: Storage, environment: Environment) throws -> FilmServices {
        try options.validate()
        let settings = try environment.settings()
        // A server reads the configuration once and shares one transport and limiter between its requests.
        let shared = environment.cache?.tmdb
        var configuration = try shared?.configuration(from: environment.variables)
            ?? TMDbConfiguration.fromEnvironment(environment.variables)
        let connections = shared?.connections(verbose: options.verbose)
            ?? TMDbShared.Connections(
                transport: transport(verbose: options.verbose, service: "tmdb"),
                limiter: RequestLimiter(limit: TMDbClient.defaultMaxConcurrentRequests))
        let region = (options.region ?? settings.region ?? settings.home?.countryCode)?.uppercased()
        configuration.region = region
        let cache = storage.tmdbCache
        let policy: CachePolicy
        if options.offline || settings.online == "never" {
            policy = .offline
        } else if options.refresh {
            policy = .refresh
        } else {
            policy = .normal
        }
        return FilmServices(
            client: TMDbClient(
                configuration: configuration,
                transport: connections.transport,
                cache: cache,
                limiter: connections.limiter,
                ttl: CacheTTL(
                    listSeconds: settings.cacheLists.flatMap(Settings.seconds(fromDuration:)) ?? CacheTTL.standard.listSeconds,
                    detailSeconds: settings.cacheDetails.flatMap(Settings.seconds(fromDuration:))
                        ?? CacheTTL.standard.detailSeconds)),
            store: storage.lists,
            region: region, requestedRegion: options.region?.uppercased(), language: options.language, policy: policy,
            variables: environment.variables, cache: cache)
    }
}

/// Errors of the film commands themselves, each one sentence.
package enum FilmServicesError: Error, CustomStringConvertible {
    case cannotOpenDatabase(path: String)
    case missingOMDbKey
    case noRegion(command: String)

    package var description: String {
        switch self {
        case .cannotOpenDatabase(let path):
            "cannot open the database '\(path)'; pass --db FILE or set PLANNER_DB to a writable file"
        case .missingOMDbKey:
            "no OMDb key: set OMDB_API_KEY; a free key is at https://www.omdbapi.com/apikey.aspx"
        case .noRegion(let command):
            "'planner \(command)' needs a region: pass --region CC or save one with 'planner config set region CC'"
        }
    }
}
