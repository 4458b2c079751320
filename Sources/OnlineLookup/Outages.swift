import Foundation

/// Services that could not be reached a moment ago, by base URL: for `outageSeconds` after a failure to connect
/// or a time-out, a process asks that service no more and answers with the same failure at once.
///
/// For the command line this changes nothing (one run asks each service once or twice). For a server it keeps a
/// service that is down from holding every request for its timeout, or for Nominatim's one-second slot, in turn.
final class Outages: @unchecked Sendable {
    static let shared = Outages()

    /// How long a service that could not be reached is left alone, in seconds.
    static let outageSeconds: Double = 30

    private let lock = NSLock()
    private var failures: [String: (error: OnlineLookupError, until: Date)] = [:]

    /// The failure to repeat, when `key`'s service failed less than ``outageSeconds`` ago.
    func current(_ key: String, now: Date) -> OnlineLookupError? {
        lock.withLock {
            guard let failure = failures[key], failure.until > now else { return nil }
            return failure.error
        }
    }

    /// Records `error` when it says the service could not be reached; a success clears the record.
    func record(_ key: String, error: OnlineLookupError?, now: Date) {
        lock.withLock {
            switch error {
            case .unreachable?, .timedOut?: failures[key] = (error!, now.addingTimeInterval(Self.outageSeconds))
            case nil: failures[key] = nil
            default: break
            }
        }
    }
}
