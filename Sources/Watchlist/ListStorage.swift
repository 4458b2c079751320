import Foundation

/// Where the users, their lists, ratings, reviews and watched days live: one interface, two back ends.
///
/// ``PlannerStore`` keeps them in a SQLite file (GRDB), for the command line and a single `planner serve`; the
/// `PostgresStore` module keeps them in PostgreSQL, for several `planner serve` instances behind a load
/// balancer. Every method is one statement or one transaction, so two instances changing the same user's list
/// never lose an update. Calls block until the database answers: the server runs them on threads of its own.
///
/// Each value is seen as one user's (``userID``); ``storage(for:)`` gives the same database as another user's.
public protocol ListStorage: Sendable {
    /// The user whose lists and diary this value reads and writes.
    var userID: Int64 { get }
    /// Names the database in messages: a file path, or a `postgres://` address without its password.
    var location: String { get }
    /// The same database, seen as `userID`'s.
    func storage(for userID: Int64) -> any ListStorage

    // MARK: Films (shared by every user)

    /// Stores a film's details (marked detailed) and replaces its regional releases.
    func upsertDetails(_ film: Film, releases: [RegionalRelease]) throws
    /// A stored film, by TMDb id.
    func film(id: Int) throws -> Film?
    /// The stored films whose title or original title contains `text`, ignoring case, by title.
    func films(titled text: String) throws -> [Film]
    /// The placeholders still waiting for their details, by id.
    func filmsNeedingDetails() throws -> [Film]
    /// A film's theatrical release day in `region`, when stored.
    func releaseDate(filmID: Int, region: String) throws -> String?
    /// A film's releases, by region.
    func releases(filmID: Int) throws -> [RegionalRelease]

    // MARK: Lists

    /// Adds a film to a list, storing it first when new. Already there: nothing changes.
    func add(_ film: Film, to list: FilmList, note: String?, priority: Int, addedAt: Date) throws -> AddResult
    /// Removes a film from a list; whether it was there.
    func remove(filmID: Int, from list: FilmList) throws -> Bool
    /// Empties a list of its films and its series, in one transaction; how many of each went.
    func clear(_ list: FilmList) throws -> ClearedEntries
    /// Whether the film is on the list.
    func contains(filmID: Int, in list: FilmList) throws -> Bool
    /// The films on a list, sorted and filtered.
    func list(_ list: FilmList, query: ListQuery) throws -> [ListItem]

    // MARK: Diary

    /// Rates a film 0.5…5 stars; nil removes the rating.
    func rate(filmID: Int, stars: Double?) throws
    /// Sets a film's review; nil or empty removes it.
    func review(filmID: Int, text: String?) throws
    /// Records the day a film was watched; nil removes it.
    func markWatched(filmID: Int, on day: String?) throws
    /// The film's rating, review and watched day.
    func diary(filmID: Int) throws -> Diary
    /// Counts of both lists, watched and rated films, and the rating histogram.
    func stats() throws -> WatchlistStats

    // MARK: Series

    /// Stores a series' details.
    func upsertSeries(_ series: Series) throws
    /// Adds a series to a list, storing its details.
    func add(_ series: Series, to list: FilmList, note: String?, priority: Int, addedAt: Date) throws -> AddResult
    /// Removes a series from a list; whether it was there.
    func remove(seriesID: Int, from list: FilmList) throws -> Bool
    /// The series on a list.
    func series(on list: FilmList) throws -> [SeriesItem]
    /// A stored series, by id.
    func series(id: Int) throws -> Series?

    // MARK: Users

    /// Adds a user with the hashes of their token and feed key.
    func addUser(name: String, tokenSHA256: String, feedKeySHA256: String, createdAt: Date) throws -> UserAccount
    /// Every user, by id.
    func users() throws -> [UserAccount]
    /// The user whose token hashes to `sha256`.
    func user(tokenSHA256 sha256: String) throws -> UserAccount?
    /// The user whose feed key hashes to `sha256`.
    func user(feedKeySHA256 sha256: String) throws -> UserAccount?
    /// Replaces a user's token hash, feed key hash, or both.
    func rotateUser(name: String, tokenSHA256: String?, feedKeySHA256: String?) throws
    /// Removes a user with their lists and diary.
    func removeUser(name: String) throws

    // MARK: The whole store

    /// This user's films, lists, diary and series, as the JSON export holds them.
    func snapshot() throws -> StoreSnapshot
    /// Merges an export into this user's store in one transaction.
    func merge(_ snapshot: StoreSnapshot) throws -> ImportReport
}

extension ListStorage {
    /// Adds a film now, with no note and priority 0 unless given.
    @discardableResult
    public func add(_ film: Film, to list: FilmList, note: String? = nil, priority: Int = 0) throws -> AddResult {
        try add(film, to: list, note: note, priority: priority, addedAt: Date())
    }

    /// Adds a series now, with no note and priority 0 unless given.
    @discardableResult
    public func add(_ series: Series, to list: FilmList, note: String? = nil, priority: Int = 0) throws -> AddResult {
        try add(series, to: list, note: note, priority: priority, addedAt: Date())
    }

    /// The whole list, most recently added first.
    public func list(_ list: FilmList) throws -> [ListItem] { try self.list(list, query: ListQuery()) }

    /// Stores a film's details with no releases.
    public func upsertDetails(_ film: Film) throws { try upsertDetails(film, releases: []) }

    /// Adds a user created now.
    @discardableResult
    public func addUser(name: String, tokenSHA256: String, feedKeySHA256: String) throws -> UserAccount {
        try addUser(name: name, tokenSHA256: tokenSHA256, feedKeySHA256: feedKeySHA256, createdAt: Date())
    }
}

extension PlannerStore: ListStorage {
    public var location: String { path }

    public func storage(for userID: Int64) -> any ListStorage { scoped(to: userID) }

    public func merge(_ snapshot: StoreSnapshot) throws -> ImportReport {
        try write { [userID] db in try Self.merge(snapshot, user: userID, in: db) }
    }
}
