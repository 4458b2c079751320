import Foundation

/// A value worked out on a thread of its own while the caller goes on with other work; ``value()`` waits for it.
///
/// ```swift
/// let store = BackgroundValue(onOwnThread: "planner.open") { try AppDatabase.open(explicit: nil) }
/// let places = try loadPlaces()       // meanwhile
/// let database = try store.value()    // the open's result, or what it threw
/// ```
final class BackgroundValue<Value: Sendable>: @unchecked Sendable {
    private let condition = NSCondition()
    private var result: Result<Value, any Error>?

    /// Starts `work` on a new thread named `name`.
    init(onOwnThread name: String, _ work: @escaping @Sendable () throws -> Value) {
        let thread = Thread { [self] in
            let outcome = Result { try work() }
            condition.withLock {
                result = outcome
                condition.broadcast()
            }
        }
        thread.name = name
        thread.start()
    }

    /// Runs `work` at once, on the caller's thread.
    init(now work: () throws -> Value) {
        result = Result { try work() }
    }

    /// The value, once worked out: waits for the thread; throws what `work` threw.
    func value() throws -> Value {
        try condition.withLock {
            while result == nil { condition.wait() }
            return result!
        }.get()
    }
}
