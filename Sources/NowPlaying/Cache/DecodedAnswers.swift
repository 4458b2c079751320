import Foundation

/// Answers decoded from the cache, kept for the life of a ``TMDbCache``: a server answers the same list from the
/// same cache row on every request, and decoding the row cost more than the rest of the request.
///
/// Each answer is kept with the `fetchedAt` of the row it came from, and serves only while the row still has it:
/// the client reads the row's `fetchedAt` alone first (``TMDbCacheStorage/fetchedAt(forKey:)``), so a row another
/// client or server instance replaced is read and decoded again. Ages are never kept: each request works its own
/// out from `fetchedAt` and its clock. At most ``capacity`` answers are kept; the one used longest ago goes first.
final class DecodedAnswers: @unchecked Sendable {
    private struct Slot {
        var fetchedAt: Date
        var value: any Sendable
        var lastUse: UInt64
    }

    /// The most answers kept.
    let capacity: Int
    private let lock = NSLock()
    private var slots: [String: Slot] = [:]
    private var uses: UInt64 = 0

    init(capacity: Int = 256) {
        self.capacity = max(1, capacity)
    }

    /// The answer kept under `key` and the `fetchedAt` of the row it was decoded from, if one of type `T` is kept.
    func answer<T: Sendable>(forKey key: String, as type: T.Type) -> (fetchedAt: Date, value: T)? {
        lock.withLock {
            guard var slot = slots[key], let value = slot.value as? T else { return nil }
            uses += 1
            slot.lastUse = uses
            slots[key] = slot
            return (slot.fetchedAt, value)
        }
    }

    /// Keeps `value`, decoded from the row under `key` fetched at `fetchedAt`, in place of what was kept there.
    func keep(_ value: some Sendable, forKey key: String, fetchedAt: Date) {
        lock.withLock {
            uses += 1
            if slots[key] == nil, slots.count >= capacity,
                let oldest = slots.min(by: { $0.value.lastUse < $1.value.lastUse })?.key
            {
                slots.removeValue(forKey: oldest)
            }
            slots[key] = Slot(fetchedAt: fetchedAt, value: value, lastUse: uses)
        }
    }

    /// Drops the answer kept under `key`.
    func forget(key: String) {
        _ = lock.withLock { slots.removeValue(forKey: key) }
    }

    /// Drops every answer.
    func forgetAll() {
        lock.withLock { slots.removeAll() }
    }

    /// How many answers are kept: for tests.
    var count: Int { lock.withLock { slots.count } }
}
