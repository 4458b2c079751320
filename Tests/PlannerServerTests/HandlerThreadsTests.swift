import Foundation
import Testing

@testable import PlannerServer

/// The handler threads: a few take jobs while jobs move, and spares take the jobs that wait behind blocked ones.
@Suite struct HandlerThreadsTests {
    /// Runs `body` on `threads` in a task of its own.
    static func run(on threads: HandlerThreads, _ body: @escaping @Sendable () -> Void) -> Task<Void, Never> {
        Task(executorPreference: threads) { body() }
    }

    @Test func aJobStillRunsWhileEveryCoreThreadIsBlocked() async throws {
        // Given 2 core threads and 4 spares, and both core threads blocked until told
        let threads = HandlerThreads(count: 6, coreCount: 2)
        let release = DispatchSemaphore(value: 0)
        let blocked = (0..<2).map { _ in Self.run(on: threads) { release.wait() } }
        try await Task.sleep(for: .milliseconds(100))
        // When one more job comes
        let job = Self.run(on: threads) {}
        let ranFirst = await withTaskGroup(of: Bool.self) { group in
            group.addTask { await job.value; return true }
            group.addTask { try? await Task.sleep(for: .seconds(2)); return false }
            let first = await group.next()!
            group.cancelAll()
            // (Let the blocked jobs go either way, so that nothing is left waiting.)
            for _ in blocked { release.signal() }
            return first
        }
        // Then a spare runs it after its short wait, long before the blocked ones end
        #expect(ranFirst, "the job waited for a blocked core thread")
        for task in blocked { await task.value }
    }

    @Test func manyShortJobsAllRunOnce() async {
        // Given the server's thread counts
        let threads = HandlerThreads(count: 16, coreCount: 4)
        let counter = Counter()
        // When 2,000 short jobs come from 50 tasks at once
        await withTaskGroup(of: Void.self) { group in
            for _ in 0..<50 {
                group.addTask(executorPreference: threads) {
                    for _ in 0..<40 { await Self.run(on: threads) { counter.add() }.value }
                }
            }
        }
        // Then each ran exactly once
        #expect(counter.value == 2_000)
    }
}

/// A count that threads add to.
final class Counter: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0
    func add() { lock.withLock { count += 1 } }
    var value: Int { lock.withLock { count } }
}
