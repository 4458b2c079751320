import GRDB

extension PlannerStore: FilmStorage {
    /// Fills in (or replaces) a film's details and its regional release dates, clearing ``Film/needsDetails``.
    ///
    /// This is how a placeholder added offline gets its details once TMDb is reachable. The year is taken from
    /// the release date when it is missing.
    /// - Throws: ``WatchlistError/invalidDay(_:)`` for a malformed date.
    public func upsertDetails(_ film: Film, releases: [RegionalRelease] = []) throws {
        try write { db in try Self.upsertDetails(film, releases: releases, in: db) }
    }

    /// The film with this TMDb id, or nil.
    public func film(id: Int) throws -> Film? {
        try readStatement { db in
            try Film.fetchOne(db.cachedStatement(sql: "SELECT * FROM film WHERE id = ?"), arguments: [id])
        }
    }

    /// Films whose title or original title contains `text` (case-insensitive for ASCII), by title.
    public func films(titled text: String) throws -> [Film] {
        try read { db in
            let pattern =
                "%"
                + text.replacingOccurrences(of: "\\", with: "\\\\")
                .replacingOccurrences(of: "%", with: "\\%").replacingOccurrences(of: "_", with: "\\_") + "%"
            return try Film.fetchAll(
                db,
                sql: """
                    SELECT * FROM film WHERE title LIKE ? ESCAPE '\\' OR originalTitle LIKE ? ESCAPE '\\'
                    ORDER BY title COLLATE NOCASE, id
                    """,
                arguments: [pattern, pattern])
        }
    }

    /// Placeholder films still waiting for their details, by id: what a sync should fetch.
    public func filmsNeedingDetails() throws -> [Film] {
        try read { db in
            try Film.filter(Film.Columns.needsDetails == true).order(Film.Columns.id).fetchAll(db)
        }
    }

    /// The film's theatrical release date in `region` (ISO 3166-1, such as `FI`), or nil when unknown.
    public func releaseDate(filmID: Int, region: String) throws -> String? {
        let region = region.uppercased()
        return try readRemembered(.releaseDate(filmID: filmID, region: region)) { db in
            try String.fetchOne(
                db.cachedStatement(sql: "SELECT releaseDate FROM filmRelease WHERE filmId = ? AND region = ?"),
                arguments: [filmID, region])
        }
    }

    /// Every regional release date known for the film, by region.
    public func releases(filmID: Int) throws -> [RegionalRelease] {
        try readRemembered(.releases(filmID: filmID), rows: \.count) { db in try Self.releases(filmID: filmID, in: db) }
    }

    // MARK: - Inside a transaction

    static func releases(filmID: Int, in db: Database) throws -> [RegionalRelease] {
        try FilmReleaseRecord.fetchAll(
            db.cachedStatement(sql: "SELECT * FROM filmRelease WHERE filmId = ? ORDER BY region"), arguments: [filmID]
        ).map { RegionalRelease(region: $0.region, date: $0.releaseDate) }
    }

    /// Stores a film and replaces its regional releases. Unless `exactly`, the film is marked detailed and its
    /// year filled from its release date; `exactly` stores it as given (for JSON imports).
    static func upsertDetails(
        _ film: Film, releases: [RegionalRelease], exactly: Bool = false, in db: Database
    ) throws {
        try film.validate()
        for release in releases { _ = try Day.validated(release.date) }
        try (exactly ? film : film.detailed).upsert(db)
        try FilmReleaseRecord.filter(Column("filmId") == film.id).deleteAll(db)
        for release in releases {
            try FilmReleaseRecord(filmId: film.id, region: release.region, releaseDate: release.date).insert(db)
        }
    }

    /// Makes sure the film is stored: inserts it when missing, and fills a stored placeholder from a detailed film.
    /// A detailed stored film is never overwritten by what a list add carries.
    static func ensureFilm(_ film: Film, in db: Database) throws {
        try film.validate()
        guard let stored = try Film.fetchOne(db, key: film.id) else {
            try film.insert(db)
            return
        }
        if stored.needsDetails && !film.needsDetails {
            try film.update(db)
        }
    }

    static func requireFilm(_ id: Int, in db: Database) throws {
        guard try Film.exists(db, key: id) else { throw WatchlistError.filmNotFound(id: id) }
    }
}
