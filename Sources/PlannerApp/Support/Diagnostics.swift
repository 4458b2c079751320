import Foundation
import OnlineLookup
import Transport

/// The core's own diagnostics: warnings and `--verbose` request logs, one line each on standard error. The core
/// writes nothing else to the terminal and never ends the process; the faces print results and decide exits.
package enum Diagnostics {
    /// Writes one line on standard error.
    package static func line(_ text: String) {
        FileHandle.standardError.write(Data((text.utf8.last == 0x0A ? text : text + "\n").utf8))
    }
}

/// An error's one-line description without its closing period, for use inside a longer sentence.
package func clause(_ error: any Error) -> String {
    // An error that describes itself is asked directly: `"\(error)"` first asks whether it writes itself to a stream
    // (no error here does), a run-time check whose first answer for a type scans every protocol conformance.
    // The services' and the transport's errors are tried by type first: a first cast to a protocol scans them all.
    // (Through `Any`: with Foundation, Swift takes a cast of `any Error` to a protocol for one that cannot fail.)
    let value: Any = error
    let text =
        (error as? OnlineLookupError)?.description ?? (error as? TransportError)?.description
        ?? (value as? any CustomStringConvertible)?.description ?? "\(error)"
    return text.hasSuffix(".") ? String(text.dropLast()) : text
}

/// The HTTP transport for a service: libcurl, reporting each request on standard error with `--verbose`
/// ("tmdb: GET … → 200, 182 ms, 5310 bytes"; no keys, no header values).
package func transport(verbose: Bool, service: String) -> any HTTPTransport {
    verbose ? LoggingTransport(CurlTransport(), log: { Diagnostics.line("\(service): " + $0) }) : CurlTransport()
}
