import GRDB

extension PlannerStore {
    /// Counts of the watchlist, favorites, watched and rated films, rated series, and the rating histogram.
    public func stats() throws -> WatchlistStats {
        try read { db in
            let lists = try Row.fetchAll(db, sql: "SELECT list, count(*) AS n FROM listEntry WHERE userId = ? GROUP BY list", arguments: [userID])
            var listCounts: [String: Int] = [:]
            for row in lists { listCounts[row["list"]] = row["n"] }
            let watched = try Int.fetchOne(db, sql: "SELECT count(*) FROM filmDiary WHERE userId = ? AND watchedOn IS NOT NULL", arguments: [userID]) ?? 0
            func ratingCounts(_ table: String) throws -> [Int: Int] {
                var counts: [Int: Int] = [:]
                let rows = try Row.fetchAll(
                    db,
                    sql: """
                        SELECT ratingHalfStars AS h, count(*) AS n FROM \(table)
                        WHERE userId = ? AND ratingHalfStars IS NOT NULL GROUP BY ratingHalfStars
                        """, arguments: [userID])
                for row in rows { counts[row["h"]] = row["n"] }
                return counts
            }
            let films = try ratingCounts("filmDiary")
            let series = try ratingCounts("seriesDiary")
            return WatchlistStats(
                watchlist: listCounts[FilmList.watchlist.rawValue] ?? 0,
                favorites: listCounts[FilmList.favorites.rawValue] ?? 0,
                watched: watched,
                rated: films.values.reduce(0, +),
                ratingCounts: films,
                ratedSeries: series.values.reduce(0, +),
                seriesRatingCounts: series)
        }
    }

    /// The stored films this user rated exactly `halfStars` half-stars, by title.
    public func ratedFilms(halfStars: Int) throws -> [Film] {
        try read { db in
            try Film.fetchAll(
                db,
                sql: """
                    SELECT film.* FROM film JOIN filmDiary ON filmDiary.filmId = film.id
                    WHERE filmDiary.userId = ? AND filmDiary.ratingHalfStars = ?
                    ORDER BY film.title, film.id
                    """, arguments: [userID, halfStars])
        }
    }
}
