import Foundation

/// One user's whole store at once, as the JSON export holds it (a port of ``ListStorage``).
public protocol SnapshotStorage: Sendable {
    /// This user's films, lists, diary and series, as the JSON export holds them.
    func snapshot() throws -> StoreSnapshot
    /// Merges an export into this user's store in one transaction.
    func merge(_ snapshot: StoreSnapshot) throws -> ImportReport
}
