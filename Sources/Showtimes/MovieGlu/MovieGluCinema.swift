import Foundation
import Geo

/// One cinema of MovieGlu's `cinemasNearby` answer: its id, name, address and coordinates.
public struct MovieGluCinema: Sendable, Equatable, Codable {
    /// MovieGlu's numeric `cinema_id`, as text, such as "8795"; the `cinema_id` its showtimes are asked by.
    public var id: String
    /// `cinema_name`, such as "ODEON Leicester Square".
    public var name: String
    /// `address` (and `address2`, after a comma, where given).
    public var address: String?
    public var city: String?
    /// The post code or zip code.
    public var postcode: String?
    /// `lat` and `lng`, when given and in range.
    public var coordinate: Coordinate?
    /// `distance` from the point asked about, in miles (MovieGlu's unit).
    public var distanceMiles: Double?

    /// Creates a cinema.
    public init(
        id: String, name: String, address: String? = nil, city: String? = nil, postcode: String? = nil,
        coordinate: Coordinate? = nil, distanceMiles: Double? = nil
    ) {
        self.id = id
        self.name = name
        self.address = address
        self.city = city
        self.postcode = postcode
        self.coordinate = coordinate
        self.distanceMiles = distanceMiles
    }
}
