import Foundation
import NowPlaying
import Watchlist

/// `planner watchlist import`: a Letterboxd CSV (titles looked up on TMDb) or a planner JSON export (no lookup).
package enum ListImport {
    /// Imports `data` into `list`, reporting progress through the titles.
    package static func run(
        _ data: Data, into list: FilmList, film options: FilmRequest, environment: Environment,
        progress: @escaping @Sendable (Int, Int) -> Void
    ) async throws -> ImportReport {
        let text = String(decoding: data.prefix(4096), as: UTF8.self)
        let isJSON = text.drop { $0 == "\u{FEFF}" || $0.isWhitespace }.first == "{"
        let store = try AppDatabase.open(explicit: options.db, environment: environment)
        let resolver: any FilmResolver
        if isJSON {
            resolver = NoResolver()
        } else {
            let services = try FilmServices.make(options, storage: .sqlite(store), environment: environment)
            resolver = TMDbFilmResolver(client: services.client, policy: services.policy)
        }
        return try await store.importFile(data, into: list, resolver: resolver, progress: progress)
    }
}

/// A resolver for JSON imports, which name their films and need none.
package struct NoResolver: FilmResolver {
    package init() {}

    package func resolve(title: String, year: Int?) async throws -> FilmMatch { .none }
}
