import Foundation
import NowPlaying
import Transport

/// Writes to standard output and standard error without sharing global mutable state (Swift 6 safe).
package enum Console {
    package static func out(_ text: String) {
        FileHandle.standardOutput.write(Data((text.utf8.last == 0x0A ? text : text + "\n").utf8))
    }

    package static func error(_ text: String) {
        FileHandle.standardError.write(Data((text.utf8.last == 0x0A ? text : text + "\n").utf8))
    }

    /// True when standard output is a terminal (for progress bars and colour).
    package static var isTerminal: Bool { isatty(STDOUT_FILENO) == 1 }

    /// True when a person can be asked: standard input and standard error are terminals, and this is not CI.
    package static var isInteractive: Bool {
        isatty(STDIN_FILENO) == 1 && isatty(STDERR_FILENO) == 1 && ProcessInfo.processInfo.environment["CI"] == nil
    }

    /// Writes a question on standard error, without a line break, for the answer to follow on the same line.
    package static func prompt(_ text: String) {
        FileHandle.standardError.write(Data(text.utf8))
    }
}

/// An error's one-line description without its closing period, for use inside a longer sentence.
package func clause(_ error: any Error) -> String {
    let text = "\(error)"
    return text.hasSuffix(".") ? String(text.dropLast()) : text
}

/// The HTTP transport for a service: libcurl, reporting each request on standard error with `--verbose`
/// ("tmdb: GET … → 200, 182 ms, 5310 bytes"; no keys, no header values).
package func transport(verbose: Bool, service: String) -> any HTTPTransport {
    verbose ? LoggingTransport(CurlTransport(), log: { Console.error("\(service): " + $0) }) : CurlTransport()
}
