import Foundation
import Watchlist

/// One user's lists as both faces edit them: look a film or series up by id or name, rate, review, mark seen,
/// remove, clear, list, export and count. The face opens it once (``open(databaseFile:)`` on the command line, a
/// user's storage on the server) and words what it returns.
package struct ListBook {
    package let store: any ListStorage

    package init(store: any ListStorage) { self.store = store }

    /// The SQLite file: `--db`, else `$PLANNER_DB`, else the XDG default; one connection, as a list command reads
    /// and writes in turn.
    package static func open(databaseFile: String?, environment: Environment) throws -> ListBook {
        ListBook(store: try AppDatabase.open(explicit: databaseFile, environment: environment, concurrentReads: false))
    }

    /// The stored film a reference names (by id, else by a unique title, among `list`'s films when given).
    package func film(_ reference: FilmReference, on list: FilmList? = nil) throws -> Film {
        try reference.stored(in: store, on: list)
    }

    /// Rates the film (0.5 to 5 in halves; nil removes the rating) and returns it.
    @discardableResult
    package func rate(_ reference: FilmReference, stars: Double?) throws -> Film {
        let film = try film(reference)
        try store.rate(filmID: film.id, stars: stars)
        return film
    }

    /// Saves (or, with nil, removes) the film's review and returns the film.
    @discardableResult
    package func review(_ reference: FilmReference, text: String?) throws -> Film {
        let film = try film(reference)
        try store.review(filmID: film.id, text: text)
        return film
    }

    /// Marks the film seen on `day` (YYYY-MM-DD) and returns it.
    @discardableResult
    package func markWatched(_ reference: FilmReference, on day: String) throws -> Film {
        let film = try film(reference)
        try store.markWatched(filmID: film.id, on: day)
        return film
    }

    /// Removes a film from a list: the film, and whether it was there.
    package func remove(_ reference: FilmReference, from list: FilmList) throws -> (film: Film, removed: Bool) {
        let film = try film(reference, on: list)
        return (film, try store.remove(filmID: film.id, from: list))
    }

    /// The series a reference names: by id (on the list, else stored), or by the name of exactly one series on
    /// the list.
    package func series(_ reference: FilmReference, on list: FilmList) throws -> Series {
        let items = try store.series(on: list)
        if let id = reference.id {
            guard let found = try items.first(where: { $0.series.id == id })?.series ?? store.series(id: id) else {
                throw PlannerAppError.notFound("no series with id \(id) is on your \(list.displayName)")
            }
            return found
        }
        let folded = FilmBridge.fold(reference.title)
        let matches = items.filter { FilmBridge.fold($0.series.name) == folded }
        guard let only = matches.first?.series else {
            throw PlannerAppError.notFound(
                "no series called '\(PlannerAppError.shortened(reference.title))' is on your \(list.displayName)")
        }
        guard matches.count == 1 else {
            throw PlannerAppError.invalidOption(
                "\(matches.count) series on your \(list.displayName) are called '\(only.name)'; remove one by id")
        }
        return only
    }

    /// Removes a series from a list: the series, and whether it was there.
    package func removeSeries(_ reference: FilmReference, from list: FilmList) throws -> (series: Series, removed: Bool) {
        let series = try series(reference, on: list)
        return (series, try store.remove(seriesID: series.id, from: list))
    }

    /// The user's lists in a service's storage.
    package static func of(userID: Int64, in storage: Storage) -> ListBook {
        ListBook(store: storage.lists.storage(for: userID))
    }

    /// Whether the film is on the watchlist or the favorites (a diary is kept for those only).
    package func isListed(filmID: Int) throws -> Bool {
        try store.contains(filmID: filmID, in: .watchlist) || store.contains(filmID: filmID, in: .favorites)
    }

    /// Removes the film with this id from a list; false when it was not there.
    package func remove(filmID: Int, from list: FilmList) throws -> Bool { try store.remove(filmID: filmID, from: list) }

    /// Rates (nil: unrates) the film with this id.
    package func rate(filmID: Int, stars: Double?) throws { try store.rate(filmID: filmID, stars: stars) }

    /// Saves (nil: removes) the review of the film with this id.
    package func review(filmID: Int, text: String?) throws { try store.review(filmID: filmID, text: text) }

    /// A list's films as the JSON rows both faces write, with poster URLs where `images` has a configuration.
    package func listJSON(_ list: FilmList, query: ListQuery = ListQuery(), images: ImageLinks = .none) throws
        -> [ListItemJSON]
    {
        try store.listJSON(list, query: query, images: images)
    }

    /// A list as `GET /v1/me/watchlist` answers it: its films (`kind` "movie"), then its series (`kind` "tv")
    /// with your rating and review of each.
    package func filmsAndSeriesJSON(_ list: FilmList, images: ImageLinks = .none) throws -> [ListItemJSON] {
        let series = try store.series(on: list).map { item in
            ListItemJSON(series: item, diary: try store.diary(seriesID: item.series.id), images: images)
        }
        return try listJSON(list, images: images) + series
    }

    /// Empties a list, films and series in one transaction.
    package func clear(_ list: FilmList) throws -> ClearedEntries { try store.clear(list) }

    /// A list's films, filtered and ordered as asked.
    package func films(on list: FilmList, query: ListQuery = ListQuery()) throws -> [ListItem] {
        try store.list(list, query: query)
    }

    /// A list's series.
    package func series(on list: FilmList) throws -> [SeriesItem] { try store.series(on: list) }

    /// The ratings histogram and the counts.
    package func stats() throws -> WatchlistStats { try store.stats() }

    /// The stats as `planner stats` draws them.
    package func statsText(_ stats: WatchlistStats) -> String { StatsRenderer.render(stats) }

    /// The whole store as JSON (lossless).
    package func exportJSON() throws -> Data { try sqliteFile().exportJSON() }

    /// A list as a Letterboxd CSV.
    package func exportLetterboxdCSV(_ list: FilmList) throws -> String { try sqliteFile().exportLetterboxdCSV(list) }

    /// Adds a film by id with a title and no lookup; the next `planner sync` fills in the details.
    package func addWithoutLookup(
        id: Int, title: String, year: Int?, to list: FilmList, note: String?, priority: Int
    ) throws -> ListAddition {
        try sqliteFile().addWithoutLookup(id: id, title: title, year: year, to: list, note: note, priority: priority)
    }

    /// TMDb's image configuration for poster URLs in this book's rows, from the TMDb cache in the same SQLite
    /// file or from TMDb (the command line's lists, which open no TMDb client otherwise); ``ImageLinks/none``
    /// when it cannot be had: no key, no network, or storage that is not the command line's file.
    package func imageLinks(environment: Environment) async -> ImageLinks {
        guard let file = store as? PlannerStore,
            let services = try? FilmServices.make(FilmRequest(), storage: .sqlite(file), environment: environment)
        else { return .none }
        return await services.imageLinks()
    }

    /// Export, import and offline adds are the command line's, on the SQLite file.
    private func sqliteFile() throws -> PlannerStore {
        guard let file = store as? PlannerStore else {
            throw PlannerAppError.invalidOption("only the SQLite file exports, imports and adds without a lookup")
        }
        return file
    }
}
