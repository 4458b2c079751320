import Foundation
import Testing

/// Runs a suite's tests on threads of their own instead of Swift's cooperative pool.
///
/// The pool has one thread per core, and everything asynchronous in the test process shares it: the in-process
/// fake servers accept and answer on it. Tests that compute for seconds (graphs built from real extracts, PBF
/// files read) or block (a PostgreSQL call, the throwaway cluster starting) held both threads of a 2-core CI
/// machine long enough that clients in other suites timed out against silent fake servers. Under this trait a
/// suite's tests run on ``OffThePoolExecutor``'s threads; the operating system shares the cores between them and
/// the pool, so nothing waits behind them for long.
///
/// ```swift
/// @Suite(.offThePool) struct RoadGraphBuilderTests { ... }
/// ```
public struct OffThePool: SuiteTrait, TestTrait, TestScoping {
    public var isRecursive: Bool { true }

    public func provideScope(
        for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
    ) async throws {
        // Only the test cases themselves: a suite's scope would otherwise move their scheduling too.
        guard testCase != nil else { return try await function() }
        try await withTaskExecutorPreference(OffThePoolExecutor.shared) { try await function() }
    }
}

extension Trait where Self == OffThePool {
    /// Runs the tests on ``OffThePoolExecutor``, away from the cooperative pool.
    public static var offThePool: Self { OffThePool() }
}

/// Two threads for ``OffThePool``'s tests: as many as a CI machine has cores, so heavy suites run as wide as they
/// did on the pool (and hold no more graphs in memory at once) while the pool stays free for everything else.
public final class OffThePoolExecutor: TaskExecutor, @unchecked Sendable {
    public static let shared = OffThePoolExecutor(threads: 2)

    private let condition = NSCondition()
    private var jobs: [UnownedJob] = []

    private init(threads: Int) {
        for index in 0..<threads {
            let thread = Thread { [unowned self] in self.runJobs() }
            thread.name = "off-the-pool-\(index)"
            thread.stackSize = 8 << 20
            thread.start()
        }
    }

    public func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        condition.lock()
        jobs.append(job)
        condition.signal()
        condition.unlock()
    }

    private func runJobs() {
        while true {
            condition.lock()
            while jobs.isEmpty { condition.wait() }
            let job = jobs.removeFirst()
            condition.unlock()
            job.runSynchronously(on: asUnownedTaskExecutor())
        }
    }
}
