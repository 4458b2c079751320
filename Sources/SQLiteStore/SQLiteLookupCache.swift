import Foundation
import GRDB
import Watchlist
import OnlineLookup

/// Overpass and Nominatim answers, and their request pacing, as two tables in the application's SQLite database.
///
/// ```swift
/// let cache = LookupCache(storage: SQLiteLookupCache(writer: plannerStore.writer))
/// ```
public struct SQLiteLookupCache: LookupCacheStorage {
    private let writer: any DatabaseWriter
    private let reads: ReadConnections

    /// Creates the cache's storage over a database whose migrations include ``registerMigrations(in:)``.
    /// - Parameter reads: How the store that owns the file reads (``PlannerStore/reads``): a server's look-ups then
    ///   run on connections of their own. Nil: on `writer`.
    public init(writer: any DatabaseWriter, reads: ReadConnections? = nil) {
        self.writer = writer
        self.reads = reads ?? ReadConnections(writer: writer)
    }

    /// The tables, as named migrations that are never edited once shipped.
    public static func registerMigrations(in migrator: inout DatabaseMigrator) {
        migrator.registerMigration("onlinelookup-v1-cache-and-pacing") { db in
            try db.execute(
                sql: """
                    CREATE TABLE onlineLookupCache (
                        key TEXT PRIMARY KEY NOT NULL,
                        body BLOB NOT NULL,
                        fetchedAt DOUBLE NOT NULL
                    );
                    CREATE TABLE onlineLookupPacing (
                        service TEXT PRIMARY KEY NOT NULL,
                        nextAllowedAt DOUBLE NOT NULL
                    );
                    """)
        }
        // Which process holds the slot, so that a process killed mid-request (Ctrl-C) does not keep the next
        // one waiting for the whole lease.
        migrator.registerMigration("onlinelookup-v2-pacing-holder") { db in
            try db.execute(sql: "ALTER TABLE onlineLookupPacing ADD COLUMN holderPID INTEGER")
        }
    }

    /// Read on every lookup: the statement is prepared once per connection and kept (`cachedStatement`).
    public func entry(_ key: String) throws -> (body: Data, fetchedAt: Double)? {
        try reads.statement { db -> (body: Data, fetchedAt: Double)? in
            guard
                let row = try Row.fetchOne(
                    db.cachedStatement(sql: "SELECT body, fetchedAt FROM onlineLookupCache WHERE key = ?"),
                    arguments: [key])
            else { return nil }
            let body: Data = row["body"]
            let fetchedAt: Double = row["fetchedAt"]
            return (body, fetchedAt)
        }
    }

    public func store(_ body: Data, for key: String, fetchedAt: Double) throws {
        try writer.write { db in
            try db.execute(
                sql: "INSERT OR REPLACE INTO onlineLookupCache (key, body, fetchedAt) VALUES (?, ?, ?)",
                arguments: [key, body, fetchedAt])
        }
    }

    /// Takes the slot in one write transaction, which serializes every process on the file. When the holder process
    /// no longer exists (killed mid-request), its slot is given back on its behalf: the next request may start
    /// `intervalSeconds` later.
    public func acquireSlot(
        service: String, leaseSeconds: Double, intervalSeconds: Double, now: Date, pid: Int32
    ) throws -> Double? {
        try writer.write { db -> Double? in
            let row = try Row.fetchOne(
                db, sql: "SELECT nextAllowedAt, holderPID FROM onlineLookupPacing WHERE service = ?",
                arguments: [service])
            let next: Double = row?["nextAllowedAt"] ?? 0
            let holder: Int32? = row?["holderPID"]
            let t = now.timeIntervalSince1970
            if t < next {
                guard let holder, holder != pid, !LookupCache.processExists(holder) else { return next - t }
                try db.execute(
                    sql: "INSERT OR REPLACE INTO onlineLookupPacing (service, nextAllowedAt, holderPID) VALUES (?, ?, NULL)",
                    arguments: [service, t + intervalSeconds])
                return intervalSeconds
            }
            try db.execute(
                sql: "INSERT OR REPLACE INTO onlineLookupPacing (service, nextAllowedAt, holderPID) VALUES (?, ?, ?)",
                arguments: [service, t + leaseSeconds, pid])
            return nil
        }
    }

    public func releaseSlot(service: String, intervalSeconds: Double, now: Date) throws {
        try writer.write { db in
            try db.execute(
                sql: "INSERT OR REPLACE INTO onlineLookupPacing (service, nextAllowedAt, holderPID) VALUES (?, ?, NULL)",
                arguments: [service, now.timeIntervalSince1970 + intervalSeconds])
        }
    }
}
