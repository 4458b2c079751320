import Foundation
import Hummingbird

/// Threads of the server's own for the route handlers.
///
/// The use cases call SQLite (GRDB) synchronously. On Swift's cooperative pool (two threads on a two-core
/// machine) two requests blocked in the database starve the very threads GRDB's own queues need to hand a
/// connection back, and the server stops answering. Handlers run here instead, where blocking is fine.
final class HandlerThreads: TaskExecutor, @unchecked Sendable {
    private let condition = NSCondition()
    private var jobs: [UnownedJob] = []

    /// Starts `count` threads that run jobs until the process ends.
    init(count: Int) {
        for index in 0..<count {
            let thread = Thread { [unowned self] in self.work() }
            thread.name = "planner-handler-\(index)"
            thread.stackSize = 4 << 20
            thread.start()
        }
    }

    func enqueue(_ job: consuming ExecutorJob) {
        let unowned = UnownedJob(job)
        condition.lock()
        jobs.append(unowned)
        condition.signal()
        condition.unlock()
    }

    private func work() {
        while true {
            condition.lock()
            while jobs.isEmpty { condition.wait() }
            let job = jobs.removeFirst()
            condition.unlock()
            job.runSynchronously(on: asUnownedTaskExecutor())
        }
    }
}

/// Runs every handler on ``HandlerThreads``.
struct HandlerThreadsMiddleware<Context: RequestContext>: RouterMiddleware {
    let threads: HandlerThreads

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws
        -> Response
    {
        try await withTaskExecutorPreference(threads) { try await next(request, context) }
    }
}
