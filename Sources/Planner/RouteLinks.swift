import Geo
import Theaters

/// Links that open a place or a route in a maps app or on the web.
public enum RouteLinks {
    /// A `geo:` URI (RFC 5870, https://www.rfc-editor.org/rfc/rfc5870): `geo:60.1711318,24.9462642`.
    public static func geoURI(_ coordinate: Coordinate) -> String {
        "geo:\(decimal(coordinate.latitude)),\(decimal(coordinate.longitude))"
    }

    /// The theater's OpenStreetMap page, or a map centred on it when it has no OSM id.
    public static func openStreetMapURL(_ theater: Theater) -> String {
        theater.openStreetMapURL
            ?? "https://www.openstreetmap.org/?mlat=\(decimal(theater.coordinate.latitude))&mlon=\(decimal(theater.coordinate.longitude))#map=18/\(decimal(theater.coordinate.latitude))/\(decimal(theater.coordinate.longitude))"
    }

    /// OpenStreetMap's directions page from `origin` to the theater for the mode.
    public static func directionsURL(from origin: Coordinate, to theater: Theater, mode: TravelMode) -> String {
        let engine =
            switch mode {
            case .walk: "fossgis_osrm_foot"
            case .bike: "fossgis_osrm_bike"
            case .drive: "fossgis_osrm_car"
            }
        let from = "\(decimal(origin.latitude)),\(decimal(origin.longitude))"
        let to = "\(decimal(theater.coordinate.latitude)),\(decimal(theater.coordinate.longitude))"
        return "https://www.openstreetmap.org/directions?engine=\(engine)&route=\(from)%3B\(to)"
    }

    /// At most 7 decimals, no trailing zeros.
    static func decimal(_ value: Double) -> String {
        var text = String(format: "%.7f", value)
        while text.hasSuffix("0") { text.removeLast() }
        if text.hasSuffix(".") { text.removeLast() }
        return text == "-0" ? "0" : text
    }
}
