import Geo

/// Errors raised by the command line itself, each one sentence.
enum CLIError: Error, CustomStringConvertible {
    case noOrigin
    case cannotWrite(path: String)
    case invalidOption(String)
    case outsideCoverage(origin: String, area: String, distanceMeters: Double, triedOnline: Bool, userCatalog: Bool = false)

    var description: String {
        switch self {
        case .noOrigin:
            "no starting point: pass --near PLACE or --near LAT,LON, or save one with 'planner config set home PLACE'"
        case .cannotWrite(let path): "cannot write '\(path)'"
        case .invalidOption(let message): message
        case .outsideCoverage(let origin, let area, let distance, let triedOnline, let userCatalog):
            "\(origin) is \(DistanceFormat.human(meters: distance)) from the nearest area the local data covers "
                + "(\(area)), so the search circle holds no data; "
                + (triedOnline ? "" : "add --online to ask OpenStreetMap, ")
                + (userCatalog
                    ? "or use a catalog that covers it" : "import an extract with 'planner areas import', or pass --catalog FILE")
        }
    }
}
