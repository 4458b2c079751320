import Basics
import Foundation
import GRDB

extension PlannerStore: ListEntryStorage {
    /// Adds a film to a list, storing the film first when it is new.
    ///
    /// Adding a film that is already on the list changes nothing, not even its note or priority.
    /// - Parameters:
    ///   - film: The film; a ``Film/placeholder(id:title:year:)`` works offline.
    ///   - list: The watchlist or favorites.
    ///   - note: An optional note kept with the entry.
    ///   - priority: Higher is more urgent; 0 by default.
    ///   - addedAt: When it was added; now by default. Kept to whole seconds.
    /// - Returns: ``AddResult/added`` or ``AddResult/alreadyPresent``.
    @discardableResult
    public func add(
        _ film: Film, to list: FilmList, note: String? = nil, priority: Int = 0, addedAt: Date = Date()
    ) throws -> AddResult {
        try write { db in
            try Self.add(film, to: list, note: note, priority: priority, addedAt: addedAt, user: userID, in: db)
        }
    }

    /// Removes a film from a list (the film and its diary stay in the store).
    /// - Returns: Whether the film was on the list.
    @discardableResult
    public func remove(filmID: Int, from list: FilmList) throws -> Bool {
        try write { db in
            try ListEntryRecord.deleteOne(db, key: ["userId": userID, "list": list.rawValue, "filmId": filmID])
        }
    }

    /// Removes every film and every series from a list, in one transaction.
    /// - Returns: How many of each were removed.
    @discardableResult
    public func clear(_ list: FilmList) throws -> ClearedEntries {
        try write { db in
            let mine = Column("userId") == userID && Column("list") == list.rawValue
            return ClearedEntries(
                films: try ListEntryRecord.filter(mine).deleteAll(db),
                series: try SeriesEntryRecord.filter(mine).deleteAll(db))
        }
    }

    /// Whether the film is on the list.
    public func contains(filmID: Int, in list: FilmList) throws -> Bool {
        try readStatement { db in
            try Bool.fetchOne(
                db.cachedStatement(
                    sql: "SELECT EXISTS (SELECT 1 FROM listEntry WHERE userId = ? AND list = ? AND filmId = ?)"),
                arguments: [userID, list.rawValue, filmID]) ?? false
        }
    }

    /// The films on a list, sorted and filtered by `query`.
    public func list(_ list: FilmList, query: ListQuery = ListQuery()) throws -> [ListItem] {
        try readRemembered(.list(user: userID, list: list, query: query), rows: \.count) { db in
            try Self.items(of: list, query: query, user: userID, in: db)
        }
    }

    // MARK: - Inside a transaction

    static func add(
        _ film: Film, to list: FilmList, note: String?, priority: Int, addedAt: Date, user: Int64, in db: Database
    ) throws -> AddResult {
        try ensureFilm(film, in: db)
        if try ListEntryRecord.exists(db, key: ["userId": user, "list": list.rawValue, "filmId": film.id]) {
            return .alreadyPresent
        }
        let wholeSeconds = Date(timeIntervalSince1970: addedAt.timeIntervalSince1970.rounded(.down))
        try ListEntryRecord(
            userId: user, list: list.rawValue, filmId: film.id, addedAt: wholeSeconds, note: note, priority: priority
        ).insert(db)
        return .added
    }

    static func items(of list: FilmList, query: ListQuery, user: Int64, in db: Database) throws -> [ListItem] {
        let release = "COALESCE(r.releaseDate, film.releaseDate)"
        var sql = """
            SELECT film.*, e.addedAt AS entryAddedAt, e.note AS entryNote, e.priority AS entryPriority,
                   d.ratingHalfStars, d.review, d.watchedOn, \(release) AS effectiveRelease
            FROM listEntry e
            JOIN film ON film.id = e.filmId
            LEFT JOIN filmDiary d ON d.filmId = e.filmId AND d.userId = e.userId
            LEFT JOIN filmRelease r ON r.filmId = e.filmId AND r.region = ?
            WHERE e.userId = ? AND e.list = ?
            """
        var arguments: StatementArguments = [query.region, user, list.rawValue]
        switch query.filter {
        case .all:
            break
        case .upcoming:
            sql += " AND \(release) > ?"
            arguments += [try Day.validated(query.today)]
        case .released:
            sql += " AND \(release) <= ?"
            arguments += [try Day.validated(query.today)]
        }
        let byTitle = "film.title COLLATE NOCASE, film.id"
        switch query.sort {
        case .added: sql += " ORDER BY e.addedAt DESC, \(byTitle)"
        case .release: sql += " ORDER BY \(release) IS NULL, \(release), \(byTitle)"
        case .title: sql += " ORDER BY \(byTitle)"
        case .rating: sql += " ORDER BY d.ratingHalfStars IS NULL, d.ratingHalfStars DESC, \(byTitle)"
        }
        // The text takes one of a few shapes (filter × sort; values are arguments): each connection prepares each
        // shape once and keeps it. The rows are read where they are, not copied first.
        let rows = try Row.fetchCursor(db.cachedStatement(sql: sql), arguments: arguments)
        var items: [ListItem] = []
        while let row = try rows.next() {
            let halfStars: Int? = row["ratingHalfStars"]
            items.append(
                ListItem(
                    film: try Film(row: row),
                    addedAt: storedDate(row["entryAddedAt"]),
                    note: row["entryNote"],
                    priority: row["entryPriority"],
                    diary: Diary(
                        rating: halfStars.map { Double($0) / 2 }, review: row["review"], watchedOn: row["watchedOn"]),
                    releaseDate: row["effectiveRelease"]))
        }
        return items
    }

    /// A date as GRDB stores one (`YYYY-MM-DD HH:MM:SS.SSS`, UTC), read by arithmetic when it is a whole second of
    /// ``CivilDay/calendarYears`` (what `add` writes), else by GRDB: its first date builds a Gregorian `Calendar`,
    /// which scans every protocol conformance in the binary, for a column each film list reads.
    static func storedDate(_ value: DatabaseValue) -> Date {
        if case .string(let text) = value.storage, let seconds = wholeSecond(text) {
            return Date(timeIntervalSince1970: seconds)
        }
        return Date.fromDatabaseValue(value) ?? Date(timeIntervalSince1970: 0)
    }

    /// The seconds since 1970 of `YYYY-MM-DD HH:MM:SS` or `YYYY-MM-DD HH:MM:SS.000`, a real day of a year in
    /// ``CivilDay/calendarYears``; nil for anything else.
    static func wholeSecond(_ text: String) -> Double? {
        text.utf8.withContiguousStorageIfAvailable { bytes -> Double? in
            guard bytes.count == 19 || (bytes.count == 23 && bytes[19] == UInt8(ascii: ".")
                && bytes[20] == UInt8(ascii: "0") && bytes[21] == UInt8(ascii: "0") && bytes[22] == UInt8(ascii: "0"))
            else { return nil }
            func number(_ start: Int, _ count: Int) -> Int? {
                var value = 0
                for byte in bytes[start..<(start + count)] {
                    guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else { return nil }
                    value = value * 10 + Int(byte - UInt8(ascii: "0"))
                }
                return value
            }
            guard bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-"), bytes[10] == UInt8(ascii: " "),
                bytes[13] == UInt8(ascii: ":"), bytes[16] == UInt8(ascii: ":"),
                let year = number(0, 4), let month = number(5, 2), let day = number(8, 2),
                let hour = number(11, 2), let minute = number(14, 2), let second = number(17, 2),
                CivilDay.calendarYears.contains(year), (1...12).contains(month), (1...31).contains(day),
                hour < 24, minute < 60, second < 60
            else { return nil }
            let days = CivilDay.days(year: year, month: month, day: day)
            // A day past its month's end (02-30) is not a real day: GRDB's calendar decides what it means.
            guard CivilDay.date(days: days) == (year, month, day) else { return nil }
            return Double(days) * 86_400 + Double(hour * 3_600 + minute * 60 + second)
        } ?? nil
    }
}
