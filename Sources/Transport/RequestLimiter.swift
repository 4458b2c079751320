/// An async semaphore: at most `limit` holders at once, the others wait in arrival order.
public actor RequestLimiter {
    /// How many may hold a slot at once.
    let limit: Int
    private var inUse = 0
    private var waiters: [CheckedContinuation<Void, Never>] = []

    /// Creates a limiter with `limit` slots (at least one).
    public init(limit: Int) {
        self.limit = max(1, limit)
    }

    /// Waits for a free slot and takes it.
    func acquire() async {
        if inUse < limit {
            inUse += 1
            return
        }
        await withCheckedContinuation { waiters.append($0) }
    }

    /// Gives a slot back, handing it straight to the next waiter if there is one.
    func release() {
        if waiters.isEmpty {
            inUse -= 1
        } else {
            waiters.removeFirst().resume()
        }
    }

    /// Runs `body` while holding a slot.
    public func withSlot<T: Sendable>(_ body: @Sendable () async throws -> T) async throws -> T {
        await acquire()
        defer { release() }
        return try await body()
    }
}
