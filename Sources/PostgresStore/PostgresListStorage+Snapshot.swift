import Foundation
import PostgresNIO
import Watchlist

/// The user's whole store at once, as the JSON export holds it.
extension PostgresListStorage: SnapshotStorage {
    public func snapshot() throws -> StoreSnapshot {
        try backend.transaction { session in
            var releasesByFilm: [Int: [RegionalRelease]] = [:]
            for row in try session.query("SELECT film_id, region, release_date FROM film_release ORDER BY film_id, region") {
                let (filmID, region, date) = try row.decode((Int, String, String).self)
                releasesByFilm[filmID, default: []].append(RegionalRelease(region: region, date: date))
            }
            var diaryByFilm: [Int: Diary] = [:]
            for row in try session.query(
                "SELECT film_id, rating_half_stars, review, watched_on FROM film_diary WHERE user_id = \(userID)")
            {
                let (filmID, halfStars, review, watchedOn) = try row.decode((Int, Int?, String?, String?).self)
                diaryByFilm[filmID] = Diary(rating: halfStars.map { Double($0) / 2 }, review: review, watchedOn: watchedOn)
            }
            let films = try session.query("SELECT \(unescaped: Self.filmColumns) FROM film ORDER BY id").map(Self.film).map {
                StoreSnapshot.FilmEntry(film: $0, releases: releasesByFilm[$0.id] ?? [], diary: diaryByFilm[$0.id] ?? Diary())
            }
            func entries(_ list: FilmList) throws -> [StoreSnapshot.ListEntry] {
                try session.query(
                    """
                    SELECT film_id, added_at, note, priority FROM list_entry
                    WHERE user_id = \(userID) AND list = \(list.rawValue) ORDER BY film_id
                    """
                ).map { row in
                    let (filmID, addedAt, note, priority) = try row.decode((Int, Date, String?, Int).self)
                    return StoreSnapshot.ListEntry(filmID: filmID, addedAt: addedAt, note: note, priority: priority)
                }
            }
            let series = try session.query(
                """
                SELECT \(unescaped: Self.seriesColumns("s.")), e.list, e.added_at, e.note, e.priority
                FROM series_entry e JOIN series s ON s.id = e.series_id
                WHERE e.user_id = \(userID) ORDER BY e.list DESC, e.series_id
                """
            ).compactMap { row -> StoreSnapshot.SeriesEntry? in
                let series = try Self.series(row)
                let (_, _, _, _, _, _, _, _, _, _, _, list, addedAt, note, priority) = try row.decode(
                    (Int, String, String?, String?, String?, String?, Int?, Int?, String?, String?, String?, String, Date,
                     String?, Int).self)
                guard let list = FilmList(rawValue: list) else { return nil }
                return StoreSnapshot.SeriesEntry(series: series, list: list, addedAt: addedAt, note: note, priority: priority)
            }
            let seriesDiaries = try session.query(
                """
                SELECT \(unescaped: Self.seriesColumns("s.")), d.rating_half_stars, d.review
                FROM series_diary d JOIN series s ON s.id = d.series_id
                WHERE d.user_id = \(userID) ORDER BY d.series_id
                """
            ).map { row -> StoreSnapshot.SeriesDiaryEntry in
                let series = try Self.series(row)
                let (_, _, _, _, _, _, _, _, _, _, _, halfStars, review) = try row.decode(
                    (Int, String, String?, String?, String?, String?, Int?, Int?, String?, String?, String?, Int?,
                     String?).self)
                return StoreSnapshot.SeriesDiaryEntry(
                    series: series, diary: Diary(rating: halfStars.map { Double($0) / 2 }, review: review))
            }
            return StoreSnapshot(
                films: films, watchlist: try entries(.watchlist), favorites: try entries(.favorites),
                series: series.isEmpty ? nil : series, seriesDiaries: seriesDiaries.isEmpty ? nil : seriesDiaries)
        }
    }

    public func merge(_ snapshot: StoreSnapshot) throws -> ImportReport {
        try backend.transaction { session in
            var known = Set<Int>()
            for entry in snapshot.films {
                try Self.upsertDetails(entry.film, releases: entry.releases, exactly: true, in: session)
                let diary = entry.diary
                let halfStars = try diary.rating.map(Rating.halfStars)
                let watchedOn = try diary.watchedOn.map(Day.validated)
                if diary.isEmpty {
                    try session.execute("DELETE FROM film_diary WHERE user_id = \(userID) AND film_id = \(entry.film.id)")
                } else {
                    try session.execute(
                        """
                        INSERT INTO film_diary (user_id, film_id, rating_half_stars, review, watched_on)
                        VALUES (\(userID), \(entry.film.id), \(halfStars), \(diary.review), \(watchedOn))
                        ON CONFLICT (user_id, film_id) DO UPDATE SET rating_half_stars = EXCLUDED.rating_half_stars,
                            review = EXCLUDED.review, watched_on = EXCLUDED.watched_on
                        """)
                }
                known.insert(entry.film.id)
            }
            var added = 0
            var present = 0
            for (list, entries) in [(FilmList.watchlist, snapshot.watchlist), (.favorites, snapshot.favorites)] {
                for entry in entries {
                    if !known.contains(entry.filmID) {
                        guard !(try session.query("SELECT 1 FROM film WHERE id = \(entry.filmID)").isEmpty) else {
                            throw WatchlistError.invalidJSON(
                                reason: "the \(list.rawValue) names film \(entry.filmID), which the export does not hold")
                        }
                    }
                    let result = try Self.addEntry(
                        filmID: entry.filmID, user: userID, list: list, note: entry.note, priority: entry.priority,
                        addedAt: entry.addedAt, in: session)
                    if result == .added { added += 1 } else { present += 1 }
                }
            }
            for entry in snapshot.series ?? [] {
                try Self.upsertSeries(entry.series, in: session)
                let result = try Self.addSeriesEntry(
                    seriesID: entry.series.id, user: userID, list: entry.list, note: entry.note, priority: entry.priority,
                    addedAt: entry.addedAt, in: session)
                if result == .added { added += 1 } else { present += 1 }
            }
            for entry in snapshot.seriesDiaries ?? [] {
                try Self.upsertSeries(entry.series, in: session)
                try Self.saveSeriesDiary(
                    user: userID, seriesID: entry.series.id, halfStars: try entry.diary.rating.map(Rating.halfStars),
                    review: entry.diary.review, in: session)
            }
            return ImportReport(
                format: .json, added: added, alreadyPresent: present, filmsWritten: snapshot.films.count, unmatched: [])
        }
    }
}
