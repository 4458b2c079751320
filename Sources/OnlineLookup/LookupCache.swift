import Foundation
import GRDB

/// Online answers kept in the app database: theater lookups for 24 h, geocodes for 30 days, as the services'
/// usage policies ask. Also holds the timestamp that spaces Nominatim requests across processes.
public struct LookupCache: Sendable {
    let writer: any DatabaseWriter

    /// How long a theater lookup (Overpass, or Nominatim's amenity search) stays fresh: 24 hours.
    public static let theaterLookupSeconds: Double = 24 * 3600
    /// How long a geocode (search or reverse) stays fresh: 30 days.
    public static let geocodeSeconds: Double = 30 * 24 * 3600

    public init(writer: any DatabaseWriter) {
        self.writer = writer
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
    }

    /// The cached body for `key` and its age in seconds, if any.
    func entry(_ key: String, now: Date) throws -> (body: Data, ageSeconds: Double)? {
        try writer.read { db in
            guard let row = try Row.fetchOne(db, sql: "SELECT body, fetchedAt FROM onlineLookupCache WHERE key = ?", arguments: [key])
            else { return nil }
            let fetchedAt: Double = row["fetchedAt"]
            return (row["body"], now.timeIntervalSince1970 - fetchedAt)
        }
    }

    func store(_ body: Data, for key: String, at date: Date) throws {
        try writer.write { db in
            try db.execute(
                sql: "INSERT OR REPLACE INTO onlineLookupCache (key, body, fetchedAt) VALUES (?, ?, ?)",
                arguments: [key, body, date.timeIntervalSince1970])
        }
    }

    /// Tries to take the service's single request slot, shared by every process on the database (the write
    /// transaction serializes them). Granted when the previous request finished at least the interval ago;
    /// the holder keeps it for at most `leaseSeconds` (a process that dies mid-request frees it then).
    /// - Returns: nil when granted, else how long to wait before asking again.
    func acquireSlot(service: String, leaseSeconds: Double, now: Date) throws -> Double? {
        try writer.write { db in
            let next = try Double.fetchOne(
                db, sql: "SELECT nextAllowedAt FROM onlineLookupPacing WHERE service = ?", arguments: [service]) ?? 0
            let t = now.timeIntervalSince1970
            guard t >= next else { return next - t }
            try db.execute(
                sql: "INSERT OR REPLACE INTO onlineLookupPacing (service, nextAllowedAt) VALUES (?, ?)",
                arguments: [service, t + leaseSeconds])
            return nil
        }
    }

    /// Gives the slot back when a request has finished: the next may start `intervalSeconds` from now.
    func releaseSlot(service: String, intervalSeconds: Double, now: Date) throws {
        try writer.write { db in
            try db.execute(
                sql: "INSERT OR REPLACE INTO onlineLookupPacing (service, nextAllowedAt) VALUES (?, ?)",
                arguments: [service, now.timeIntervalSince1970 + intervalSeconds])
        }
    }
}
