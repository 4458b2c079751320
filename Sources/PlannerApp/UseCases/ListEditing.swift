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

/// Several films answer to a title: nothing is added, and these are listed to choose from by id.
package struct AmbiguousTitle: Error, CustomStringConvertible {
    package let title: String
    package let matches: [Movie]

    package var description: String {
        var lines = ["'\(PlannerAppError.shortened(title))' matches \(matches.count) films; nothing was added. Add one by id:"]
        for movie in matches.prefix(10) {
            lines.append("  \(movie.id)  \(movie.title) (\(movie.releaseYear.map(String.init) ?? "?"))")
        }
        return lines.joined(separator: "\n")
    }
}

/// The list use cases of `watchlist …`, `favorites …` and `/v1/me/watchlist`, `/v1/me/favorites`.
extension FilmServices {
    /// Adds a film named by TMDb id, by IMDb id, or by a title that exactly one search result has (with `year`,
    /// if given).
    /// - Throws: ``AmbiguousTitle`` when several films answer to the title; ``PlannerAppError/notFound(_:)`` when none.
    package func add(
        _ reference: FilmReference, year: Int?, to list: FilmList, note: String? = nil, priority: Int = 0
    ) async throws -> ListAddition {
        if let id = reference.id { return try await add(id: id, to: list, note: note, priority: priority) }
        if let imdbID = reference.imdbID {
            return try await add(id: try await filmID(imdbID: imdbID), to: list, note: note, priority: priority)
        }
        let page = try await client.searchMovies(query: reference.title, year: year, region: region, policy: policy).value
        let matches = FilmBridge.matches(page.results, title: reference.title, year: year)
        guard let only = matches.first else {
            throw PlannerAppError.notFound(
                "TMDb knows no film called '\(PlannerAppError.shortened(reference.title))'" + (year.map { " from \($0)" } ?? ""))
        }
        guard matches.count == 1 else { throw AmbiguousTitle(title: reference.title, matches: matches) }
        return try await add(id: only.id, to: list, note: note, priority: priority)
    }

    /// Adds the film with TMDb id `id`, looked up on TMDb (or in the cache) with its release dates.
    package func add(id: Int, to list: FilmList, note: String? = nil, priority: Int = 0) async throws -> ListAddition {
        guard (1...Int(Int32.max)).contains(id) else {
            throw PlannerAppError.invalidArgument("the TMDb id must be a positive number, not \(id)")
        }
        let (film, releases) = FilmBridge.film(try await client.movie(id: id, policy: policy).value)
        try store.upsertDetails(film, releases: releases)
        return ListAddition(film: film, result: try store.add(film, to: list, note: note, priority: priority))
    }
}

extension PlannerStore {
    /// Adds a film by id with a title and no lookup (offline); the next `planner sync` fills in the details.
    package func addWithoutLookup(id: Int, title: String, year: Int?, to list: FilmList, note: String?, priority: Int)
        throws -> ListAddition
    {
        let film = try self.film(id: id) ?? Film.placeholder(id: id, title: title, year: year)
        try upsertDetails(film, releases: [])
        return ListAddition(film: film, result: try add(film, to: list, note: note, priority: priority))
    }
}

extension ListEntryStorage {
    /// The list as the JSON rows both faces write, with poster URLs where `images` has a configuration.
    package func listJSON(_ list: FilmList, query: ListQuery = ListQuery(), images: ImageLinks = .none) throws
        -> [ListItemJSON]
    {
        try self.list(list, query: query).map { ListItemJSON($0, images: images) }
    }
}
