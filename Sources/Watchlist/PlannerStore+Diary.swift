import GRDB

extension PlannerStore: DiaryStorage {
    /// Rates a film 0.5…5 stars in steps of 0.5; nil removes the rating.
    /// - Throws: ``WatchlistError/invalidRating(_:)``, ``WatchlistError/filmNotFound(id:)``.
    public func rate(filmID: Int, stars: Double?) throws {
        let halfStars = try stars.map(Rating.halfStars)
        try updateDiary(filmID: filmID) { $0.ratingHalfStars = halfStars }
    }

    /// Sets a film's free-text review; nil or an empty text removes it.
    /// - Throws: ``WatchlistError/filmNotFound(id:)``.
    public func review(filmID: Int, text: String?) throws {
        let review = text?.isEmpty == true ? nil : text
        try updateDiary(filmID: filmID) { $0.review = review }
    }

    /// Records the day a film was watched (`YYYY-MM-DD`); nil removes it.
    /// - Throws: ``WatchlistError/invalidDay(_:)``, ``WatchlistError/filmNotFound(id:)``.
    public func markWatched(filmID: Int, on day: String?) throws {
        let watchedOn = try day.map(Day.validated)
        try updateDiary(filmID: filmID) { $0.watchedOn = watchedOn }
    }

    /// The film's rating, review and watched day (empty when nothing is recorded).
    public func diary(filmID: Int) throws -> Diary {
        try readStatement { db in
            try DiaryRecord.fetchOne(
                db.cachedStatement(sql: "SELECT * FROM filmDiary WHERE userId = ? AND filmId = ?"),
                arguments: [userID, filmID]
            )?.diary ?? Diary()
        }
    }

    private func updateDiary(filmID: Int, _ change: @escaping (inout DiaryRecord) -> Void) throws {
        try write { db in
            try Self.requireFilm(filmID, in: db)
            var record =
                try DiaryRecord.fetchOne(db, key: ["userId": userID, "filmId": filmID])
                ?? DiaryRecord(userId: userID, filmId: filmID)
            change(&record)
            try Self.save(record, in: db)
        }
    }

    /// Saves a diary row, deleting it when it holds nothing.
    static func save(_ record: DiaryRecord, in db: Database) throws {
        if record.diary.isEmpty {
            try DiaryRecord.deleteOne(db, key: ["userId": record.userId, "filmId": record.filmId])
        } else {
            try record.upsert(db)
        }
    }
}

extension DiaryRecord {
    init(userId: Int64, filmId: Int) {
        self.init(userId: userId, filmId: filmId, ratingHalfStars: nil, review: nil, watchedOn: nil)
    }
}
