import Foundation
import Watchlist

/// A film named on the command line: a TMDb id, or a title.
package struct FilmReference: Sendable, CustomStringConvertible {
    package let id: Int?
    package let title: String

    package init?(text argument: String) {
        let text = argument.trimmingCharacters(in: .whitespaces)
        guard !text.isEmpty else { return nil }
        id = Int(text).flatMap { $0 > 0 ? $0 : nil }
        title = text
    }

    package var description: String { title }

    /// The stored film this names: by id, else by a unique title.
    package func stored(in store: PlannerStore) throws -> Film {
        if let id {
            guard let film = try store.film(id: id) else {
                throw PlannerAppError.invalidOption("film \(id) is not in the store; add it with 'planner watchlist add \(id)'")
            }
            return film
        }
        let films = try store.films(titled: title)
        let exact = films.filter { FilmBridge.fold($0.title) == FilmBridge.fold(title) }
        let candidates = exact.isEmpty ? films : exact
        guard let first = candidates.first else {
            throw PlannerAppError.invalidOption("no stored film is called '\(title)'; 'planner watchlist list' shows them")
        }
        guard candidates.count == 1 else {
            let names = candidates.prefix(5).map { "\($0.title) (\($0.year.map(String.init) ?? "?"), id \($0.id))" }
            throw PlannerAppError.invalidOption("'\(title)' matches \(candidates.count) films: \(names.joined(separator: "; ")); use the id")
        }
        return first
    }
}

extension FilmList {
    package var displayName: String { self == .watchlist ? "watchlist" : "favorites list" }
}
