import Basics
import Foundation
import Geo
import Places
import Settings

/// Where a search starts, and how it was found.
package struct Origin {
    package let coordinate: Coordinate
    /// "Helsinki, FI", or the coordinate itself.
    package let label: String
    package let countryCode: String?
    /// Other places of the same name that were passed over.
    package let alternatives: [Place]
    /// True when Nominatim found it (its address is then known, and no reverse lookup is needed).
    package var geocodedOnline = false

    /// Resolves `--near`, else the saved home.
    /// - Throws: a `GeoError` for a bad coordinate, `PlacesError.unknownPlace`, or `PlannerAppError.noOrigin`.
    package static func resolve(near: String?, settings: Settings, gazetteer: () throws -> Gazetteer) throws -> Origin {
        if let near {
            guard near.count <= SearchRequest.maxPlaceCharacters else {
                throw PlannerAppError.invalidArgument("--near is over \(SearchRequest.maxPlaceCharacters) characters")
            }
            let text = near.trimmingSpaces()
            if Coordinate.looksLikeCoordinate(text) || text.first.map({ $0 == "-" || $0 == "+" || $0.isNumber }) == true {
                let coordinate = try Coordinate(parsing: text)
                return Origin(coordinate: coordinate, label: coordinate.description, countryCode: nil, alternatives: [])
            }
            let match = try gazetteer().locate(text)
            return Origin(
                coordinate: match.place.coordinate, label: match.place.label, countryCode: match.place.countryCode,
                alternatives: match.alternatives)
        }
        if let home = settings.home {
            let coordinate = try Coordinate(latitude: home.latitude, longitude: home.longitude)
            return Origin(coordinate: coordinate, label: home.label, countryCode: home.countryCode, alternatives: [])
        }
        throw PlannerAppError.noOrigin
    }

    /// "Helsinki, FI (60.169520,24.935450)", or just the coordinate when that is all there is.
    package var displayName: String {
        label == coordinate.description ? label : "\(label) (\(coordinate))"
    }

    /// A note naming the places passed over, or nil.
    package var alternativesNote: String? {
        guard !alternatives.isEmpty else { return nil }
        let shown = alternatives.prefix(5).map { "\($0.label) (pop. \($0.population))" }
        let more = alternatives.count > 5 ? " and \(alternatives.count - 5) more" : ""
        return "'\(label)' is the most populous match; also: \(shown.joined(separator: "; "))\(more)"
    }
}
