import Foundation

/// Search labels left by earlier queries, ready for the next: at most one per concurrent query is ever made.
///
/// Guarded by an `NSLock` (a plain pthread mutex, which sleeps at once when taken) rather than `Mutex`, whose
/// slow path spins first: with 16 handler threads on two cores, a thread preempted inside the two-instruction
/// critical section left the others spinning (BENCHMARKS.md).
///
/// Each workspace stays in a box of its own, lent by reference: a workspace is a handful of arrays, and moving it
/// in and out of the pool by value retained and released each of them on every query.
final class WorkspacePool<Workspace>: @unchecked Sendable {
    private final class Box {
        var workspace: Workspace
        init(_ workspace: Workspace) { self.workspace = workspace }
    }

    private let lock = NSLock()
    private var idle: [Box] = []
    private let make: @Sendable () -> Workspace

    init(make: @escaping @Sendable () -> Workspace) { self.make = make }

    /// Runs `body` with an idle workspace (or a new one) and keeps it for the next query after.
    func with<Result>(_ body: (inout Workspace) -> Result) -> Result {
        lock.lock()
        let taken = idle.popLast()
        lock.unlock()
        let box = taken ?? Box(make())
        let result = body(&box.workspace)
        lock.lock()
        idle.append(box)
        lock.unlock()
        return result
    }
}
