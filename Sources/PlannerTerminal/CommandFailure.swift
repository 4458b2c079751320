import Foundation
import PlannerApp

/// How both executables (`planner`, `planner-server`) end a command that failed: one line on standard error,
/// "planner: error: …", copied to the error log (`ErrorRecord`), and a non-zero exit.
package enum CommandFailure {
    /// Prints `message` (argument-parser's words for the error) as one shortened line and exits: 64 (EX_USAGE) for
    /// a validation failure, else `code`, at least 1.
    package static func exit(message: String, validationFailure: Bool, code: Int32) -> Never {
        let oneLine = message.split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { !$0.isEmpty }.joined(separator: " ")
        let line = PlannerAppError.shortenedLine(oneLine.hasPrefix("Error: ") ? String(oneLine.dropFirst(7)) : oneLine)
        Console.error("planner: error: " + line)
        ErrorRecord.append(line, shownBy: "cli")
        Foundation.exit(validationFailure ? 64 : max(1, code))
    }
}
