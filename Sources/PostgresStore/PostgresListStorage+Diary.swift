import Foundation
import PostgresNIO
import Watchlist

/// The user's ratings, reviews and watched days, and their counts.
extension PostgresListStorage: DiaryStorage {
    public func rate(filmID: Int, stars: Double?) throws {
        let halfStars = try stars.map(Rating.halfStars)
        try updateDiary(filmID: filmID, column: "rating_half_stars", value: halfStars)
    }

    public func review(filmID: Int, text: String?) throws {
        let review = text?.isEmpty == true ? nil : text
        try updateDiary(filmID: filmID, column: "review", value: review)
    }

    public func markWatched(filmID: Int, on day: String?) throws {
        let watchedOn = try day.map(Day.validated)
        try updateDiary(filmID: filmID, column: "watched_on", value: watchedOn)
    }

    /// Sets one diary column in one transaction (the film must be stored), removing a row left empty.
    private func updateDiary<Value: PostgresDynamicTypeEncodable>(filmID: Int, column: String, value: Value?) throws {
        try backend.transaction { session in
            guard !(try session.query("SELECT 1 FROM film WHERE id = \(filmID)").isEmpty) else {
                throw WatchlistError.filmNotFound(id: filmID)
            }
            try session.execute(
                """
                INSERT INTO film_diary (user_id, film_id, \(unescaped: column)) VALUES (\(userID), \(filmID), \(value))
                ON CONFLICT (user_id, film_id) DO UPDATE SET \(unescaped: column) = EXCLUDED.\(unescaped: column)
                """)
            try session.execute(
                """
                DELETE FROM film_diary WHERE user_id = \(userID) AND film_id = \(filmID)
                AND rating_half_stars IS NULL AND review IS NULL AND watched_on IS NULL
                """)
        }
    }

    public func diary(filmID: Int) throws -> Diary {
        try backend.withSession { try Self.diary(user: userID, filmID: filmID, in: $0) }
    }

    public func stats() throws -> WatchlistStats {
        try backend.withSession { session in
            var listCounts: [String: Int] = [:]
            for row in try session.query(
                "SELECT list, count(*)::int FROM list_entry WHERE user_id = \(userID) GROUP BY list")
            {
                let (list, count) = try row.decode((String, Int).self)
                listCounts[list] = count
            }
            let watched = try session.query(
                "SELECT count(*)::int FROM film_diary WHERE user_id = \(userID) AND watched_on IS NOT NULL"
            ).first.map { try $0.decode(Int.self) } ?? 0
            func ratingCounts(_ table: String) throws -> [Int: Int] {
                var counts: [Int: Int] = [:]
                for row in try session.query(
                    """
                    SELECT rating_half_stars, count(*)::int FROM \(unescaped: table)
                    WHERE user_id = \(userID) AND rating_half_stars IS NOT NULL GROUP BY rating_half_stars
                    """)
                {
                    let (halfStars, count) = try row.decode((Int, Int).self)
                    counts[halfStars] = count
                }
                return counts
            }
            let films = try ratingCounts("film_diary")
            let series = try ratingCounts("series_diary")
            return WatchlistStats(
                watchlist: listCounts[FilmList.watchlist.rawValue] ?? 0,
                favorites: listCounts[FilmList.favorites.rawValue] ?? 0, watched: watched,
                rated: films.values.reduce(0, +), ratingCounts: films, ratedSeries: series.values.reduce(0, +),
                seriesRatingCounts: series)
        }
    }

    public func ratedFilms(halfStars: Int) throws -> [Film] {
        try backend.query(
            """
            SELECT \(unescaped: Self.filmColumns("f.")) FROM film f JOIN film_diary d ON d.film_id = f.id
            WHERE d.user_id = \(userID) AND d.rating_half_stars = \(halfStars) ORDER BY f.title, f.id
            """
        ).map(Self.film)
    }
}
