import Foundation
import GRDB

/// Online answers kept in the app database: theater lookups for 24 h, geocodes for 30 days, as the services'
/// usage policies ask. Also holds the timestamp that spaces Nominatim requests across processes.
public struct LookupCache: Sendable {
    let writer: (any DatabaseWriter)?
    let backend: (any LookupCacheBackend)?

    /// How long a theater lookup (Overpass, or Nominatim's amenity search) stays fresh: 24 hours.
    public static let theaterLookupSeconds: Double = 24 * 3600
    /// How long a geocode (search or reverse) stays fresh: 30 days.
    public static let geocodeSeconds: Double = 30 * 24 * 3600

    public init(writer: any DatabaseWriter) {
        self.writer = writer
        backend = nil
    }

    /// A cache kept elsewhere (PostgreSQL): answers and the pacing slot shared by several servers.
    public init(backend: any LookupCacheBackend) {
        writer = nil
        self.backend = backend
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

    /// The cached body for `key` and its age in seconds, if any.
    func entry(_ key: String, now: Date) throws -> (body: Data, ageSeconds: Double)? {
        if let backend {
            return try backend.entry(key).map { ($0.body, now.timeIntervalSince(Date(timeIntervalSince1970: $0.fetchedAt))) }
        }
        guard let writer else { return nil }
        return try writer.read { db in
            guard let row = try Row.fetchOne(db, sql: "SELECT body, fetchedAt FROM onlineLookupCache WHERE key = ?", arguments: [key])
            else { return nil }
            let fetchedAt: Double = row["fetchedAt"]
            return (row["body"], now.timeIntervalSince1970 - fetchedAt)
        }
    }

    func store(_ body: Data, for key: String, at date: Date) throws {
        if let backend { return try backend.store(body, for: key, fetchedAt: date.timeIntervalSince1970) }
        guard let writer else { return }
        try writer.write { db in
            try db.execute(
                sql: "INSERT OR REPLACE INTO onlineLookupCache (key, body, fetchedAt) VALUES (?, ?, ?)",
                arguments: [key, body, date.timeIntervalSince1970])
        }
    }

    /// Tries to take the service's single request slot, shared by every process on the database (the write
    /// transaction serializes them). Granted when the previous request finished at least the interval ago;
    /// the holder keeps it for at most `leaseSeconds`. When the holder process no longer exists (killed
    /// mid-request), its slot is given back on its behalf: the next request may start `intervalSeconds` later.
    /// - Returns: nil when granted, else how long to wait before asking again.
    func acquireSlot(
        service: String, leaseSeconds: Double, intervalSeconds: Double, now: Date,
        pid: Int32 = ProcessInfo.processInfo.processIdentifier
    ) throws -> Double? {
        if let backend {
            return try backend.acquireSlot(service: service, leaseSeconds: leaseSeconds, intervalSeconds: intervalSeconds)
        }
        guard let writer else { return nil }
        return try writer.write { db in
            let row = try Row.fetchOne(
                db, sql: "SELECT nextAllowedAt, holderPID FROM onlineLookupPacing WHERE service = ?",
                arguments: [service])
            let next: Double = row?["nextAllowedAt"] ?? 0
            let holder: Int32? = row?["holderPID"]
            let t = now.timeIntervalSince1970
            if t < next {
                guard let holder, holder != pid, !Self.processExists(holder) else { return next - t }
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

    /// Gives the slot back when a request has finished: the next may start `intervalSeconds` from now.
    func releaseSlot(service: String, intervalSeconds: Double, now: Date) throws {
        if let backend { return try backend.releaseSlot(service: service, intervalSeconds: intervalSeconds) }
        guard let writer else { return }
        try writer.write { db in
            try db.execute(
                sql: "INSERT OR REPLACE INTO onlineLookupPacing (service, nextAllowedAt, holderPID) VALUES (?, ?, NULL)",
                arguments: [service, now.timeIntervalSince1970 + intervalSeconds])
        }
    }

    /// Whether a process with this id exists on this machine (`kill(pid, 0)`; EPERM means it exists).
    static func processExists(_ pid: Int32) -> Bool {
        guard pid > 0 else { return false }
        return kill(pid, 0) == 0 || errno == EPERM
    }
}

/// Where a ``LookupCache`` keeps its answers and the pacing slot when not in the SQLite file. The slot is timed
/// by the back end's own clock, so that servers on several machines agree on it.
public protocol LookupCacheBackend: Sendable {
    /// The body cached under `key` and when it was fetched (seconds since 1970).
    func entry(_ key: String) throws -> (body: Data, fetchedAt: Double)?
    /// Stores `body` under `key`, replacing what was there.
    func store(_ body: Data, for key: String, fetchedAt: Double) throws
    /// Takes the service's single request slot for at most `leaseSeconds`, when the previous request finished at
    /// least `intervalSeconds` ago; nil when granted, else how long to wait before asking again.
    func acquireSlot(service: String, leaseSeconds: Double, intervalSeconds: Double) throws -> Double?
    /// Gives the slot back: the next request may start `intervalSeconds` from now.
    func releaseSlot(service: String, intervalSeconds: Double) throws
}
