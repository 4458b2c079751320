/// Where an answer came from, so the CLI can say "from cache, 3 h old".
public enum Provenance: Sendable, Equatable {
    /// Fetched from the service just now.
    case network
    /// Read from the response cache; `age` in seconds; `stale` when older than its time to live.
    case cache(age: Double, stale: Bool)

    /// The provenance of an answer built from several: the oldest cache entry wins, any stale makes it stale.
    public func combined(with other: Provenance) -> Provenance {
        switch (self, other) {
        case (.network, .network):
            return .network
        case (.network, .cache), (.cache, .network):
            return self == .network ? other : self
        case (.cache(let age1, let stale1), .cache(let age2, let stale2)):
            return .cache(age: max(age1, age2), stale: stale1 || stale2)
        }
    }
}

/// A value with its ``Provenance``.
public struct Fetched<Value: Sendable>: Sendable {
    /// The answer.
    public var value: Value
    /// Where it came from.
    public var provenance: Provenance

    /// Creates a fetched value.
    public init(_ value: Value, provenance: Provenance) {
        self.value = value
        self.provenance = provenance
    }

    /// The same provenance around another value.
    public func map<T: Sendable>(_ transform: (Value) throws -> T) rethrows -> Fetched<T> {
        Fetched<T>(try transform(value), provenance: provenance)
    }
}

extension Fetched: Equatable where Value: Equatable {}
