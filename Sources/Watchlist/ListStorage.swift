import Foundation

/// Where the users, their lists, ratings, reviews and watched days live: one port per idea, two adapters.
///
/// ``PlannerStore`` keeps them in a SQLite file (GRDB), for the command line and a single `planner serve`; the
/// `PostgresStore` module keeps them in PostgreSQL, for several `planner serve` instances behind a load
/// balancer. Every method is one statement or one transaction, so two instances changing the same user's list
/// never lose an update. Calls block until the database answers: the server runs them on threads of their own.
///
/// Each value is seen as one user's (``StorageScope/userID``); ``StorageScope/storage(for:)`` gives the same
/// database as another user's. A use case that needs only one idea can ask for that port alone
/// (`any DiaryStorage`).
public typealias ListStorage = StorageScope & AccountStorage & FilmStorage & ListEntryStorage & DiaryStorage
    & SeriesStorage & SeriesDiaryStorage & SnapshotStorage

/// Whose lists and diary a storage value reads and writes, and which database it is.
public protocol StorageScope: Sendable {
    /// The user whose lists and diary this value reads and writes.
    var userID: Int64 { get }
    /// Names the database in messages: a file path, or a `postgres://` address without its password.
    var location: String { get }
    /// The same database, seen as `userID`'s.
    func storage(for userID: Int64) -> any ListStorage
}

/// ``PlannerStore`` implements each port in the file of its feature: `PlannerStore+Users.swift` (accounts),
/// `+Films`, `+Lists`, `+Diary` with `+Stats`, `+Series`, `+SeriesDiary`, and `+JSON` (snapshot and merge).
extension PlannerStore: StorageScope {
    public var location: String { path }

    public func storage(for userID: Int64) -> any ListStorage { scoped(to: userID) }
}
