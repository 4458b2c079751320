import Foundation
import NowPlaying
import Watchlist

/// What adding a film to a list did, for both faces to report.
package struct ListAddition {
    package let film: Film
    package let result: AddResult

    /// "Fight Club (1999)".
    package var name: String { "\(film.title)\(film.year.map { " (\($0))" } ?? "")" }
}

/// The list use cases of `watchlist …`, `favorites …` and `/v1/me/watchlist`, `/v1/me/favorites`.
extension FilmServices {
    /// Adds the film with TMDb id `id`, looked up on TMDb (or in the cache) with its release dates.
    package func add(id: Int, to list: FilmList, note: String? = nil, priority: Int = 0) async throws -> ListAddition {
        guard id > 0 else { throw PlannerAppError.invalidArgument("the TMDb id must be a positive number, not \(id)") }
        let (film, releases) = FilmBridge.film(try await client.movie(id: id, policy: policy).value)
        try store.upsertDetails(film, releases: releases)
        return ListAddition(film: film, result: try store.add(film, to: list, note: note, priority: priority))
    }
}

extension PlannerStore {
    /// The list as the JSON rows both faces write.
    package func listJSON(_ list: FilmList, query: ListQuery = ListQuery()) throws -> [ListItemJSON] {
        try self.list(list, query: query).map(ListItemJSON.init)
    }
}
