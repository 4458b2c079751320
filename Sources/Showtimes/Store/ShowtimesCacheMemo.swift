import Basics
import Foundation

/// What tells one version of a cached answer from another without reading its body: when it was fetched, and its
/// size in bytes.
///
/// Every write of a key sets a new `fetchedAt` (the writer's clock), so a row replaced by another process is a
/// new stamp. The size is there for writers whose clocks repeat (the tests' fixed `now`): a body rewritten at
/// the same instant with another length is a new stamp too.
public struct ShowtimesCacheStamp: Sendable, Hashable {
    /// When the cached answer was fetched from the provider.
    public var fetchedAt: Date
    /// The cached body's size in bytes.
    public var byteCount: Int

    /// Creates a stamp.
    public init(fetchedAt: Date, byteCount: Int) {
        self.fetchedAt = fetchedAt
        self.byteCount = byteCount
    }
}

/// The decoded form of cached answers, so that a cached body is read from the database and parsed once per
/// version rather than on every request (a Finnkino schedule is a large XML document; a cinema's page is HTML).
///
/// Entries are keyed by the cache key, the decoder that made them and the row's ``ShowtimesCacheStamp``: a row
/// replaced by any process has another stamp, and is read and decoded again. A write through this process's
/// ``ShowtimesStore`` also drops the key's entries (`forget(cacheKey:)`), so a rewrite at the same instant with
/// the same size is not missed either. Only another process rewriting a key at the very same instant with a body
/// of the very same size would go unseen, which a real clock does not do.
///
/// At most ``capacity`` entries are kept; the one used least recently goes first. Guarded by an `NSLock`: the
/// server's handlers share one store.
final class ShowtimesCacheMemo: @unchecked Sendable {
    /// How many decoded answers are kept: a day's schedule per Finnkino area and date, Gracenote's and MovieGlu's
    /// answers near a few origins, and the pages of a few dozen cinemas.
    static let capacity = 64

    /// By exact text (``ExactText``), as the database compares its keys.
    struct Key: Hashable {
        let cacheKey: ExactText
        /// Names the decoder and whatever besides the body its result depends on (a zone, say).
        let decoder: ExactText
        let stamp: ShowtimesCacheStamp
    }

    private struct Entry {
        let value: any Sendable
        var lastUse: UInt64
    }

    private let lock = NSLock()
    private var entries: [Key: Entry] = [:]
    private var useCount: UInt64 = 0

    /// The value decoded from the row `stamp` of `cacheKey` by `decoder`, if it is kept.
    func value<T: Sendable>(forKey cacheKey: String, decoder: String, stamp: ShowtimesCacheStamp, as _: T.Type) -> T? {
        let key = Key(cacheKey: ExactText(cacheKey), decoder: ExactText(decoder), stamp: stamp)
        return lock.withLock {
            guard let entry = entries[key], let value = entry.value as? T else { return nil }
            useCount += 1
            entries[key]?.lastUse = useCount
            return value
        }
    }

    /// Keeps `value` as the decoding of the row `stamp` of `cacheKey` by `decoder`, in place of any other
    /// version's.
    func keep<T: Sendable>(_ value: T, forKey cacheKey: String, decoder: String, stamp: ShowtimesCacheStamp) {
        let key = Key(cacheKey: ExactText(cacheKey), decoder: ExactText(decoder), stamp: stamp)
        lock.withLock {
            useCount += 1
            entries = entries.filter { $0.key.cacheKey != key.cacheKey || $0.key.decoder != key.decoder }
            entries[key] = Entry(value: value, lastUse: useCount)
            while entries.count > Self.capacity,
                let oldest = entries.min(by: { $0.value.lastUse < $1.value.lastUse })?.key
            {
                entries[oldest] = nil
            }
        }
    }

    /// Drops every decoding of `cacheKey`: its row is being replaced.
    func forget(cacheKey: String) {
        let exact = ExactText(cacheKey)
        lock.withLock { entries = entries.filter { $0.key.cacheKey != exact } }
    }

    /// How many decoded answers are kept (for tests).
    var count: Int { lock.withLock { entries.count } }
}
