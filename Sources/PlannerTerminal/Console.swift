import Foundation
import PlannerApp
import Transport

/// Writes to standard output and standard error without sharing global mutable state (Swift 6 safe).
package enum Console {
    /// Writes a line to standard output. If it cannot be written (a closed pipe, a full disk), says so in one line
    /// on standard error and exits 74 (EX_IOERR): output that went nowhere is no success.
    package static func out(_ text: String) {
        let bytes = Array((text.utf8.last == 0x0A ? text : text + "\n").utf8)
        var offset = 0
        while offset < bytes.count {
            let written = bytes[offset...].withUnsafeBytes { write(STDOUT_FILENO, $0.baseAddress, $0.count) }
            if written < 0 {
                if errno == EINTR { continue }
                error("planner: error: cannot write standard output: \(String(cString: strerror(errno)))")
                exit(74)
            }
            offset += written
        }
    }

    package static func error(_ text: String) { Diagnostics.line(text) }

    /// True when standard output is a terminal (for progress bars and colour).
    package static var isTerminal: Bool { isatty(STDOUT_FILENO) == 1 }

    /// True when a person can be asked: standard input and standard error are terminals, and this is not CI.
    package static var isInteractive: Bool {
        isatty(STDIN_FILENO) == 1 && isatty(STDERR_FILENO) == 1 && ProcessEnvironment.variables["CI"] == nil
    }

    /// Writes a question on standard error, without a line break, for the answer to follow on the same line.
    package static func prompt(_ text: String) {
        FileHandle.standardError.write(Data(text.utf8))
    }
}
