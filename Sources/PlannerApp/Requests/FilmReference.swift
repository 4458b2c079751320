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

    /// The stored film this names: by id, else by a unique title (among the films on `list`, when given).
    package func stored(in store: any ListStorage, on list: FilmList? = nil) throws -> Film {
        if let id {
            guard let film = try store.film(id: id) else {
                throw PlannerAppError.invalidOption("film \(id) is not in the store; add it with 'planner watchlist add \(id)'")
            }
            return film
        }
        var films = try store.films(titled: title)
        if let list { films = try films.filter { try store.contains(filmID: $0.id, in: list) } }
        let exact = films.filter { FilmBridge.fold($0.title) == FilmBridge.fold(title) }
        let candidates = exact.isEmpty ? films : exact
        let shown = PlannerAppError.shortened(title)
        let place = list.map { "on your \($0.displayName)" } ?? "stored"
        guard let first = candidates.first else {
            throw PlannerAppError.invalidOption(
                "no film \(place) is called '\(shown)'; 'planner \(list?.rawValue ?? "watchlist") list' shows them")
        }
        guard candidates.count == 1 else {
            let names = candidates.prefix(10).map { "\($0.title) (\($0.year.map(String.init) ?? "?"), id \($0.id))" }
            let more = candidates.count > names.count ? "; and \(candidates.count - names.count) more" : ""
            throw PlannerAppError.invalidOption(
                "'\(shown)' matches \(candidates.count) films \(place): \(names.joined(separator: "; "))\(more); use the id")
        }
        return first
    }
}

extension FilmList {
    package var displayName: String { self == .watchlist ? "watchlist" : "favorites list" }
}
