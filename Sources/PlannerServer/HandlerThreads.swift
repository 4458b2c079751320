import Foundation
import Hummingbird

/// Threads of the server's own for the route handlers.
///
/// The use cases call SQLite (GRDB) synchronously. On Swift's cooperative pool (two threads on a two-core
/// machine) two requests blocked in the database starve the very threads GRDB's own queues need to hand a
/// connection back, and the server stops answering. Handlers run here instead, where blocking is fine.
///
/// Only `coreCount` threads take jobs at once while jobs move: more threads running the same CPU-bound handlers
/// on two cores only take turns, switching and evicting each other's caches (with 16 at work, /v1/theaters made
/// 16,200 requests a second; with 4, 18,000). The other threads are spares for handlers that block: a spare takes
/// a job only once it has waited `spareDelay` for a core thread, so requests still get through while core threads
/// are held (a synchronous database read, say). Requests to TMDb and the other services hold none: each transfer
/// runs on a thread of its own, and watchlist writes wait in GRDB's writer.
final class HandlerThreads: TaskExecutor, @unchecked Sendable {
    /// How long a job waits for a core thread before a spare takes it.
    static let spareDelay = Duration.milliseconds(5)

    private struct Job {
        let job: UnownedJob
        let enqueued: ContinuousClock.Instant
    }

    /// Guards the queue and `spareWatching`.
    private let lock = NSLock()
    /// Core threads wait here for any job.
    private let coreWake = NSCondition()
    /// The queue: jobs before `head` are taken.
    private var jobs: [Job] = []
    private var head = 0
    /// Whether a spare is waiting, with a deadline, for the oldest job to grow old enough.
    private var spareWatching = false
    /// How many core threads wait for a job: while one does, a new job is theirs and no spare need watch it.
    private var idleCores = 0
    /// Spares wait here: one with the oldest job's deadline, the others until woken.
    private let spareWake = NSCondition()

    /// Starts `count` threads, of which `coreCount` take jobs at once and the rest are spares; they run jobs until
    /// the process ends.
    init(count: Int, coreCount: Int) {
        for index in 0..<count {
            let core = index < coreCount
            let thread = Thread { [unowned self] in core ? self.workAsCore() : self.workAsSpare() }
            thread.name = "planner-handler-\(index)"
            thread.stackSize = 4 << 20
            thread.start()
        }
    }

    func enqueue(_ job: consuming ExecutorJob) {
        let unowned = UnownedJob(job)
        lock.lock()
        jobs.append(Job(job: unowned, enqueued: .now))
        // A waiting core thread takes the job at once (it checks the queue under `coreWake`'s lock, which the
        // signal below waits for); only when every core thread is busy may the job wait, and a spare watch it.
        let wakeSpare = !spareWatching && idleCores == 0
        lock.unlock()
        coreWake.lock()
        coreWake.signal()
        coreWake.unlock()
        if wakeSpare {
            spareWake.lock()
            spareWake.signal()
            spareWake.unlock()
        }
    }

    /// The oldest job, taken off the queue, when `ready` says it may be taken. Call with `lock` held.
    private func takeOldest(if ready: (Job) -> Bool) -> UnownedJob? {
        guard head < jobs.count, ready(jobs[head]) else { return nil }
        let job = jobs[head].job
        head += 1
        if head == jobs.count {
            jobs.removeAll(keepingCapacity: true)
            head = 0
        } else if head > 1_024 && head * 2 > jobs.count {
            jobs.removeFirst(head)
            head = 0
        }
        return job
    }

    private func workAsCore() {
        while true {
            coreWake.lock()
            var job: UnownedJob?
            while true {
                lock.lock()
                job = takeOldest { _ in true }
                if job == nil { idleCores += 1 }
                lock.unlock()
                if job != nil { break }
                coreWake.wait()
                lock.lock()
                idleCores -= 1
                lock.unlock()
            }
            coreWake.unlock()
            job!.runSynchronously(on: asUnownedTaskExecutor())
        }
    }

    private func workAsSpare() {
        while true {
            spareWake.lock()
            var job: UnownedJob?
            var jobsLeft = false
            while true {
                let now = ContinuousClock.now
                lock.lock()
                job = takeOldest { now - $0.enqueued >= Self.spareDelay }
                let deadline = head < jobs.count ? jobs[head].enqueued + Self.spareDelay : nil
                spareWatching = job == nil && deadline != nil
                jobsLeft = deadline != nil
                lock.unlock()
                if job != nil { break }
                if let deadline {
                    _ = spareWake.wait(until: Date(timeIntervalSinceNow: Self.seconds(deadline - .now)))
                } else {
                    spareWake.wait()
                }
            }
            // Another spare watches the next job, if there is one (none is watching: this one was).
            if jobsLeft { spareWake.signal() }
            spareWake.unlock()
            job!.runSynchronously(on: asUnownedTaskExecutor())
        }
    }

    private static func seconds(_ duration: Duration) -> TimeInterval {
        let (seconds, attoseconds) = duration.components
        return max(0, Double(seconds) + Double(attoseconds) / 1e18)
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
