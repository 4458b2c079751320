import Foundation
import PostgresNIO
import Watchlist

/// The rows and statements the list storage's methods share, inside a session or transaction.
extension PostgresListStorage {
    /// The film columns in the order ``film(_:)`` reads them.
    static func filmColumns(_ prefix: String = "") -> String {
        ["id", "title", "original_title", "year", "release_date", "poster_path", "overview", "needs_details"]
            .map { prefix + $0 }.joined(separator: ", ")
    }

    static var filmColumns: String { filmColumns() }

    static func film(_ row: PostgresRow) throws -> Film {
        let (id, title, originalTitle, year, releaseDate, posterPath, overview, needsDetails) = try row.decode(
            (Int, String, String?, Int?, String?, String?, String?, Bool).self)
        return Film(
            id: id, title: title, originalTitle: originalTitle, year: year, releaseDate: releaseDate,
            posterPath: posterPath, overview: overview, needsDetails: needsDetails)
    }

    /// The series columns in the order ``series(_:)`` reads them.
    static func seriesColumns(_ prefix: String = "") -> String {
        [
            "id", "name", "first_air_date", "overview", "status", "networks", "next_season", "next_episode",
            "next_episode_name", "next_air_date", "poster_path",
        ].map { prefix + $0 }.joined(separator: ", ")
    }

    static func series(_ row: PostgresRow) throws -> Series {
        let (id, name, firstAirDate, overview, status, networks, season, episode, episodeName, airDate, posterPath) =
            try row.decode((Int, String, String?, String?, String?, String?, Int?, Int?, String?, String?, String?).self)
        var next: Series.Episode?
        if let season, let episode, let airDate {
            next = Series.Episode(season: season, number: episode, name: episodeName ?? "", airDate: airDate)
        }
        return Series(
            id: id, name: name, firstAirDate: firstAirDate, overview: overview, status: status, networks: networks,
            nextEpisode: next, posterPath: posterPath)
    }

    static func user(_ row: PostgresRow) throws -> UserAccount {
        let (id, name, token, feedKey, createdAt) = try row.decode((Int64, String, String?, String?, Date).self)
        return UserAccount(id: id, name: name, tokenSHA256: token, feedKeySHA256: feedKey, createdAt: createdAt)
    }

    /// Stores a film and replaces its releases; unless `exactly`, marks it detailed and fills its year.
    static func upsertDetails(
        _ film: Film, releases: [RegionalRelease], exactly: Bool, in session: PostgresSession
    ) throws {
        try film.validate()
        for release in releases { _ = try Day.validated(release.date) }
        try insert(exactly ? film : film.detailed, replacing: .always, in: session)
        try session.execute("DELETE FROM film_release WHERE film_id = \(film.id)")
        for release in releases {
            try session.execute(
                """
                INSERT INTO film_release (film_id, region, release_date)
                VALUES (\(film.id), \(release.region), \(release.date))
                """)
        }
    }

    /// Stores the film when missing, or fills a stored placeholder from a detailed film.
    static func ensureFilm(_ film: Film, in session: PostgresSession) throws {
        try film.validate()
        try insert(film, replacing: .placeholderOnly, in: session)
    }

    /// When an insert of a stored film replaces it.
    enum Replacement { case always, placeholderOnly }

    /// One `INSERT … ON CONFLICT DO UPDATE` of the film's row.
    private static func insert(_ film: Film, replacing: Replacement, in session: PostgresSession) throws {
        let condition = replacing == .always ? "" : " WHERE film.needs_details AND NOT EXCLUDED.needs_details"
        try session.execute(
            """
            INSERT INTO film (id, title, original_title, year, release_date, poster_path, overview, needs_details)
            VALUES (\(film.id), \(film.title), \(film.originalTitle), \(film.year), \(film.releaseDate),
                    \(film.posterPath), \(film.overview), \(film.needsDetails))
            ON CONFLICT (id) DO UPDATE SET title = EXCLUDED.title, original_title = EXCLUDED.original_title,
                year = EXCLUDED.year, release_date = EXCLUDED.release_date, poster_path = EXCLUDED.poster_path,
                overview = EXCLUDED.overview, needs_details = EXCLUDED.needs_details\(unescaped: condition)
            """)
    }

    /// One list entry, unless already there (one statement: concurrent adds never collide).
    static func addEntry(
        filmID: Int, user: Int64, list: FilmList, note: String?, priority: Int, addedAt: Date,
        in session: PostgresSession
    ) throws -> AddResult {
        try insertEntry(
            table: "list_entry", idColumn: "film_id", id: filmID, user: user, list: list, note: note,
            priority: priority, addedAt: addedAt, in: session)
    }

    /// One series on a list, unless already there.
    static func addSeriesEntry(
        seriesID: Int, user: Int64, list: FilmList, note: String?, priority: Int, addedAt: Date,
        in session: PostgresSession
    ) throws -> AddResult {
        try insertEntry(
            table: "series_entry", idColumn: "series_id", id: seriesID, user: user, list: list, note: note,
            priority: priority, addedAt: addedAt, in: session)
    }

    /// `INSERT … ON CONFLICT DO NOTHING` into `list_entry` or `series_entry`, added at whole seconds.
    private static func insertEntry(
        table: String, idColumn: String, id: Int, user: Int64, list: FilmList, note: String?, priority: Int,
        addedAt: Date, in session: PostgresSession
    ) throws -> AddResult {
        let wholeSeconds = Date(timeIntervalSince1970: addedAt.timeIntervalSince1970.rounded(.down))
        let inserted = try session.query(
            """
            INSERT INTO \(unescaped: table) (user_id, list, \(unescaped: idColumn), added_at, note, priority)
            VALUES (\(user), \(list.rawValue), \(id), \(wholeSeconds), \(note), \(priority))
            ON CONFLICT (user_id, list, \(unescaped: idColumn)) DO NOTHING RETURNING \(unescaped: idColumn)
            """)
        return inserted.isEmpty ? .alreadyPresent : .added
    }

    static func upsertSeries(_ series: Series, in session: PostgresSession) throws {
        let next = series.nextEpisode
        try session.execute(
            """
            INSERT INTO series (id, name, first_air_date, overview, status, networks, next_season, next_episode,
                                next_episode_name, next_air_date, poster_path)
            VALUES (\(series.id), \(series.name), \(series.firstAirDate), \(series.overview), \(series.status),
                    \(series.networks), \(next?.season), \(next?.number), \(next?.name), \(next?.airDate),
                    \(series.posterPath))
            ON CONFLICT (id) DO UPDATE SET name = EXCLUDED.name, first_air_date = EXCLUDED.first_air_date,
                overview = EXCLUDED.overview, status = EXCLUDED.status, networks = EXCLUDED.networks,
                next_season = EXCLUDED.next_season, next_episode = EXCLUDED.next_episode,
                next_episode_name = EXCLUDED.next_episode_name, next_air_date = EXCLUDED.next_air_date,
                poster_path = EXCLUDED.poster_path
            """)
    }

    static func releases(filmID: Int, in session: PostgresSession) throws -> [RegionalRelease] {
        try session.query("SELECT region, release_date FROM film_release WHERE film_id = \(filmID) ORDER BY region").map {
            let (region, date) = try $0.decode((String, String).self)
            return RegionalRelease(region: region, date: date)
        }
    }

    /// Writes one user's rating and review of a series in one statement, or deletes the row when both are nil.
    static func saveSeriesDiary(
        user: Int64, seriesID: Int, halfStars: Int?, review: String?, in session: PostgresSession
    ) throws {
        if halfStars == nil && review == nil {
            try session.execute("DELETE FROM series_diary WHERE user_id = \(user) AND series_id = \(seriesID)")
            return
        }
        try session.execute(
            """
            INSERT INTO series_diary (user_id, series_id, rating_half_stars, review)
            VALUES (\(user), \(seriesID), \(halfStars), \(review))
            ON CONFLICT (user_id, series_id) DO UPDATE SET rating_half_stars = EXCLUDED.rating_half_stars,
                review = EXCLUDED.review
            """)
    }

    static func diary(user: Int64, filmID: Int, in session: PostgresSession) throws -> Diary {
        guard let row = try session.query(
            "SELECT rating_half_stars, review, watched_on FROM film_diary WHERE user_id = \(user) AND film_id = \(filmID)"
        ).first else { return Diary() }
        let (halfStars, review, watchedOn) = try row.decode((Int?, String?, String?).self)
        return Diary(rating: halfStars.map { Double($0) / 2 }, review: review, watchedOn: watchedOn)
    }
}
