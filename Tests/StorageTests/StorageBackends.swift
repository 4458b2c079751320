import Foundation
import Testing
import PostgresStore
import TestSupport
import Watchlist

/// The two back ends every storage test runs on.
enum Backend: String, CaseIterable, CustomTestStringConvertible, Sendable {
    case sqlite
    case postgres

    var testDescription: String { self == .sqlite ? "SQLite" : "PostgreSQL" }

    /// The back ends this machine has: SQLite always, PostgreSQL where it is installed (CI always).
    static var available: [Backend] { ThrowawayPostgres.isAvailable ? [.sqlite, .postgres] : [.sqlite] }

    /// A fresh, empty store on this back end, seen as the command line's own user.
    func freshStore() throws -> any ListStorage {
        switch self {
        case .sqlite:
            let path = FileManager.default.temporaryDirectory.appendingPathComponent("storage-\(UUID().uuidString).sqlite")
            return try PlannerStore(path: path.path)
        case .postgres:
            return PostgresListStorage(backend: try freshBackend())
        }
    }

    /// A fresh PostgreSQL database, migrated.
    func freshBackend() throws -> PostgresBackend {
        try PostgresBackend(url: try ThrowawayPostgres.newDatabase(), maximumConnections: 8)
    }
}
