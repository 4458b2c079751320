import Foundation

/// A token bucket per user: `ratePerSecond` requests a second, with bursts of the same size. The answer to a
/// refused request says how many whole seconds to wait (for `Retry-After`).
actor RateLimiter {
    private struct Bucket {
        var tokens: Double
        var updated: ContinuousClock.Instant
    }

    private let ratePerSecond: Double
    private var buckets: [Int64: Bucket] = [:]

    init(ratePerSecond: Double) {
        self.ratePerSecond = max(ratePerSecond, 0.001)
    }

    /// Takes one request from `user`'s bucket: nil when allowed, else the seconds to wait.
    func take(for user: Int64, now: ContinuousClock.Instant = .now) -> Int? {
        var bucket = buckets[user] ?? Bucket(tokens: ratePerSecond, updated: now)
        let elapsed = now - bucket.updated
        let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        bucket.tokens = min(ratePerSecond, bucket.tokens + seconds * ratePerSecond)
        bucket.updated = now
        defer { buckets[user] = bucket }
        guard bucket.tokens >= 1 else { return max(1, Int(((1 - bucket.tokens) / ratePerSecond).rounded(.up))) }
        bucket.tokens -= 1
        return nil
    }
}
