import Foundation
import NowPlaying
import OnlineLookup
import PostgresNIO
import Showtimes

/// The TMDb response cache in PostgreSQL: one instance's entry serves every other.
public struct PostgresTMDbCache: TMDbCacheStorage {
    public let backend: PostgresBackend

    public init(backend: PostgresBackend) { self.backend = backend }

    public func entry(forKey key: String) throws -> TMDbCache.Entry? {
        try backend.query("SELECT body, fetched_at FROM tmdb_http_cache WHERE key = \(key)").first.map {
            let (body, fetchedAt) = try $0.decode((Data, Double).self)
            return TMDbCache.Entry(body: body, fetchedAt: Date(timeIntervalSince1970: fetchedAt))
        }
    }

    public func fetchedAt(forKey key: String) throws -> Date? {
        try backend.query("SELECT fetched_at FROM tmdb_http_cache WHERE key = \(key)").first.map {
            Date(timeIntervalSince1970: try $0.decode(Double.self))
        }
    }

    public func store(_ body: Data, forKey key: String, fetchedAt: Date) async throws {
        try backend.query(
            """
            INSERT INTO tmdb_http_cache (key, body, fetched_at) VALUES (\(key), \(body), \(fetchedAt.timeIntervalSince1970))
            ON CONFLICT (key) DO UPDATE SET body = EXCLUDED.body, fetched_at = EXCLUDED.fetched_at
            """)
    }

    public func allKeys() throws -> [String] {
        try backend.query("SELECT key FROM tmdb_http_cache ORDER BY key").map { try $0.decode(String.self) }
    }

    public func removeEntries(fetchedBefore date: Date) async throws -> Int {
        try backend.query(
            "DELETE FROM tmdb_http_cache WHERE fetched_at < \(date.timeIntervalSince1970) RETURNING key"
        ).count
    }
}

/// Overpass and Nominatim answers, and their request pacing, in PostgreSQL: the pacing holds for the whole
/// deployment, every instance taking the one slot in turn (a row locked with `FOR UPDATE`, timed by the
/// database's clock, so that instances on several machines agree: the caller's `now` and process id are not used).
public struct PostgresLookupCache: LookupCacheStorage {
    public let backend: PostgresBackend
    /// Names this process as the slot's holder: host and process id.
    let holder: String

    public init(backend: PostgresBackend) {
        self.backend = backend
        holder = "\(ProcessInfo.processInfo.hostName):\(ProcessInfo.processInfo.processIdentifier)"
    }

    public func entry(_ key: String) throws -> (body: Data, fetchedAt: Double)? {
        try backend.query("SELECT body, fetched_at FROM lookup_cache WHERE key = \(key)").first.map {
            try $0.decode((Data, Double).self)
        }
    }

    public func store(_ body: Data, for key: String, fetchedAt: Double) throws {
        try backend.query(
            """
            INSERT INTO lookup_cache (key, body, fetched_at) VALUES (\(key), \(body), \(fetchedAt))
            ON CONFLICT (key) DO UPDATE SET body = EXCLUDED.body, fetched_at = EXCLUDED.fetched_at
            """)
    }

    public func acquireSlot(
        service: String, leaseSeconds: Double, intervalSeconds: Double, now _: Date, pid _: Int32
    ) throws -> Double? {
        try backend.transaction { session in
            try session.execute(
                "INSERT INTO lookup_pacing (service, next_allowed_at) VALUES (\(service), 0) ON CONFLICT DO NOTHING")
            guard let row = try session.query(
                """
                SELECT next_allowed_at, extract(epoch FROM clock_timestamp())::float8
                FROM lookup_pacing WHERE service = \(service) FOR UPDATE
                """
            ).first else { return intervalSeconds }
            let (next, now) = try row.decode((Double, Double).self)
            // A holder that died mid-request keeps the slot until its lease runs out, no longer.
            if now < next { return next - now }
            try session.execute(
                """
                UPDATE lookup_pacing SET next_allowed_at = \(now + leaseSeconds), holder = \(holder)
                WHERE service = \(service)
                """)
            return nil
        }
    }

    public func releaseSlot(service: String, intervalSeconds: Double, now _: Date) throws {
        try backend.query(
            """
            UPDATE lookup_pacing
            SET next_allowed_at = extract(epoch FROM clock_timestamp())::float8 + \(intervalSeconds), holder = NULL
            WHERE service = \(service) AND holder = \(holder)
            """)
    }
}

/// The showtimes providers' answers in PostgreSQL. Imported shows are kept in the SQLite file only: a
/// ``ShowtimesStore`` over this cache has no ``ImportedShowStorage``.
public struct PostgresShowtimesCache: ShowtimesCacheStorage {
    public let backend: PostgresBackend

    public init(backend: PostgresBackend) { self.backend = backend }

    public func cached(forKey key: String) throws -> (body: Data, fetchedAt: Date)? {
        try backend.query("SELECT body, fetched_at FROM showtimes_http_cache WHERE key = \(key)").first.map {
            let (body, fetchedAt) = try $0.decode((Data, Double).self)
            return (body, Date(timeIntervalSince1970: fetchedAt))
        }
    }

    /// `octet_length` of a stored `bytea` is its size from the header: a large body is not read (nor detoasted).
    public func cacheStamp(forKey key: String) throws -> ShowtimesCacheStamp? {
        try backend.query(
            "SELECT fetched_at, octet_length(body)::int8 FROM showtimes_http_cache WHERE key = \(key)"
        ).first.map {
            let (fetchedAt, byteCount) = try $0.decode((Double, Int64).self)
            return ShowtimesCacheStamp(fetchedAt: Date(timeIntervalSince1970: fetchedAt), byteCount: Int(byteCount))
        }
    }

    public func cache(_ body: Data, forKey key: String, fetchedAt: Date) throws {
        try backend.query(
            """
            INSERT INTO showtimes_http_cache (key, body, fetched_at)
            VALUES (\(key), \(body), \(fetchedAt.timeIntervalSince1970))
            ON CONFLICT (key) DO UPDATE SET body = EXCLUDED.body, fetched_at = EXCLUDED.fetched_at
            """)
    }
}
