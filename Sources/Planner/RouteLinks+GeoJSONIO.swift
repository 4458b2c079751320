import Foundation
import Geo
import Theaters

extension RouteLinks {
    /// The longest geojson.io link offered, in characters. Browsers take far longer URLs, but a link this long is
    /// already unwieldy to copy or share, and the page should not grow by much for it.
    public static let geojsonIOMaximumCharacters = 8_000

    /// A geojson.io link that opens the theaters on a web map: a FeatureCollection of points (RFC 7946 §3.3) with
    /// each theater's id, name, category and, when known, address, phone and website, carried in the URL's
    /// fragment as geojson.io's URL API asks (`#data=data:application/json,` then the JSON encoded as
    /// `encodeURIComponent` does). A fragment is never sent to a server, so the link holds the data itself;
    /// nothing is fetched until the link is followed.
    ///
    /// - Parameters:
    ///   - theaters: the theaters, each once (a repeated id is left out).
    ///   - maximumCharacters: the longest link to give.
    /// - Returns: the link, or nil when it would be longer than `maximumCharacters` or there are no theaters.
    public static func geojsonIO(theaters: [Theater], maximumCharacters: Int = geojsonIOMaximumCharacters) -> String? {
        var seen = Set<String>()
        let features = theaters.filter { seen.insert($0.id).inserted }.map {
            GeoJSON.Feature(
                id: $0.id, geometry: .point($0.coordinate), properties: RouteCollection.theaterProperties($0))
        }
        guard !features.isEmpty else { return nil }
        let json = GeoJSON.FeatureCollection(features: features).encoded(pretty: false)
            .trimmingCharacters(in: .whitespacesAndNewlines)
        guard let encoded = json.addingPercentEncoding(withAllowedCharacters: uriComponentCharacters) else {
            return nil
        }
        let link = "https://geojson.io/#data=data:application/json," + encoded
        return link.count <= maximumCharacters ? link : nil
    }

    /// What JavaScript's `encodeURIComponent` leaves as it is: letters, digits and `-_.!~*'()`.
    static let uriComponentCharacters = CharacterSet(
        charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_.!~*'()")
}
