import Foundation
import NowPlaying
import Settings

/// What the film commands need: a TMDb client with its cache, the region and the cache policy.
struct FilmServices {
    let client: TMDbClient
    let region: String?
    let language: String?
    let policy: CachePolicy
    let variables: [String: String]

    /// Builds the services from the environment, the settings and the shared options.
    static func make(_ options: FilmOptions, environment: Environment = Environment()) throws -> FilmServices {
        let settings = try environment.settings()
        let configuration = try TMDbConfiguration.fromEnvironment(environment.variables)
        let cache = try FilmDatabase.openCache(path: options.db, environment: environment.variables)
        let policy: CachePolicy
        if options.offline || settings.online == "never" {
            policy = .offline
        } else if options.refresh {
            policy = .refresh
        } else {
            policy = .normal
        }
        return FilmServices(
            client: TMDbClient(configuration: configuration, cache: cache),
            region: (options.region ?? settings.region)?.uppercased(), language: options.language, policy: policy,
            variables: environment.variables)
    }
}

/// The database file the watchlist and the TMDb cache share.
enum FilmDatabase {
    /// `--db`, else `$PLANNER_DB`, else `$XDG_DATA_HOME/planner/planner.sqlite`, else `~/.local/share/planner/…`.
    static func url(path: String?, environment: [String: String]) -> URL {
        if let path, !path.isEmpty { return URL(fileURLWithPath: path) }
        if let explicit = environment["PLANNER_DB"], !explicit.isEmpty { return URL(fileURLWithPath: explicit) }
        let base =
            environment["XDG_DATA_HOME"].flatMap { $0.isEmpty ? nil : URL(fileURLWithPath: $0) }
            ?? URL(fileURLWithPath: environment["HOME"] ?? NSHomeDirectory())
            .appendingPathComponent(".local").appendingPathComponent("share")
        return base.appendingPathComponent("planner").appendingPathComponent("planner.sqlite")
    }

    /// Opens (creating if needed) the database and migrates the TMDb cache's tables.
    static func openCache(path: String?, environment: [String: String]) throws -> TMDbCache {
        let url = url(path: path, environment: environment)
        do {
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            return try TMDbCache.open(fileAt: url)
        } catch {
            throw FilmCLIError.cannotOpenDatabase(path: url.path)
        }
    }
}

/// Errors of the film commands themselves, each one sentence.
enum FilmCLIError: Error, CustomStringConvertible {
    case cannotOpenDatabase(path: String)
    case missingOMDbKey
    case noRegion(command: String)

    var description: String {
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
