import Tabular
/// Why a catalog could not be read.
public enum TheatersError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The file does not exist or cannot be read.
    case unreadable(path: String)
    /// A CSV catalog lacks a required column.
    case missingColumn(path: String, column: String)
    /// The file is neither a GeoJSON FeatureCollection nor a CSV with name, lat and lon.
    case unsupportedFormat(path: String)
    /// A GeoJSON catalog is not valid JSON or not a FeatureCollection of Points.
    case malformedGeoJSON(path: String, reason: String)
    /// Not one row had a usable name and coordinate.
    case empty(path: String)
    /// The bundled data folder was not found in any of the places `searched` (each said in words).
    case bundledDataNotFound(searched: [String])
    /// The file is larger than a catalog read whole into memory may be.
    case tooLarge(path: String, bytes: Int, limitBytes: Int)
    /// A row or feature holds a field longer than the limits allow (`reason` says which and how long).
    case fieldTooLong(path: String, location: String, reason: String)

    public var description: String {
        switch self {
        case .unreadable(let path): "cannot read catalog '\(path)'"
        case .missingColumn(let path, let column): "catalog '\(path)' has no '\(column)' column (it needs name, lat and lon)"
        case .unsupportedFormat(let path):
            "catalog '\(path)' is neither a GeoJSON FeatureCollection nor a CSV with name, lat and lon columns"
        case .malformedGeoJSON(let path, let reason): "catalog '\(path)' is not usable GeoJSON: \(reason)"
        case .empty(let path): "catalog '\(path)' has no row with a name and a valid lat/lon"
        case .tooLarge(let path, let bytes, let limitBytes):
            "catalog '\(path)' is \(InputLimits.describe(bytes: bytes)); catalogs are read whole into memory, "
                + "at most \(InputLimits.describe(bytes: limitBytes)) (import it as an area for a larger region)"
        case .fieldTooLong(let path, let location, let reason): "catalog '\(path)', \(location): \(reason)"
        case .bundledDataNotFound(let searched):
            "the bundled data (theaters.csv) was not found; looked in \(searched.joined(separator: ", ")); "
                + "install planner with Scripts/install.sh, or set PLANNER_DATA_DIR to its data folder "
                + "(the repository's Data or PREFIX/share/planner)"
        }
    }
}
