import Foundation
import NowPlaying
import OnlineLookup
import SQLiteStore
import Settings

/// The online services `nearby` and friends may ask, and when: never (`--offline`, or `online = never`), when the
/// local data falls short (`online = auto`, the default), or always (`--online`, or `online = always`).
package struct OnlineServices: Sendable {
    package enum Policy: String {
        case never, auto, always
    }

    package let policy: Policy
    package let overpass: OverpassClient
    package let nominatim: NominatimClient

    /// The services for this run, or nil when the policy is `never`. Base URLs come from `OVERPASS_URL` and
    /// `NOMINATIM_URL`; the contact in the User-Agent from `planner config set contact`.
    ///
    /// A command (no ``Environment/storage``) opens its lookup database on a thread of its own, then starts looking
    /// the services' host names up, while it goes on with its local data; ``Pending/ready()`` waits for the
    /// database.
    package static func start(
        forced: Bool, offline: Bool = false, verbose: Bool = false, db: String? = nil, environment: Environment
    ) throws -> Pending? {
        let settings = try environment.settings()
        let saved = Policy(rawValue: settings.online ?? Policy.auto.rawValue) ?? .auto
        // --offline and `online = never` are absolute; --online forces the services on otherwise.
        let policy: Policy = offline || saved == .never ? .never : forced ? .always : saved
        guard policy != .never else { return nil }
        let make: @Sendable () throws -> OnlineServices = {
            // A command's lookups read and write the cache in turn: one connection is enough (a server shares its
            // storage's pool).
            let cache = try environment.storage?.lookupCache
                ?? {
                    let store = try AppDatabase.open(explicit: db, environment: environment, concurrentReads: false)
                    return LookupCache(storage: SQLiteLookupCache(writer: store.writer, reads: store.reads))
                }()
            let agent = LookupIdentity.userAgent(contact: settings.contact ?? environment.variables["PLANNER_CONTACT"])
            return OnlineServices(
                policy: policy,
                overpass: OverpassClient(
                    baseURL: try url(environment.variables["OVERPASS_URL"], default: OverpassClient.defaultBaseURL),
                    userAgent: agent, cache: cache, transport: transport(verbose: verbose, service: "overpass")),
                nominatim: NominatimClient(
                    baseURL: try url(environment.variables["NOMINATIM_URL"], default: NominatimClient.defaultBaseURL),
                    userAgent: agent, cache: cache, transport: transport(verbose: verbose, service: "nominatim")))
        }
        guard environment.storage == nil else { return Pending(policy: policy, services: BackgroundValue(now: make)) }
        return Pending(
            policy: policy,
            services: BackgroundValue(onOwnThread: "planner.open") {
                let services = try make()
                // The command's first requests find their host names looked up, or under way. Only once the
                // database is open: a command it refuses asks nothing, not even the name server. (Overpass's name
                // is looked up even when the local data or the cache will answer: one query to the name server.)
                services.overpass.lookUpAhead()
                services.nominatim.lookUpAhead()
                return services
            })
    }

    /// The services of ``start(forced:offline:verbose:db:environment:)``, while they are being made.
    package struct Pending: Sendable {
        package let policy: Policy
        let services: BackgroundValue<OnlineServices>

        /// The services, once their database is open; throws what opening it (or reading a base URL) threw.
        package func ready() throws -> OnlineServices {
            try services.value()
        }
    }

    package static func url(_ text: String?, default fallback: URL) throws -> URL {
        guard let text, !text.isEmpty else { return fallback }
        guard let url = ParsedURLs.url(text), url.scheme != nil, url.host != nil else {
            throw OnlineLookupError.invalidBaseURL(text)
        }
        return url
    }
}

extension LookupProvenance {
    /// "fetched now", "from cache, 3 h old", "from cache, 2 days old (stale: the service could not be reached)".
    package var phrase: String {
        switch self {
        case .network: "fetched now"
        case .cache(let age, let stale): "from cache, \(FilmFormat.age(seconds: age)) old" + (stale ? " (stale: the service could not be reached)" : "")
        }
    }
}
