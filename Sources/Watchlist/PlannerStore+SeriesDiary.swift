import GRDB

extension PlannerStore: SeriesDiaryStorage {
    /// Rates a stored series 0.5…5 stars in steps of 0.5; nil removes the rating.
    /// - Throws: ``WatchlistError/invalidRating(_:)``, ``WatchlistError/seriesNotFound(id:)``.
    public func rate(seriesID: Int, stars: Double?) throws {
        let halfStars = try stars.map(Rating.halfStars)
        try updateSeriesDiary(seriesID: seriesID) { $0.ratingHalfStars = halfStars }
    }

    /// Sets a stored series' review; nil or an empty text removes it.
    /// - Throws: ``WatchlistError/seriesNotFound(id:)``.
    public func review(seriesID: Int, text: String?) throws {
        let review = text?.isEmpty == true ? nil : text
        try updateSeriesDiary(seriesID: seriesID) { $0.review = review }
    }

    /// The series' rating and review (empty when nothing is recorded).
    public func diary(seriesID: Int) throws -> Diary {
        try read { db in
            try SeriesDiaryRecord.fetchOne(
                db.cachedStatement(sql: "SELECT * FROM seriesDiary WHERE userId = ? AND seriesId = ?"),
                arguments: [userID, seriesID]
            )?.diary ?? Diary()
        }
    }

    /// The stored series this user rated exactly `halfStars` half-stars, by name.
    public func ratedSeries(halfStars: Int) throws -> [Series] {
        try read { db in
            try SeriesRecord.fetchAll(
                db,
                sql: """
                    SELECT series.* FROM series JOIN seriesDiary ON seriesDiary.seriesId = series.id
                    WHERE seriesDiary.userId = ? AND seriesDiary.ratingHalfStars = ?
                    ORDER BY series.name, series.id
                    """, arguments: [userID, halfStars]
            ).map(\.series)
        }
    }

    private func updateSeriesDiary(seriesID: Int, _ change: @escaping (inout SeriesDiaryRecord) -> Void) throws {
        try write { db in
            guard try SeriesRecord.exists(db, key: seriesID) else { throw WatchlistError.seriesNotFound(id: seriesID) }
            var record =
                try SeriesDiaryRecord.fetchOne(db, key: ["userId": userID, "seriesId": seriesID])
                ?? SeriesDiaryRecord(userId: userID, seriesId: seriesID, ratingHalfStars: nil, review: nil)
            change(&record)
            try Self.save(record, in: db)
        }
    }

    /// Saves a series' diary row, deleting it when it holds nothing.
    static func save(_ record: SeriesDiaryRecord, in db: Database) throws {
        if record.diary.isEmpty {
            try SeriesDiaryRecord.deleteOne(db, key: ["userId": record.userId, "seriesId": record.seriesId])
        } else {
            try record.upsert(db)
        }
    }

    /// Registers series' posters and their ratings and reviews (`watchlist-v4-series-diary`).
    static func registerSeriesDiaryMigration(in migrator: inout DatabaseMigrator) {
        migrator.registerMigration("watchlist-v4-series-diary") { db in
            try db.alter(table: "series") { t in
                t.add(column: "posterPath", .text)
            }
            try db.create(table: "seriesDiary") { t in
                t.column("userId", .integer).notNull().references("user", onDelete: .cascade)
                t.column("seriesId", .integer).notNull().references("series", onDelete: .cascade)
                t.column("ratingHalfStars", .integer).check { $0 == nil || ($0 >= 1 && $0 <= 10) }
                t.column("review", .text)
                t.primaryKey(["userId", "seriesId"])
            }
        }
    }
}
