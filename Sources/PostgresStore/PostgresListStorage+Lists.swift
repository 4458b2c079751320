import Foundation
import PostgresNIO
import Watchlist

/// The user's films on the watchlist and the favorites.
extension PostgresListStorage: ListEntryStorage {
    public func add(_ film: Film, to list: FilmList, note: String?, priority: Int, addedAt: Date) throws -> AddResult {
        try backend.transaction { session in
            try Self.ensureFilm(film, in: session)
            return try Self.addEntry(
                filmID: film.id, user: userID, list: list, note: note, priority: priority, addedAt: addedAt, in: session)
        }
    }

    public func remove(filmID: Int, from list: FilmList) throws -> Bool {
        !(try backend.query(
            """
            DELETE FROM list_entry WHERE user_id = \(userID) AND list = \(list.rawValue) AND film_id = \(filmID)
            RETURNING film_id
            """
        ).isEmpty)
    }

    public func clear(_ list: FilmList) throws -> ClearedEntries {
        try backend.transaction { session in
            ClearedEntries(
                films: try session.query(
                    "DELETE FROM list_entry WHERE user_id = \(userID) AND list = \(list.rawValue) RETURNING film_id"
                ).count,
                series: try session.query(
                    "DELETE FROM series_entry WHERE user_id = \(userID) AND list = \(list.rawValue) RETURNING series_id"
                ).count)
        }
    }

    public func contains(filmID: Int, in list: FilmList) throws -> Bool {
        !(try backend.query(
            "SELECT 1 FROM list_entry WHERE user_id = \(userID) AND list = \(list.rawValue) AND film_id = \(filmID)"
        ).isEmpty)
    }

    public func list(_ list: FilmList, query: ListQuery) throws -> [ListItem] {
        let release = "COALESCE(r.release_date, f.release_date)"
        var bindings = PostgresBindings()
        bindings.append(query.region)
        bindings.append(userID)
        bindings.append(list.rawValue)
        var sql = """
            SELECT \(Self.filmColumns("f.")), e.added_at, e.note, e.priority, d.rating_half_stars, d.review,
                   d.watched_on, \(release)
            FROM list_entry e
            JOIN film f ON f.id = e.film_id
            LEFT JOIN film_diary d ON d.film_id = e.film_id AND d.user_id = e.user_id
            LEFT JOIN film_release r ON r.film_id = e.film_id AND r.region = $1
            WHERE e.user_id = $2 AND e.list = $3
            """
        switch query.filter {
        case .all: break
        case .upcoming:
            bindings.append(try Day.validated(query.today))
            sql += " AND \(release) > $4"
        case .released:
            bindings.append(try Day.validated(query.today))
            sql += " AND \(release) <= $4"
        }
        let byTitle = "lower(f.title), f.id"
        switch query.sort {
        case .added: sql += " ORDER BY e.added_at DESC, \(byTitle)"
        case .release: sql += " ORDER BY \(release) IS NULL, \(release), \(byTitle)"
        case .title: sql += " ORDER BY \(byTitle)"
        case .rating: sql += " ORDER BY d.rating_half_stars IS NULL, d.rating_half_stars DESC, \(byTitle)"
        }
        return try backend.query(PostgresQuery(unsafeSQL: sql, binds: bindings)).map { row in
            let (id, title, originalTitle, year, releaseDate, posterPath, overview, needsDetails, addedAt, note, priority,
                 halfStars, review, watchedOn, effective) = try row.decode(
                (Int, String, String?, Int?, String?, String?, String?, Bool, Date, String?, Int, Int?, String?, String?,
                 String?).self)
            return ListItem(
                film: Film(
                    id: id, title: title, originalTitle: originalTitle, year: year, releaseDate: releaseDate,
                    posterPath: posterPath, overview: overview, needsDetails: needsDetails),
                addedAt: addedAt, note: note, priority: priority,
                diary: Diary(rating: halfStars.map { Double($0) / 2 }, review: review, watchedOn: watchedOn),
                releaseDate: effective)
        }
    }
}
