import GRDB

extension PlannerStore {
    /// Counts of the watchlist, favorites, watched and rated films, and the rating histogram.
    public func stats() throws -> WatchlistStats {
        try read { db in
            let lists = try Row.fetchAll(db, sql: "SELECT list, count(*) AS n FROM listEntry WHERE userId = ? GROUP BY list", arguments: [userID])
            var listCounts: [String: Int] = [:]
            for row in lists { listCounts[row["list"]] = row["n"] }
            let watched = try Int.fetchOne(db, sql: "SELECT count(*) FROM filmDiary WHERE userId = ? AND watchedOn IS NOT NULL", arguments: [userID]) ?? 0
            var ratingCounts: [Int: Int] = [:]
            let ratings = try Row.fetchAll(
                db,
                sql: """
                    SELECT ratingHalfStars AS h, count(*) AS n FROM filmDiary
                    WHERE userId = ? AND ratingHalfStars IS NOT NULL GROUP BY ratingHalfStars
                    """, arguments: [userID])
            for row in ratings { ratingCounts[row["h"]] = row["n"] }
            return WatchlistStats(
                watchlist: listCounts[FilmList.watchlist.rawValue] ?? 0,
                favorites: listCounts[FilmList.favorites.rawValue] ?? 0,
                watched: watched,
                rated: ratingCounts.values.reduce(0, +),
                ratingCounts: ratingCounts)
        }
    }
}
