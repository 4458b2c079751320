import Foundation

extension PlannerStore {
    /// The environment variable that names the database file, below `--db` and above the default.
    public static let databaseEnvironmentVariable = "PLANNER_DB"

    /// The default database path: `$XDG_DATA_HOME/planner/planner.sqlite`, else
    /// `~/.local/share/planner/planner.sqlite`.
    ///
    /// The library never reads the environment itself: pass `ProcessInfo.processInfo.environment`.
    /// A relative or empty `XDG_DATA_HOME` is ignored, as the XDG Base Directory spec asks.
    public static func defaultPath(environment: [String: String]) -> String {
        if let dataHome = environment["XDG_DATA_HOME"], dataHome.hasPrefix("/") {
            return (dataHome as NSString).appendingPathComponent("planner/planner.sqlite")
        }
        let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()
        return (home as NSString).appendingPathComponent(".local/share/planner/planner.sqlite")
    }

    /// The database path to use: `explicit` (from `--db`), else `$PLANNER_DB`, else ``defaultPath(environment:)``.
    public static func resolvePath(explicit: String?, environment: [String: String]) -> String {
        if let explicit, !explicit.isEmpty { return explicit }
        if let fromEnvironment = environment[databaseEnvironmentVariable], !fromEnvironment.isEmpty {
            return fromEnvironment
        }
        return defaultPath(environment: environment)
    }
}
