import ArgumentParser
import Foundation
import NowPlaying
import PlannerApp
import Watchlist
import Tabular

/// What `watchlist` and `favorites` share: add, remove, list and clear, for either list.
enum ListActions {
    /// Adds a film by id or title, resolving it through TMDb (or the cache); `offlineTitle` skips the lookup.
    static func add(
        _ reference: FilmReference, year: Int?, offlineTitle: String?, note: String?, priority: Int, to list: FilmList,
        film options: FilmOptions
    ) async throws {
        let addition: ListAddition
        if let offlineTitle {
            guard let id = reference.id else {
                throw ValidationError("--title stores a film without a lookup, so give its TMDb id, not a title")
            }
            addition = try AppDatabase.open(explicit: options.db).addWithoutLookup(
                id: id, title: offlineTitle, year: year, to: list, note: note, priority: priority)
        } else {
            do {
                addition = try await FilmServices.make(options.request).add(
                    reference, year: year, to: list, note: note, priority: priority)
            } catch let ambiguous as AmbiguousTitle {
                Console.error(ambiguous.description)
                throw ExitCode(2)
            }
        }
        let (film, name) = (addition.film, addition.name)
        switch addition.result {
        case .added: Console.out("added \(name) [\(film.id)] to your \(list.displayName)")
        case .alreadyPresent: Console.out("\(name) [\(film.id)] is already on your \(list.displayName); nothing changed")
        }
    }

    static func remove(_ reference: FilmReference, from list: FilmList, store options: StoreOptions) throws {
        let store = try options.open()
        let film = try reference.stored(in: store, on: list)
        if try store.remove(filmID: film.id, from: list) {
            Console.out("removed \(film.title) [\(film.id)] from your \(list.displayName)")
        } else {
            Console.out("\(film.title) [\(film.id)] was not on your \(list.displayName); nothing changed")
        }
    }

    static func clear(_ list: FilmList, confirmed: Bool, store options: StoreOptions) throws {
        guard confirmed else {
            throw ValidationError("clearing your \(list.displayName) can't be undone: add --yes to clear it")
        }
        let count = try options.open().clear(list)
        Console.out("cleared your \(list.displayName): \(count) film\(count == 1 ? "" : "s") removed")
    }

    static func show(
        _ list: FilmList, query: ListQuery, store options: StoreOptions, output: OutputOptions<ListFormats>, long: Bool = false
    ) throws {
        let items = try options.open().list(list, query: query)
        switch output.format {
        case .json:
            let snapshot = items.map(ListItemJSON.init)
            try output.target.write(try FilmFormat.json(snapshot))
        case .csv:
            var lines = [ListItemCSV.header]
            lines += items.map(ListItemCSV.row)
            try output.target.write(lines.joined(separator: "\n"))
        case .table, .geojson:
            guard !items.isEmpty else {
                try output.target.write(
                    query.filter == .all ? "your \(list.displayName) is empty" : "no film on your \(list.displayName) matches")
                return
            }
            var table = TextTable(
                headers: ["#", "Title", "Year", "Release", "Rating", "Watched", "TMDb id", "Review"],
                alignments: [.right, .left, .right, .left, .right, .left, .right, .left])
            for (i, item) in items.enumerated() {
                table.rows.append([
                    "\(i + 1)", item.film.title, item.film.year.map(String.init) ?? "",
                    item.releaseDate ?? item.film.releaseDate ?? "", item.diary.rating.map { String(format: "%.1f", $0) } ?? "",
                    item.diary.watchedOn ?? "", "\(item.film.id)", item.reviewExcerpt(),
                ])
                if long { table.details[i] = item.film.overview ?? "(no overview)" }
            }
            let count = "\(items.count) film\(items.count == 1 ? "" : "s")"
            let filter: String
            switch query.filter {
            case .all: filter = ""
            case .upcoming: filter = " still to be released"
            case .released: filter = " already released"
            }
            try output.target.write(
                table.render() + "\n\n\(count)\(filter) " + (filter.isEmpty ? "on" : "shown from") + " your \(list.displayName)")
        }
    }
}
