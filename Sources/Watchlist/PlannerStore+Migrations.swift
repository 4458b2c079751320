import GRDB

extension PlannerStore {
    /// The identifiers of the store's own migrations, in order. Shipped migrations are never edited.
    public static let ownMigrationIdentifiers = [
        "watchlist-v1-films", "watchlist-v1-lists", "watchlist-v1-diary", "watchlist-v2-users", "watchlist-v3-series",
        "watchlist-v4-series-diary",
    ]

    /// The migrator: the store's own migrations, then each module's registrations in order.
    static func migrator(with registrations: [MigrationRegistration]) -> DatabaseMigrator {
        var migrator = DatabaseMigrator()
        registerOwnMigrations(in: &migrator)
        for register in registrations { register(&migrator) }
        // Later than the modules' first migrations, so that every store that already has those applies it last.
        registerSeriesMigration(in: &migrator)
        registerSeriesDiaryMigration(in: &migrator)
        return migrator
    }

    /// Registers the store's tables. These migrations refer to no app type, only to table and column names.
    private static func registerOwnMigrations(in migrator: inout DatabaseMigrator) {
        migrator.registerMigration("watchlist-v1-films") { db in
            try db.create(table: "film") { t in
                t.primaryKey("id", .integer)  // TMDb id
                t.column("title", .text).notNull()
                t.column("originalTitle", .text)
                t.column("year", .integer)
                t.column("releaseDate", .text)  // YYYY-MM-DD
                t.column("posterPath", .text)
                t.column("overview", .text)
                t.column("needsDetails", .boolean).notNull().defaults(to: false)
            }
            try db.create(table: "filmRelease") { t in
                t.column("filmId", .integer).notNull().references("film", onDelete: .cascade)
                t.column("region", .text).notNull()  // ISO 3166-1 alpha-2
                t.column("releaseDate", .text).notNull()  // YYYY-MM-DD
                t.primaryKey(["filmId", "region"])
            }
        }
        migrator.registerMigration("watchlist-v1-lists") { db in
            try db.create(table: "listEntry") { t in
                t.column("list", .text).notNull()  // "watchlist" or "favorites"
                t.column("filmId", .integer).notNull().references("film", onDelete: .cascade)
                t.column("addedAt", .datetime).notNull()
                t.column("note", .text)
                t.column("priority", .integer).notNull().defaults(to: 0)
                t.primaryKey(["list", "filmId"])
            }
            try db.create(index: "listEntry_filmId", on: "listEntry", columns: ["filmId"])
        }
        migrator.registerMigration("watchlist-v1-diary") { db in
            try db.create(table: "filmDiary") { t in
                t.primaryKey("filmId", .integer).references("film", onDelete: .cascade)
                t.column("ratingHalfStars", .integer).check { $0 == nil || ($0 >= 1 && $0 <= 10) }
                t.column("review", .text)
                t.column("watchedOn", .text)  // YYYY-MM-DD
            }
        }
        // Many users in one file (planner serve): each list entry and diary row belongs to one user; what was
        // there before belongs to the command line's own user, "local" (id 1). Tokens are kept as SHA-256 only.
        migrator.registerMigration("watchlist-v2-users") { db in
            try db.create(table: "user") { t in
                t.primaryKey("id", .integer)
                t.column("name", .text).notNull().unique()
                t.column("tokenSHA256", .text).unique()
                t.column("feedKeySHA256", .text).unique()
                t.column("createdAt", .datetime).notNull()
            }
            try db.execute(sql: "INSERT INTO user (id, name, createdAt) VALUES (1, 'local', CURRENT_TIMESTAMP)")
            try db.create(table: "listEntryByUser") { t in
                t.column("userId", .integer).notNull().references("user", onDelete: .cascade)
                t.column("list", .text).notNull()
                t.column("filmId", .integer).notNull().references("film", onDelete: .cascade)
                t.column("addedAt", .datetime).notNull()
                t.column("note", .text)
                t.column("priority", .integer).notNull().defaults(to: 0)
                t.primaryKey(["userId", "list", "filmId"])
            }
            try db.execute(
                sql: """
                    INSERT INTO listEntryByUser (userId, list, filmId, addedAt, note, priority)
                    SELECT 1, list, filmId, addedAt, note, priority FROM listEntry
                    """)
            try db.drop(table: "listEntry")
            try db.rename(table: "listEntryByUser", to: "listEntry")
            try db.create(index: "listEntry_filmId", on: "listEntry", columns: ["filmId"])
            try db.create(table: "filmDiaryByUser") { t in
                t.column("userId", .integer).notNull().references("user", onDelete: .cascade)
                t.column("filmId", .integer).notNull().references("film", onDelete: .cascade)
                t.column("ratingHalfStars", .integer).check { $0 == nil || ($0 >= 1 && $0 <= 10) }
                t.column("review", .text)
                t.column("watchedOn", .text)  // YYYY-MM-DD
                t.primaryKey(["userId", "filmId"])
            }
            try db.execute(
                sql: """
                    INSERT INTO filmDiaryByUser (userId, filmId, ratingHalfStars, review, watchedOn)
                    SELECT 1, filmId, ratingHalfStars, review, watchedOn FROM filmDiary
                    """)
            try db.drop(table: "filmDiary")
            try db.rename(table: "filmDiaryByUser", to: "filmDiary")
        }
    }
}
