import Foundation

/// Every error line a user is shown, copied to the file `PLANNER_ERROR_LOG` names, when it names one.
///
/// The test command sets it for the whole run, then checks that no line the suite provoked shows internals
/// (`Scripts/check-error-lines.py`). Unset (as for every user), nothing is written. Each line is appended with
/// one `write` to a file opened with `O_APPEND`, so processes running at once never interleave within a line.
package enum ErrorRecord {
    /// Appends `line`, prefixed by where it was shown (`cli` or `serve 400`), to the error log, if any.
    package static func append(_ line: String, shownBy face: String) {
        guard let path = ProcessEnvironment.variables["PLANNER_ERROR_LOG"], !path.isEmpty else { return }
        let descriptor = open(path, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { return }
        defer { close(descriptor) }
        let flat = line.replacingOccurrences(of: "\n", with: "\\n").replacingOccurrences(of: "\r", with: "\\r")
            .replacingOccurrences(of: "\t", with: "\\t")
        let bytes = Array("\(face)\t\(flat)\n".utf8)
        _ = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
    }
}
