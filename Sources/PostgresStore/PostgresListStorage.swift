import Foundation
import PostgresNIO
import Watchlist

/// The users, lists, ratings, reviews, watched days and series in PostgreSQL, for several `planner serve`
/// instances on one database. Each method is one statement or one transaction; adds are `INSERT … ON CONFLICT
/// DO NOTHING`, so two instances adding to the same list at once both keep their row.
///
/// It implements each port of `ListStorage` in a file of its own: `PostgresListStorage+Films.swift`, `+Lists`,
/// `+Diary`, `+Series`, `+Users` and `+Snapshot`.
public struct PostgresListStorage: StorageScope {
    public let backend: PostgresBackend
    public let userID: Int64

    /// The store over `backend`, seen as `userID`'s (the command line's own user by default).
    public init(backend: PostgresBackend, userID: Int64 = PlannerStore.localUserID) {
        self.backend = backend
        self.userID = userID
    }

    public var location: String { backend.location }

    public func storage(for userID: Int64) -> any ListStorage { PostgresListStorage(backend: backend, userID: userID) }
}
