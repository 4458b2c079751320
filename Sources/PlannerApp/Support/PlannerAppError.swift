import Geo

/// Errors of the use cases themselves, each one sentence: the command line prints it after "planner: error:",
/// the server sends it as a problem document's `detail` (400, or 404 outside the data).
package enum PlannerAppError: Error, CustomStringConvertible {
    case noOrigin
    /// A file (or standard output) could not be written; `reason` is the system's, in words.
    case cannotWrite(path: String, reason: String)
    case invalidOption(String)
    /// A value that cannot be read at all (a radius of "abc", a limit of 0): the command line's usage error.
    case invalidArgument(String)
    /// Nothing of that name or id: a theater, a film on a list.
    case notFound(String)
    case outsideCoverage(origin: String, area: String, distanceMeters: Double, triedOnline: Bool, userCatalog: Bool = false)
    /// What was needed had to come from a service that failed (no local data, and OpenStreetMap out of reach).
    case upstreamFailed(String)

    package var description: String {
        switch self {
        case .noOrigin:
            "no starting point: pass --near PLACE or --near LAT,LON, or save one with 'planner config set home PLACE'"
        case .cannotWrite(let path, let reason): "cannot write '\(PlannerAppError.shortened(path))': \(reason)"
        case .invalidOption(let message): message
        case .invalidArgument(let message): message
        case .notFound(let message): message
        case .upstreamFailed(let message): message
        case .outsideCoverage(let origin, let area, let distance, let triedOnline, let userCatalog):
            "\(origin) is \(DistanceFormat.human(meters: distance)) from the nearest area the local data covers "
                + "(\(area)), so the search circle holds no data; "
                + (triedOnline ? "" : "OpenStreetMap was not asked (--offline, or 'online never': 'planner config unset online' lifts it); ")
                + (userCatalog
                    ? "or use a catalog that covers it" : "import an extract with 'planner areas import', or pass --catalog FILE")
        }
    }
}

extension PlannerAppError {
    /// Echoed input cut to about 80 characters, so that a 10 KB value makes no 10 KB error line.
    package static func shortened(_ text: String, maxCharacters: Int = 80) -> String {
        text.count <= maxCharacters ? text : String(text.prefix(maxCharacters)) + "…"
    }

    /// An error line with every run of more than 120 characters without a space cut to 120 ("…"; a long path still
    /// fits), and the whole line to `maxCharacters`: whatever a message echoes (a 100 KB `--near`, a radius of a
    /// million digits), the line stays readable.
    package static func shortenedLine(_ line: String, maxRunCharacters: Int = 120, maxCharacters: Int = 600) -> String {
        let runs = line.split(separator: " ", omittingEmptySubsequences: false)
            .map { $0.count <= maxRunCharacters ? String($0) : String($0.prefix(maxRunCharacters)) + "…" }
            .joined(separator: " ")
        return runs.count <= maxCharacters ? runs : String(runs.prefix(maxCharacters)) + "…"
    }
}
