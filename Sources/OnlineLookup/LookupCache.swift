import Basics
import Foundation

/// Online answers kept in the app database: theater lookups for 24 h, geocodes for 30 days, as the services'
/// usage policies ask. Also holds the timestamp that spaces Nominatim requests across processes.
///
/// What keeps them is a ``LookupCacheStorage``: tables in the application's SQLite file (the `SQLiteStore` module),
/// or PostgreSQL shared by several servers (the `PostgresStore` module).
public struct LookupCache: Sendable {
    let storage: any LookupCacheStorage
    /// The entries read or written in the last `recentReadSeconds`, found or not (none kept when zero).
    private let recent: RecentReads<String, (body: Data, fetchedAt: Double)?>

    /// How long a theater lookup (Overpass, or Nominatim's amenity search) stays fresh: 24 hours.
    public static let theaterLookupSeconds: Double = 24 * 3600
    /// How long a geocode (search or reverse) stays fresh: 30 days.
    public static let geocodeSeconds: Double = 30 * 24 * 3600

    /// A cache over `storage`.
    /// - Parameter recentReadSeconds: How long an entry, once read (or found missing), is used without reading it
    ///   again (a server's many requests a second); another process's write is seen when it ends. Zero (a
    ///   command's): every look reads.
    public init(storage: any LookupCacheStorage, recentReadSeconds: Double = 0) {
        self.storage = storage
        recent = RecentReads(windowSeconds: recentReadSeconds)
    }

    /// The cached body for `key` and its age in seconds, if any.
    func entry(_ key: String, now: Date) throws -> (body: Data, ageSeconds: Double)? {
        let row: (body: Data, fetchedAt: Double)?
        if let known = recent.value(forKey: key) {
            row = known
        } else {
            row = try storage.entry(key)
            recent.keep(row, forKey: key)
        }
        return row.map { ($0.body, now.timeIntervalSince1970 - $0.fetchedAt) }
    }

    func store(_ body: Data, for key: String, at date: Date) throws {
        recent.forget(key)
        try storage.store(body, for: key, fetchedAt: date.timeIntervalSince1970)
        recent.keep((body, date.timeIntervalSince1970), forKey: key)
    }

    /// Tries to take the service's single request slot, shared by every process on the database. Granted when the
    /// previous request finished at least the interval ago; the holder keeps it for at most `leaseSeconds`.
    /// - Returns: nil when granted, else how long to wait before asking again.
    func acquireSlot(
        service: String, leaseSeconds: Double, intervalSeconds: Double, now: Date,
        pid: Int32 = ProcessInfo.processInfo.processIdentifier
    ) throws -> Double? {
        try storage.acquireSlot(
            service: service, leaseSeconds: leaseSeconds, intervalSeconds: intervalSeconds, now: now, pid: pid)
    }

    /// Gives the slot back when a request has finished: the next may start `intervalSeconds` from now.
    func releaseSlot(service: String, intervalSeconds: Double, now: Date) throws {
        try storage.releaseSlot(service: service, intervalSeconds: intervalSeconds, now: now)
    }

    /// Whether a process with this id exists on this machine (`kill(pid, 0)`; EPERM means it exists).
    public static func processExists(_ pid: Int32) -> Bool {
        guard pid > 0 else { return false }
        return kill(pid, 0) == 0 || errno == EPERM
    }
}

/// Where a ``LookupCache`` keeps its answers and the request slot (a port: the `SQLiteStore` and `PostgresStore`
/// modules implement it). The calls block their thread until the database answers.
public protocol LookupCacheStorage: Sendable {
    /// The body cached under `key` and when it was fetched (seconds since 1970).
    func entry(_ key: String) throws -> (body: Data, fetchedAt: Double)?
    /// Stores `body` under `key`, replacing what was there.
    func store(_ body: Data, for key: String, fetchedAt: Double) throws
    /// Takes the service's single request slot for at most `leaseSeconds`, when the previous request finished at
    /// least `intervalSeconds` ago; nil when granted, else how long to wait before asking again.
    ///
    /// A holder that no longer exists (killed mid-request) may have its slot given back on its behalf. `now` and
    /// `pid` are this process's clock and id; a storage shared by several machines may time the slot by its own
    /// clock instead, so that they agree.
    func acquireSlot(service: String, leaseSeconds: Double, intervalSeconds: Double, now: Date, pid: Int32) throws
        -> Double?
    /// Gives the slot back: the next request may start `intervalSeconds` from `now` (or from the storage's own
    /// clock, as for ``acquireSlot(service:leaseSeconds:intervalSeconds:now:pid:)``).
    func releaseSlot(service: String, intervalSeconds: Double, now: Date) throws
}
