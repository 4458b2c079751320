import Foundation
import Tabular

/// Files the faces read whole into memory (watchlist and showtimes imports): refused by size before reading.
package enum InputFile {
    /// The bytes of the file at `path`, named `what` in errors ("watchlist imports").
    /// - Throws: ``PlannerAppError/invalidOption(_:)`` when it cannot be read, or is larger than
    ///   ``InputLimits/wholeFileBytes``.
    package static func read(_ path: String, what: String) throws -> Data {
        if let bytes = InputLimits.oversizedWholeFile(atPath: path) {
            throw PlannerAppError.invalidOption(
                "'\(PlannerAppError.shortened(path))' is \(InputLimits.describe(bytes: bytes)); \(what) are read whole "
                    + "into memory, at most \(InputLimits.describe(bytes: InputLimits.wholeFileBytes))")
        }
        guard let data = FileManager.default.contents(atPath: path) else {
            throw PlannerAppError.invalidOption("cannot read '\(PlannerAppError.shortened(path))'")
        }
        return data
    }
}
