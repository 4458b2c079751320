import Foundation
import PostgresNIO
import Watchlist

/// The users, lists, ratings, reviews, watched days and series in PostgreSQL, for several `planner serve`
/// instances on one database. Each method is one statement or one transaction; adds are `INSERT … ON CONFLICT
/// DO NOTHING`, so two instances adding to the same list at once both keep their row.
public struct PostgresListStorage: ListStorage {
    public let backend: PostgresBackend
    public let userID: Int64

    /// The store over `backend`, seen as `userID`'s (the command line's own user by default).
    public init(backend: PostgresBackend, userID: Int64 = PlannerStore.localUserID) {
        self.backend = backend
        self.userID = userID
    }

    public var location: String { backend.location }

    public func storage(for userID: Int64) -> any ListStorage { PostgresListStorage(backend: backend, userID: userID) }

    // MARK: Films

    public func upsertDetails(_ film: Film, releases: [RegionalRelease]) throws {
        try backend.transaction { try Self.upsertDetails(film, releases: releases, exactly: false, in: $0) }
    }

    public func film(id: Int) throws -> Film? {
        try backend.query("SELECT \(unescaped: Self.filmColumns) FROM film WHERE id = \(id)").first.map(Self.film)
    }

    public func films(titled text: String) throws -> [Film] {
        let pattern = "%" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "%", with: "\\%")
            .replacingOccurrences(of: "_", with: "\\_") + "%"
        return try backend.query(
            """
            SELECT \(unescaped: Self.filmColumns) FROM film WHERE title ILIKE \(pattern) OR original_title ILIKE \(pattern)
            ORDER BY lower(title), id
            """
        ).map(Self.film)
    }

    public func filmsNeedingDetails() throws -> [Film] {
        try backend.query("SELECT \(unescaped: Self.filmColumns) FROM film WHERE needs_details ORDER BY id").map(Self.film)
    }

    public func releaseDate(filmID: Int, region: String) throws -> String? {
        try backend.query(
            "SELECT release_date FROM film_release WHERE film_id = \(filmID) AND region = \(region.uppercased())"
        ).first.map { try $0.decode(String.self) }
    }

    public func releases(filmID: Int) throws -> [RegionalRelease] {
        try backend.withSession { try Self.releases(filmID: filmID, in: $0) }
    }

    // MARK: Lists

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

    // MARK: Diary

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
            var ratingCounts: [Int: Int] = [:]
            for row in try session.query(
                """
                SELECT rating_half_stars, count(*)::int FROM film_diary
                WHERE user_id = \(userID) AND rating_half_stars IS NOT NULL GROUP BY rating_half_stars
                """)
            {
                let (halfStars, count) = try row.decode((Int, Int).self)
                ratingCounts[halfStars] = count
            }
            return WatchlistStats(
                watchlist: listCounts[FilmList.watchlist.rawValue] ?? 0,
                favorites: listCounts[FilmList.favorites.rawValue] ?? 0, watched: watched,
                rated: ratingCounts.values.reduce(0, +), ratingCounts: ratingCounts)
        }
    }

    // MARK: Series

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
            let (_, _, _, _, _, _, _, _, _, _, addedAt, note, priority) = try row.decode(
                (Int, String, String?, String?, String?, String?, Int?, Int?, String?, String?, Date, String?, Int).self)
            return SeriesItem(series: series, addedAt: addedAt, note: note, priority: priority)
        }
    }

    public func series(id: Int) throws -> Series? {
        try backend.query("SELECT \(unescaped: Self.seriesColumns()) FROM series WHERE id = \(id)").first.map(Self.series)
    }

    // MARK: Users

    public func addUser(name: String, tokenSHA256: String, feedKeySHA256: String, createdAt: Date) throws -> UserAccount {
        let created = Date(timeIntervalSince1970: createdAt.timeIntervalSince1970.rounded(.down))
        return try backend.transaction { session in
            // One writer at a time picks the next id, so that two instances adding users never collide.
            try session.execute("LOCK TABLE planner_user IN SHARE ROW EXCLUSIVE MODE")
            guard try session.query("SELECT 1 FROM planner_user WHERE name = \(name)").isEmpty else {
                throw WatchlistError.userExists(name)
            }
            let id = try session.query("SELECT COALESCE(max(id), 0) + 1 FROM planner_user").first.map {
                try $0.decode(Int64.self)
            } ?? 1
            try session.execute(
                """
                INSERT INTO planner_user (id, name, token_sha256, feed_key_sha256, created_at)
                VALUES (\(id), \(name), \(tokenSHA256), \(feedKeySHA256), \(created))
                """)
            return UserAccount(id: id, name: name, tokenSHA256: tokenSHA256, feedKeySHA256: feedKeySHA256, createdAt: created)
        }
    }

    public func users() throws -> [UserAccount] {
        try backend.query("SELECT id, name, token_sha256, feed_key_sha256, created_at FROM planner_user ORDER BY id")
            .map(Self.user)
    }

    public func user(tokenSHA256 sha256: String) throws -> UserAccount? {
        try backend.query(
            "SELECT id, name, token_sha256, feed_key_sha256, created_at FROM planner_user WHERE token_sha256 = \(sha256)"
        ).first.map(Self.user)
    }

    public func user(feedKeySHA256 sha256: String) throws -> UserAccount? {
        try backend.query(
            "SELECT id, name, token_sha256, feed_key_sha256, created_at FROM planner_user WHERE feed_key_sha256 = \(sha256)"
        ).first.map(Self.user)
    }

    public func rotateUser(name: String, tokenSHA256: String?, feedKeySHA256: String?) throws {
        let rows = try backend.query(
            """
            UPDATE planner_user SET token_sha256 = COALESCE(\(tokenSHA256), token_sha256),
                feed_key_sha256 = COALESCE(\(feedKeySHA256), feed_key_sha256)
            WHERE name = \(name) AND id <> \(PlannerStore.localUserID) RETURNING id
            """)
        guard !rows.isEmpty else { throw WatchlistError.userNotFound(name) }
    }

    public func removeUser(name: String) throws {
        let rows = try backend.query(
            "DELETE FROM planner_user WHERE name = \(name) AND id <> \(PlannerStore.localUserID) RETURNING id")
        guard !rows.isEmpty else { throw WatchlistError.userNotFound(name) }
    }

    // MARK: The whole store

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
                let (_, _, _, _, _, _, _, _, _, _, list, addedAt, note, priority) = try row.decode(
                    (Int, String, String?, String?, String?, String?, Int?, Int?, String?, String?, String, Date, String?,
                     Int).self)
                guard let list = FilmList(rawValue: list) else { return nil }
                return StoreSnapshot.SeriesEntry(series: series, list: list, addedAt: addedAt, note: note, priority: priority)
            }
            return StoreSnapshot(
                films: films, watchlist: try entries(.watchlist), favorites: try entries(.favorites),
                series: series.isEmpty ? nil : series)
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
            return ImportReport(
                format: .json, added: added, alreadyPresent: present, filmsWritten: snapshot.films.count, unmatched: [])
        }
    }
}
