import Foundation
import GRDB

extension PlannerStore: SnapshotStorage {
    /// A snapshot of the whole store, read in one transaction.
    public func snapshot() throws -> StoreSnapshot {
        try read { db in
            let diaries = try DiaryRecord.filter(Column("userId") == userID).fetchAll(db)
            let diaryByFilm = Dictionary(uniqueKeysWithValues: diaries.map { ($0.filmId, $0.diary) })
            var releasesByFilm: [Int: [RegionalRelease]] = [:]
            for record in try FilmReleaseRecord.order(Column("filmId"), Column("region")).fetchAll(db) {
                releasesByFilm[record.filmId, default: []].append(
                    RegionalRelease(region: record.region, date: record.releaseDate))
            }
            let films = try Film.order(Film.Columns.id).fetchAll(db).map { film in
                StoreSnapshot.FilmEntry(
                    film: film, releases: releasesByFilm[film.id] ?? [], diary: diaryByFilm[film.id] ?? Diary())
            }
            func entries(_ list: FilmList) throws -> [StoreSnapshot.ListEntry] {
                try ListEntryRecord.filter(Column("userId") == userID && Column("list") == list.rawValue)
                    .order(Column("filmId")).fetchAll(db)
                    .map { .init(filmID: $0.filmId, addedAt: $0.addedAt, note: $0.note, priority: $0.priority) }
            }
            let seriesEntries = try SeriesEntryRecord.filter(Column("userId") == userID)
                .order(Column("list").desc, Column("seriesId")).fetchAll(db)
            let seriesByID = Dictionary(
                uniqueKeysWithValues: try SeriesRecord.fetchAll(db, keys: Set(seriesEntries.map(\.seriesId))).map {
                    ($0.id, $0.series)
                })
            let series = seriesEntries.compactMap { entry -> StoreSnapshot.SeriesEntry? in
                guard let series = seriesByID[entry.seriesId], let list = FilmList(rawValue: entry.list) else { return nil }
                return .init(series: series, list: list, addedAt: entry.addedAt, note: entry.note, priority: entry.priority)
            }
            let seriesDiaryRecords = try SeriesDiaryRecord.filter(Column("userId") == userID)
                .order(Column("seriesId")).fetchAll(db)
            let diarySeriesByID = Dictionary(
                uniqueKeysWithValues: try SeriesRecord.fetchAll(db, keys: Set(seriesDiaryRecords.map(\.seriesId))).map {
                    ($0.id, $0.series)
                })
            let seriesDiaries = seriesDiaryRecords.compactMap { record -> StoreSnapshot.SeriesDiaryEntry? in
                diarySeriesByID[record.seriesId].map { StoreSnapshot.SeriesDiaryEntry(series: $0, diary: record.diary) }
            }
            return StoreSnapshot(
                formatVersion: StoreSnapshot.currentFormatVersion, films: films,
                watchlist: try entries(.watchlist), favorites: try entries(.favorites),
                series: series.isEmpty ? nil : series, seriesDiaries: seriesDiaries.isEmpty ? nil : seriesDiaries)
        }
    }

    /// The whole store as planner's JSON export (sorted keys, ISO 8601 dates).
    public func exportJSON() throws -> Data {
        try snapshot().jsonData()
    }

    /// Merges a planner JSON export into the store in one transaction: nothing is written if any part fails.
    ///
    /// Films, release dates and diaries from the export replace the stored ones; list entries are added when
    /// missing and left alone when present.
    /// - Throws: ``WatchlistError/invalidJSON(reason:)``, ``WatchlistError/invalidRating(_:)``, … .
    @discardableResult
    public func importJSON(_ data: Data) throws -> ImportReport {
        try merge(StoreSnapshot.decode(data))
    }

    /// Merges a snapshot into this user's store in one transaction, as ``importJSON(_:)`` does.
    public func merge(_ snapshot: StoreSnapshot) throws -> ImportReport {
        try write { [userID] db in try Self.merge(snapshot, user: userID, in: db) }
    }

    static func merge(_ snapshot: StoreSnapshot, user: Int64, in db: Database) throws -> ImportReport {
        var filmsByID: [Int: Film] = [:]
        for entry in snapshot.films {
            try upsertDetails(entry.film, releases: entry.releases, exactly: true, in: db)
            let diary = entry.diary
            try save(
                DiaryRecord(
                    userId: user, filmId: entry.film.id, ratingHalfStars: try diary.rating.map(Rating.halfStars),
                    review: diary.review, watchedOn: try diary.watchedOn.map(Day.validated)),
                in: db)
            filmsByID[entry.film.id] = entry.film
        }
        var added = 0
        var present = 0
        for (list, entries) in [(FilmList.watchlist, snapshot.watchlist), (.favorites, snapshot.favorites)] {
            for entry in entries {
                guard let film = try filmsByID[entry.filmID] ?? Film.fetchOne(db, key: entry.filmID) else {
                    throw WatchlistError.invalidJSON(
                        reason: "the \(list.rawValue) names film \(entry.filmID), "
                            + "which the export does not hold")
                }
                let result = try add(
                    film, to: list, note: entry.note, priority: entry.priority, addedAt: entry.addedAt, user: user,
                    in: db)
                if result == .added { added += 1 } else { present += 1 }
            }
        }
        for entry in snapshot.series ?? [] {
            try SeriesRecord(entry.series).upsert(db)
            let key: [String: any DatabaseValueConvertible] = ["userId": user, "list": entry.list.rawValue, "seriesId": entry.series.id]
            if try SeriesEntryRecord.exists(db, key: key) {
                present += 1
                continue
            }
            let wholeSeconds = Date(timeIntervalSince1970: entry.addedAt.timeIntervalSince1970.rounded(.down))
            try SeriesEntryRecord(
                userId: user, list: entry.list.rawValue, seriesId: entry.series.id, addedAt: wholeSeconds,
                note: entry.note, priority: entry.priority
            ).insert(db)
            added += 1
        }
        for entry in snapshot.seriesDiaries ?? [] {
            try SeriesRecord(entry.series).upsert(db)
            try save(
                SeriesDiaryRecord(
                    userId: user, seriesId: entry.series.id, ratingHalfStars: try entry.diary.rating.map(Rating.halfStars),
                    review: entry.diary.review),
                in: db)
        }
        return ImportReport(
            format: .json, added: added, alreadyPresent: present, filmsWritten: snapshot.films.count, unmatched: [])
    }
}
