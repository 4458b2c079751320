import Foundation
import Transport

/// Services that could not be reached a moment ago, by base URL: for `outageSeconds` after a failure to connect
/// or a time-out, a process asks that service no more and answers with the same failure at once.
///
/// A server keeps a service that is down from holding every request for its timeout, or for Nominatim's one-second
/// slot, in turn. The failure is also written to the lookup cache (``recorded(_:service:in:now:)``), so that the
/// next commands on the same database answer at once too, instead of each loading libcurl and waiting for its own
/// failure.
final class Outages: @unchecked Sendable {
    static let shared = Outages()

    /// How long a service that could not be reached is left alone, in seconds.
    static let outageSeconds: Double = 30

    private let lock = NSLock()
    private var failures: [String: (error: OnlineLookupError, until: Date)] = [:]

    /// The failure to repeat, when `key`'s service failed less than ``outageSeconds`` ago. When that time is up,
    /// one caller gets nil and asks the service; the others keep getting the failure until its answer is recorded
    /// (or for another ``outageSeconds``), so that they do not all ask at once and queue for Nominatim's slot.
    func current(_ key: String, now: Date) -> OnlineLookupError? {
        lock.withLock {
            guard let failure = failures[key] else { return nil }
            if failure.until > now { return failure.error }
            failures[key] = (failure.error, now.addingTimeInterval(Self.outageSeconds))
            return nil
        }
    }

    /// Records `error` when it says the service could not be reached; any other answer, a success or an error the
    /// service itself gave, clears the record.
    func record(_ key: String, error: OnlineLookupError?, now: Date) {
        lock.withLock {
            switch error {
            case .unreachable?, .timedOut?: failures[key] = (error!, now.addingTimeInterval(Self.outageSeconds))
            default: failures[key] = nil
            }
        }
    }

    /// Takes up an outage another process recorded (``recorded(_:service:in:now:)``), until its end.
    func adopt(_ key: String, error: OnlineLookupError, until: Date) {
        lock.withLock { failures[key] = (error, until) }
    }
}

extension Outages {
    /// The lookup-cache key under which a failure to reach `key`'s service is kept.
    private static func cacheKey(_ key: String) -> String { "outage " + key }

    /// The failure to repeat when a process on the same database could not reach `key`'s service less than
    /// ``outageSeconds`` ago (its own, or another's).
    static func recorded(_ key: String, service: String, in cache: LookupCache, now: Date) -> OnlineLookupError? {
        guard let row = try? cache.entry(cacheKey(key), now: now), row.ageSeconds >= 0,
            row.ageSeconds < outageSeconds
        else { return nil }
        let error: OnlineLookupError
        switch String(decoding: row.body, as: UTF8.self) {
        case "unreachable": error = .unreachable(service: service)
        case "timed out": error = .timedOut(service: service)
        default: return nil
        }
        // Kept in memory too: when it ends, one of this process's requests asks, not all of them.
        shared.adopt(key, error: error, until: now.addingTimeInterval(outageSeconds - row.ageSeconds))
        return error
    }

    /// Writes `error` to the lookup cache when it says the service could not be reached (see ``record(_:error:now:)``).
    static func record(_ key: String, error: OnlineLookupError, in cache: LookupCache, now: Date) {
        let kind: String
        switch error {
        case .unreachable: kind = "unreachable"
        case .timedOut: kind = "timed out"
        default: return
        }
        try? cache.store(Data(utf8Of: kind), for: cacheKey(key), at: now)
    }
}
