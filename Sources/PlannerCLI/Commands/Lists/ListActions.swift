import ArgumentParser
import Foundation
import PlannerApp
import PlannerTerminal
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
            addition = try ListBook.open(databaseFile: options.db, environment: CompositionRoot.environment).addWithoutLookup(
                id: id, title: offlineTitle, year: year, to: list, note: note, priority: priority)
        } else {
            do {
                addition = try await FilmServices.make(options.request, environment: CompositionRoot.environment).add(
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

    /// Adds a series by id or name, looked up on TMDb (or in the cache).
    static func addSeries(
        _ reference: FilmReference, note: String?, priority: Int, to list: FilmList, film options: FilmOptions
    ) async throws {
        let addition = try await FilmServices.make(options.request, environment: CompositionRoot.environment).addSeries(
            reference, to: list, note: note, priority: priority)
        let (series, name) = (addition.series, addition.name)
        switch addition.result {
        case .added: Console.out("added the series \(name) [tv \(series.id)] to your \(list.displayName)")
        case .alreadyPresent:
            Console.out("the series \(name) [tv \(series.id)] is already on your \(list.displayName); nothing changed")
        }
    }

    /// Removes a series named by id, or by the name of exactly one series on the list.
    static func removeSeries(_ reference: FilmReference, from list: FilmList, store options: StoreOptions) throws {
        let (series, removed) = try options.open().removeSeries(reference, from: list)
        if removed {
            Console.out("removed the series \(series.name) [tv \(series.id)] from your \(list.displayName)")
        } else {
            Console.out("the series \(series.name) [tv \(series.id)] was not on your \(list.displayName); nothing changed")
        }
    }

    /// The series on a list, as a table, JSON (with poster URLs) or CSV.
    static func showSeries(
        _ list: FilmList, store options: StoreOptions, output: OutputOptions<ListFormats>, long: Bool
    ) async throws {
        let book = try options.open()
        let items = try book.series(on: list)
        switch output.format {
        case .json:
            let images = await book.imageLinks(environment: CompositionRoot.environment)
            try output.target.write(try FilmFormat.json(items.map { SeriesItemJSON($0, images: images) }))
        case .csv:
            try output.target.write(
                ([SeriesItemJSON.csvHeader] + items.map { SeriesItemJSON($0).csvLine }).joined(separator: "\n"))
        case .table, .geojson:
            guard !items.isEmpty else {
                try output.target.write("no series on your \(list.displayName)")
                return
            }
            try output.target.write(seriesTable(items, long: long) + "\n\n\(items.count) series on your \(list.displayName)")
        }
    }

    /// The table of series: name, first aired, status, the next episode.
    static func seriesTable(_ items: [SeriesItem], long: Bool) -> String {
        var table = TextTable(
            headers: ["#", "Series", "First aired", "Status", "Next episode", "TMDb id"],
            alignments: [.right, .left, .left, .left, .left, .right])
        for (i, item) in items.enumerated() {
            let series = item.series
            table.rows.append([
                "\(i + 1)", series.name, series.firstAirDate ?? "", series.status ?? "",
                series.nextEpisode.map { "\($0.code) \($0.airDate)" } ?? "", "\(series.id)",
            ])
            if long { table.details[i] = series.overview ?? "(no overview)" }
        }
        return table.render()
    }

    static func remove(_ reference: FilmReference, from list: FilmList, store options: StoreOptions) throws {
        let (film, removed) = try options.open().remove(reference, from: list)
        if removed {
            Console.out("removed \(film.title) [\(film.id)] from your \(list.displayName)")
        } else {
            Console.out("\(film.title) [\(film.id)] was not on your \(list.displayName); nothing changed")
        }
    }

    /// "3 films and 1 series"; "0 films" for an empty list.
    static func clearedPhrase(_ cleared: ClearedEntries) -> String {
        let films = "\(cleared.films) film\(cleared.films == 1 ? "" : "s")"
        return cleared.series == 0 ? films : films + " and \(cleared.series) series"
    }

    static func clear(_ list: FilmList, confirmed: Bool, store options: StoreOptions) throws {
        guard confirmed else {
            throw ValidationError("clearing your \(list.displayName) can't be undone: add --yes to clear it")
        }
        let cleared = try options.open().clear(list)
        Console.out("cleared your \(list.displayName): \(ListActions.clearedPhrase(cleared)) removed")
    }

    static func show(
        _ list: FilmList, query: ListQuery, store options: StoreOptions, output: OutputOptions<ListFormats>, long: Bool = false
    ) async throws {
        try await show(list, query: query, db: options.db, format: output.format, target: output.target, long: long)
    }

    /// ``show(_:query:store:output:long:)`` with plain values, for `QuickList` too.
    static func show(
        _ list: FilmList, query: ListQuery, db: String?, format: OutputFormat, target: OutputTarget, long: Bool
    ) async throws {
        let book = try ListBook.open(databaseFile: db, environment: CompositionRoot.environment)
        let items = try book.films(on: list, query: query)
        switch format {
        case .json:
            let images = await book.imageLinks(environment: CompositionRoot.environment)
            let snapshot = items.map { ListItemJSON($0, images: images) }
            try target.write(try FilmFormat.json(snapshot))
        case .csv:
            var lines = [ListItemCSV.header]
            lines += items.map(ListItemCSV.row)
            try target.write(lines.joined(separator: "\n"))
        case .table, .geojson:
            // Series are shown under the films, in a table of their own, when the whole list is asked for.
            let series = query.filter == .all ? try book.series(on: list) : []
            let seriesText = series.isEmpty
                ? "" : seriesTable(series, long: long) + "\n\n\(series.count) series on your \(list.displayName)"
            guard !items.isEmpty else {
                if !series.isEmpty {
                    try target.write("no films on your \(list.displayName)\n\n" + seriesText)
                    return
                }
                try target.write(
                    query.filter == .all ? "your \(list.displayName) is empty" : "no film on your \(list.displayName) matches")
                return
            }
            var table = TextTable(
                headers: ["#", "Title", "Year", "Release", "Rating", "Watched", "TMDb id", "Review"],
                alignments: [.right, .left, .right, .left, .right, .left, .right, .left])
            for (i, item) in items.enumerated() {
                table.rows.append([
                    "\(i + 1)", item.film.title, item.film.year.map(String.init) ?? "",
                    item.releaseDate ?? item.film.releaseDate ?? "", item.diary.rating.map(FilmFormat.oneDecimal) ?? "",
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
            var text = table.render() + "\n\n\(count)\(filter) " + (filter.isEmpty ? "on" : "shown from") + " your \(list.displayName)"
            if !seriesText.isEmpty { text += "\n\n" + seriesText }
            try target.write(text)
        }
    }
}
