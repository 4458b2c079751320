import CCurl
import Foundation

/// Idle libcurl easy handles kept for reuse: a reset handle keeps its open connections, DNS and TLS session
/// caches, so the next request to the same host skips the handshakes.
final class CurlHandlePool: @unchecked Sendable {
    private let lock = NSLock()
    private var idle: [UnsafeMutableRawPointer] = []
    private let maxIdle: Int

    /// A pool keeping at most `maxIdle` handles.
    init(maxIdle: Int) {
        self.maxIdle = max(0, maxIdle)
    }

    deinit {
        for handle in idle { ccurl_easy_cleanup(handle) }
    }

    /// An idle handle reset to libcurl's defaults, or a new one; nil when libcurl cannot make one.
    func take() -> UnsafeMutableRawPointer? {
        if let handle = lock.withLock({ idle.popLast() }) {
            ccurl_easy_reset(handle)
            return handle
        }
        return ccurl_easy_init()
    }

    /// Keeps `handle` for reuse, or cleans it up when the pool is full.
    func giveBack(_ handle: UnsafeMutableRawPointer) {
        // Forget the finished transfer's header list and callback data before the handle is kept or cleaned up:
        // nothing may point at freed memory (the connection cache survives a reset).
        ccurl_easy_reset(handle)
        let kept = lock.withLock { () -> Bool in
            guard idle.count < maxIdle else { return false }
            idle.append(handle)
            return true
        }
        if !kept { ccurl_easy_cleanup(handle) }
    }
}
