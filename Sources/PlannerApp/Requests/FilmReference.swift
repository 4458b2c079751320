import Foundation
import Watchlist

/// A film named on the command line: a TMDb id, an IMDb id (`tt` and seven or more digits), or a title.
package struct FilmReference: Sendable, CustomStringConvertible {
    package let id: Int?
    /// The IMDb id, such as "tt0137523", which TMDb's `/find` turns into its own (``FilmServices/filmID(imdbID:)``).
    package let imdbID: String?
    package let title: String

    package init?(text argument: String) {
        let text = argument.trimmingCharacters(in: .whitespaces)
        guard !text.isEmpty else { return nil }
        id = Int(text).flatMap { $0 > 0 ? $0 : nil }
        imdbID = Self.isIMDbID(text) ? text : nil
        title = text
    }

    /// Whether `text` is an IMDb title id: "tt" and seven or more ASCII digits (IMDb's ids grew from seven to
    /// eight digits, and may grow again).
    package static func isIMDbID(_ text: String) -> Bool {
        let digits = text.utf8.dropFirst(2)
        return text.utf8.starts(with: "tt".utf8) && digits.count >= 7
            && digits.allSatisfy { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }
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
