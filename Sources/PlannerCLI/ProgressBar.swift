import Foundation
import PlannerApp

/// A one-line progress bar on standard error, drawn only when standard error is a terminal.
final class ProgressBar: @unchecked Sendable {
    private let lock = NSLock()
    private let enabled = isatty(STDERR_FILENO) == 1
    private var drawn = false

    /// Redraws the bar: `label [#####-----] 5/10`.
    func show(_ label: String, completed: Int, total: Int, detail: String = "") {
        guard enabled, total > 0 else { return }
        let width = 30
        let filled = min(width, completed * width / total)
        let line = "\r\(label.padding(toLength: 12, withPad: " ", startingAt: 0)) ["
            + String(repeating: "#", count: filled) + String(repeating: "-", count: width - filled) + "] \(completed)/\(total)"
            + (detail.isEmpty ? "" : "  \(detail)") + "\u{1B}[K"
        lock.lock()
        defer { lock.unlock() }
        FileHandle.standardError.write(Data(line.utf8))
        drawn = true
    }

    /// Ends the bar's line.
    func finish() {
        lock.lock()
        defer { lock.unlock() }
        if drawn { FileHandle.standardError.write(Data("\n".utf8)) }
        drawn = false
    }
}
