/// Everything that can go wrong while building, saving or loading a road graph, one line each.
public enum RoutingError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The extract holds no way any profile can use.
    case noRoadsInExtract(path: String)
    /// A saved graph file does not start with the graph magic bytes.
    case notAGraphFile(path: String)
    /// A saved graph file has a format version this build cannot read.
    case unsupportedGraphVersion(path: String, version: UInt32)
    /// A saved graph file is damaged (short, bad checksum, inconsistent arrays); `reason` says what.
    case corruptGraphFile(path: String, reason: String)
    /// No saved area has this name.
    case unknownArea(name: String)
    /// An area name that cannot be a file name.
    case invalidAreaName(String)

    /// One line saying what is wrong and with which file or name.
    public var description: String {
        switch self {
        case .noRoadsInExtract(let path): "\(path): no routable roads or paths in the extract"
        case .notAGraphFile(let path): "\(path): not a planner road graph file"
        case .unsupportedGraphVersion(let path, let version):
            "\(path): road graph format version \(version) is not supported; import the extract again"
        case .corruptGraphFile(let path, let reason): "\(path): the road graph file is damaged: \(reason)"
        case .unknownArea(let name): "no imported area is named '\(name)'"
        case .invalidAreaName(let name): "'\(name)' cannot be an area name (use letters, digits, '-', '_' and '.')"
        }
    }
}
