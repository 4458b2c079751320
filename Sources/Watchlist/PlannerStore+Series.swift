import Foundation
import GRDB

extension PlannerStore: SeriesStorage {
    /// Stores a series' details, replacing what was stored (its list entries stay).
    public func upsertSeries(_ series: Series) throws {
        try write { db in try SeriesRecord(series).upsert(db) }
    }

    /// Adds a series to a list, storing its details first. Adding one already there changes nothing but the
    /// stored details.
    @discardableResult
    public func add(
        _ series: Series, to list: FilmList, note: String? = nil, priority: Int = 0, addedAt: Date = Date()
    ) throws -> AddResult {
        try write { db in
            try SeriesRecord(series).upsert(db)
            let key: [String: any DatabaseValueConvertible] = ["userId": userID, "list": list.rawValue, "seriesId": series.id]
            if try SeriesEntryRecord.exists(db, key: key) { return .alreadyPresent }
            let wholeSeconds = Date(timeIntervalSince1970: addedAt.timeIntervalSince1970.rounded(.down))
            try SeriesEntryRecord(
                userId: userID, list: list.rawValue, seriesId: series.id, addedAt: wholeSeconds, note: note,
                priority: priority
            ).insert(db)
            return .added
        }
    }

    /// Removes a series from a list (its details stay in the store).
    /// - Returns: Whether the series was on the list.
    @discardableResult
    public func remove(seriesID: Int, from list: FilmList) throws -> Bool {
        try write { db in
            try SeriesEntryRecord.deleteOne(db, key: ["userId": userID, "list": list.rawValue, "seriesId": seriesID])
        }
    }

    /// The series on a list, by priority, then most recently added first.
    public func series(on list: FilmList) throws -> [SeriesItem] {
        try read { db in
            let arguments: StatementArguments = [userID, list.rawValue]
            let entries = try SeriesEntryRecord.fetchAll(
                db.cachedStatement(
                    sql: """
                        SELECT * FROM seriesEntry WHERE userId = ? AND list = ?
                        ORDER BY priority DESC, addedAt DESC, seriesId
                        """),
                arguments: arguments)
            // The same series as the entries' keys, in one text whatever their number (`fetchAll(keys:)` writes one
            // `IN (?, …)` per count, which a statement cache would keep one of per list length).
            let records = try SeriesRecord.fetchAll(
                db.cachedStatement(
                    sql: """
                        SELECT * FROM series
                        WHERE id IN (SELECT seriesId FROM seriesEntry WHERE userId = ? AND list = ?)
                        """),
                arguments: arguments)
            let byID = Dictionary(uniqueKeysWithValues: records.map { ($0.id, $0.series) })
            return entries.compactMap { entry in
                byID[entry.seriesId].map {
                    SeriesItem(series: $0, addedAt: entry.addedAt, note: entry.note, priority: entry.priority)
                }
            }
        }
    }

    /// A stored series, by id.
    public func series(id: Int) throws -> Series? {
        try read { db in
            try SeriesRecord.fetchOne(
                db.cachedStatement(sql: "SELECT * FROM series WHERE id = ?"), arguments: [id]
            )?.series
        }
    }

    /// Registers the series tables (`watchlist-v3-series`).
    static func registerSeriesMigration(in migrator: inout DatabaseMigrator) {
        migrator.registerMigration("watchlist-v3-series") { db in
            try db.create(table: "series") { t in
                t.primaryKey("id", .integer)  // TMDb series id
                t.column("name", .text).notNull()
                t.column("firstAirDate", .text)  // YYYY-MM-DD
                t.column("overview", .text)
                t.column("status", .text)
                t.column("networks", .text)
                t.column("nextSeason", .integer)
                t.column("nextEpisode", .integer)
                t.column("nextEpisodeName", .text)
                t.column("nextAirDate", .text)  // YYYY-MM-DD
            }
            try db.create(table: "seriesEntry") { t in
                t.column("userId", .integer).notNull().references("user", onDelete: .cascade)
                t.column("list", .text).notNull()  // "watchlist" or "favorites"
                t.column("seriesId", .integer).notNull().references("series", onDelete: .cascade)
                t.column("addedAt", .datetime).notNull()
                t.column("note", .text)
                t.column("priority", .integer).notNull().defaults(to: 0)
                t.primaryKey(["userId", "list", "seriesId"])
            }
        }
    }
}
