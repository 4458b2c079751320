import Foundation

/// Runs CPU-heavy or blocking test work on a thread of its own and awaits its result.
///
/// Swift Testing runs every test on Swift's cooperative pool, which has one thread per core, and the in-process
/// fake servers need that pool to accept and answer. A synchronous test that computes for seconds, or waits
/// on a child process, holds a pool thread all that time: on a 2-core CI machine two of them starved every
/// fake server past FlyingFox's start-up timeout. Work moved here leaves the pool free; the operating system
/// still shares the cores fairly.
///
/// Record expectations on the calling task, not inside `body`: return what the test needs to check. For a whole
/// suite of such tests, ``OffThePool`` (`@Suite(.offThePool)`) does the same for every test in it.
public func onOwnThread<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
    try await withCheckedThrowingContinuation { continuation in
        let thread = Thread { continuation.resume(with: Result { try body() }) }
        thread.stackSize = 8 << 20
        thread.start()
    }
}

/// The same, for work that cannot throw.
public func onOwnThread<T: Sendable>(_ body: @escaping @Sendable () -> T) async -> T {
    await withCheckedContinuation { continuation in
        let thread = Thread { continuation.resume(returning: body()) }
        thread.stackSize = 8 << 20
        thread.start()
    }
}
