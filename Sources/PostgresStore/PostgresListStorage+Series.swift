import Foundation
import PostgresNIO
import Watchlist

/// The series, and the user's series on the lists.
extension PostgresListStorage: SeriesStorage {
    public func upsertSeries(_ series: Series) throws {
        try backend.withSession { try Self.upsertSeries(series, in: $0) }
    }

    public func add(_ series: Series, to list: FilmList, note: String?, priority: Int, addedAt: Date) throws -> AddResult {
        try backend.transaction { session in
            try Self.upsertSeries(series, in: session)
            return try Self.addSeriesEntry(
                seriesID: series.id, user: userID, list: list, note: note, priority: priority, addedAt: addedAt,
                in: session)
        }
    }

    public func remove(seriesID: Int, from list: FilmList) throws -> Bool {
        !(try backend.query(
            """
            DELETE FROM series_entry WHERE user_id = \(userID) AND list = \(list.rawValue) AND series_id = \(seriesID)
            RETURNING series_id
            """
        ).isEmpty)
    }

    public func series(on list: FilmList) throws -> [SeriesItem] {
        try backend.query(
            """
            SELECT \(unescaped: Self.seriesColumns("s.")), e.added_at, e.note, e.priority
            FROM series_entry e JOIN series s ON s.id = e.series_id
            WHERE e.user_id = \(userID) AND e.list = \(list.rawValue)
            ORDER BY e.priority DESC, e.added_at DESC, e.series_id
            """
        ).map { row in
            let series = try Self.series(row)
            let (_, _, _, _, _, _, _, _, _, _, addedAt, note, priority) = try row.decode(
                (Int, String, String?, String?, String?, String?, Int?, Int?, String?, String?, Date, String?, Int).self)
            return SeriesItem(series: series, addedAt: addedAt, note: note, priority: priority)
        }
    }

    public func series(id: Int) throws -> Series? {
        try backend.query("SELECT \(unescaped: Self.seriesColumns()) FROM series WHERE id = \(id)").first.map(Self.series)
    }
}
