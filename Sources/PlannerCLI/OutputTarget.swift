import Foundation
import PlannerApp

/// Sends rendered output to standard output, or atomically to a file (a temporary file renamed into place,
/// so that a failed run never leaves a half-written file).
struct OutputTarget {
    let path: String?

    func write(_ text: String) throws {
        guard let path, path != "-" else {
            Console.out(text)
            return
        }
        let url = URL(fileURLWithPath: path)
        do {
            try Data((text.utf8.last == 0x0A ? text : text + "\n").utf8).write(to: url, options: .atomic)
        } catch {
            throw PlannerAppError.cannotWrite(path: path)
        }
    }
}
