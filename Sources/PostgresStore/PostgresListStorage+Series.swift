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
            let (_, _, _, _, _, _, _, _, _, _, _, addedAt, note, priority) = try row.decode(
                (Int, String, String?, String?, String?, String?, Int?, Int?, String?, String?, String?, Date, String?,
                 Int).self)
            return SeriesItem(series: series, addedAt: addedAt, note: note, priority: priority)
        }
    }

    public func series(id: Int) throws -> Series? {
        try backend.query("SELECT \(unescaped: Self.seriesColumns()) FROM series WHERE id = \(id)").first.map(Self.series)
    }
}

/// The user's ratings and reviews of series.
extension PostgresListStorage: SeriesDiaryStorage {
    public func rate(seriesID: Int, stars: Double?) throws {
        let halfStars = try stars.map(Rating.halfStars)
        try updateSeriesDiary(seriesID: seriesID, column: "rating_half_stars", value: halfStars)
    }

    public func review(seriesID: Int, text: String?) throws {
        let review = text?.isEmpty == true ? nil : text
        try updateSeriesDiary(seriesID: seriesID, column: "review", value: review)
    }

    /// Sets one column of a series' diary in one transaction (the series must be stored), removing a row left
    /// empty: as a film's diary, so that a rating and a review written at once both stay.
    private func updateSeriesDiary<Value: PostgresDynamicTypeEncodable>(
        seriesID: Int, column: String, value: Value?
    ) throws {
        try backend.transaction { session in
            guard !(try session.query("SELECT 1 FROM series WHERE id = \(seriesID)").isEmpty) else {
                throw WatchlistError.seriesNotFound(id: seriesID)
            }
            try session.execute(
                """
                INSERT INTO series_diary (user_id, series_id, \(unescaped: column)) VALUES (\(userID), \(seriesID), \(value))
                ON CONFLICT (user_id, series_id) DO UPDATE SET \(unescaped: column) = EXCLUDED.\(unescaped: column)
                """)
            try session.execute(
                """
                DELETE FROM series_diary WHERE user_id = \(userID) AND series_id = \(seriesID)
                AND rating_half_stars IS NULL AND review IS NULL
                """)
        }
    }

    public func diary(seriesID: Int) throws -> Diary {
        try backend.withSession { try Self.seriesDiary(user: userID, seriesID: seriesID, in: $0) }
    }

    public func ratedSeries(halfStars: Int) throws -> [Series] {
        try backend.query(
            """
            SELECT \(unescaped: Self.seriesColumns("s.")) FROM series s JOIN series_diary d ON d.series_id = s.id
            WHERE d.user_id = \(userID) AND d.rating_half_stars = \(halfStars) ORDER BY s.name, s.id
            """
        ).map(Self.series)
    }

    static func seriesDiary(user: Int64, seriesID: Int, in session: PostgresSession) throws -> Diary {
        guard let row = try session.query(
            "SELECT rating_half_stars, review FROM series_diary WHERE user_id = \(user) AND series_id = \(seriesID)"
        ).first else { return Diary() }
        let (halfStars, review) = try row.decode((Int?, String?).self)
        return Diary(rating: halfStars.map { Double($0) / 2 }, review: review)
    }
}
