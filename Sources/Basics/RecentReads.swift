import Synchronization

/// What was just read from a store other processes share, used again for a short window instead of being read
/// again: a server that answers many requests a second reads each cached row about once a window, and a row
/// another process writes meanwhile is seen when the window ends.
///
/// A window of zero keeps nothing, so every read goes to the store: what a command and the tests that watch
/// another process's writes want. What this process writes itself is kept (``keep(_:forKey:)``) or dropped
/// (``forget(_:)``) by the writer, so it is never missed.
///
/// ```swift
/// let recent = RecentReads<String, Int?>(windowSeconds: 1)
/// if let known = recent.value(forKey: key) { return known }   // read less than a second ago (nil: no row)
/// let row = try store.read(key)
/// recent.keep(row, forKey: key)
/// ```
package final class RecentReads<Key: Hashable & Sendable, Value: Sendable>: Sendable {
    /// How long a read is used again.
    package let window: Duration
    /// At most this many keys are kept; a full stripe drops its expired keys, and then all of them.
    package let capacity: Int
    private let clock = ContinuousClock()
    /// The keys, split by hash among locks of their own: a server's handler threads read the same few keys at
    /// once on every request, and one lock for all of them was waited on (`_lockSlow`) more than it was held.
    private let stripes: [Stripe]
    /// How many keys each stripe keeps.
    private let stripeCapacity: Int

    /// A memo whose reads are used again for `windowSeconds` (zero or less: never), holding at most `capacity`
    /// keys. A memo of 128 keys or more is split into up to 16 stripes of at least 64 keys, each with its own
    /// lock; a smaller one is one stripe, so that it starts over all at once when full.
    package init(windowSeconds: Double, capacity: Int = 1024) {
        window = .nanoseconds(Int64(max(0, windowSeconds) * 1e9))
        self.capacity = capacity
        let count = max(1, min(16, capacity / 64))
        stripeCapacity = max(1, capacity / count)
        stripes = (0..<count).map { _ in Stripe() }
    }

    /// Whether anything is kept at all.
    package var isEnabled: Bool { window > .zero }

    /// The stripe that holds `key`.
    private func stripe(of key: Hashed) -> Int {
        stripes.count == 1 ? 0 : Int(UInt(bitPattern: key.hash) % UInt(stripes.count))
    }

    /// A key with its hash worked out once: the stripe and the dictionary both use it (a key is often a long text).
    private struct Hashed: Hashable {
        let key: Key
        let hash: Int

        init(_ key: Key) {
            self.key = key
            hash = key.hashValue
        }

        static func == (a: Hashed, b: Hashed) -> Bool { a.hash == b.hash && a.key == b.key }
        func hash(into hasher: inout Hasher) { hasher.combine(hash) }
    }

    /// The value read for `key` less than the window ago, if one was (`Value` may itself be optional: a row that
    /// was not there).
    package func value(forKey key: Key) -> Value? {
        guard isEnabled else { return nil }
        let now = clock.now
        let key = Hashed(key)
        return stripes[stripe(of: key)].entries.withLock { entries in
            guard let entry = entries[key], entry.readAt.duration(to: now) < window else { return nil }
            return entry.value
        }
    }

    /// Keeps `value` as what `key` holds now.
    package func keep(_ value: Value, forKey key: Key) {
        guard isEnabled else { return }
        let now = clock.now
        let capacity = stripeCapacity
        let window = window
        let key = Hashed(key)
        stripes[stripe(of: key)].entries.withLock { entries in
            if entries.count >= capacity, entries[key] == nil {
                entries = entries.filter { $0.value.readAt.duration(to: now) < window }
                if entries.count >= capacity { entries.removeAll(keepingCapacity: true) }
            }
            entries[key] = (value, now)
        }
    }

    /// Drops what was kept for `key`: it is being written.
    package func forget(_ key: Key) {
        guard isEnabled else { return }
        let key = Hashed(key)
        _ = stripes[stripe(of: key)].entries.withLock { $0.removeValue(forKey: key) }
    }

    /// Drops everything kept: many rows are being written or deleted at once.
    package func forgetAll() {
        guard isEnabled else { return }
        for stripe in stripes { stripe.entries.withLock { $0.removeAll() } }
    }

    /// How many keys are kept (for tests).
    package var count: Int { stripes.reduce(0) { sum, stripe in sum + stripe.entries.withLock { $0.count } } }

    /// One lock and the keys it guards (a `Mutex` cannot be an array's element itself).
    private final class Stripe: Sendable {
        let entries = Mutex<[Hashed: (value: Value, readAt: ContinuousClock.Instant)]>([:])
    }
}
