import Geo

/// A populated place from the GeoNames gazetteer.
public struct Place: Sendable, Hashable {
    public let geonameID: Int
    public let name: String
    /// ISO 3166-1 alpha-2 country code, e.g. "FI".
    public let countryCode: String
    /// GeoNames' first-level administrative code (a US state's postal code, e.g. "IL").
    public let admin1Code: String
    public let coordinate: Coordinate
    public let population: Int
    /// IANA time zone, e.g. "Europe/Helsinki".
    public let timeZone: String

    public init(
        geonameID: Int, name: String, countryCode: String, admin1Code: String, coordinate: Coordinate,
        population: Int, timeZone: String
    ) {
        self.geonameID = geonameID
        self.name = name
        self.countryCode = countryCode
        self.admin1Code = admin1Code
        self.coordinate = coordinate
        self.population = population
        self.timeZone = timeZone
    }

    /// "Springfield, IL, US" (admin1 shown only where it is a readable code) or "Helsinki, FI".
    public var label: String {
        let readableAdmin = admin1Code.count == 2 && admin1Code.allSatisfy(\.isLetter)
        return ([name] + (readableAdmin ? [admin1Code] : []) + [countryCode]).joined(separator: ", ")
    }
}

/// The answer to a place lookup: the most populous match, and the ones passed over.
public struct PlaceMatch: Sendable, Hashable {
    public let place: Place
    /// Other places with the same name, most populous first.
    public let alternatives: [Place]
    /// The other name that matched ("Cologne" for Köln), or nil when the place's own name did.
    public var matchedAlternateName: String? = nil
}

/// Why a place name could not be geocoded.
public enum PlacesError: Error, Equatable, Sendable, CustomStringConvertible {
    case unknownPlace(String)
    case emptyName
    case unreadableGazetteer(path: String)
    /// `places.index` is damaged, cut short, or from another planner: rebuild it with `Scripts/build-data.sh`.
    case corruptGazetteerIndex(path: String, reason: String)

    public var description: String {
        switch self {
        case .unknownPlace(let name):
            "no place called '\(name)' in the offline gazetteer (GeoNames cities of 15,000+ people); "
                + "give coordinates instead, e.g. --near 60.1699,24.9384"
        case .emptyName: "the place name is empty"
        case .unreadableGazetteer(let path): "cannot read the gazetteer '\(path)'"
        case .corruptGazetteerIndex(let path, let reason):
            "the gazetteer index '\(path)' cannot be used: \(reason); rebuild it with Scripts/build-data.sh, "
                + "or delete it to read places.csv instead"
        }
    }
}
