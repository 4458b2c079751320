import Foundation
import Geo

/// One theatre of Gracenote's `/theatres` answer: its id, name, address and coordinates.
public struct GracenoteTheatre: Sendable, Equatable, Codable {
    /// Gracenote's `theatreId`, such as "7719"; the `theatre.id` of its showtimes.
    public var id: String
    /// The theatre's name, such as "Navy Pier IMAX Theatre".
    public var name: String
    /// `location.geoCode`, when given.
    public var coordinate: Coordinate?
    /// `location.address.street` (and `street2`).
    public var street: String?
    public var city: String?
    /// The state or province abbreviation, such as "OH".
    public var state: String?
    public var postalCode: String?
    /// "USA" or "CAN".
    public var country: String?
    public var telephone: String?
    /// `location.distance` from the point asked about, in kilometers (the client asks with `units=km`).
    public var distanceKilometers: Double?

    /// Creates a theatre.
    public init(
        id: String, name: String, coordinate: Coordinate?, street: String? = nil, city: String? = nil,
        state: String? = nil, postalCode: String? = nil, country: String? = nil, telephone: String? = nil,
        distanceKilometers: Double? = nil
    ) {
        self.id = id
        self.name = name
        self.coordinate = coordinate
        self.street = street
        self.city = city
        self.state = state
        self.postalCode = postalCode
        self.country = country
        self.telephone = telephone
        self.distanceKilometers = distanceKilometers
    }

    /// "55 E Nationwide Blvd, Columbus, OH 43215", from the parts given.
    public var address: String? {
        let region = [state, postalCode].compactMap { $0 }.joined(separator: " ")
        let parts = [street, city, region.isEmpty ? nil : region].compactMap { $0 }.filter { !$0.isEmpty }
        return parts.isEmpty ? nil : parts.joined(separator: ", ")
    }
}
