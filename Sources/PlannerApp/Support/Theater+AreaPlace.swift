import Routing
import Theaters

/// An area's places are its theaters: Routing keeps them as `AreaPlace` values and knows nothing of theaters.
extension AreaPlaceTag {
    /// What an area import keeps besides the roads: `amenity=cinema` and `amenity=theatre`.
    package static let theaters = AreaPlaceTag(key: Theater.osmTagKey, values: Theater.osmTagValues)
}

extension Theater {
    /// The theater an area holds as `place`.
    package init(_ place: AreaPlace) {
        let osmType = place.osmType.flatMap(OSMElementType.init(rawValue:))
        self.init(
            osmType: osmType, osmID: osmType == nil ? nil : place.osmID, name: place.name,
            coordinate: place.coordinate, category: TheaterCategory(tagValue: place.kind), tags: place.tags,
            fallbackID: place.id)
    }
}

extension AreaPlace {
    /// `theater` as an area's place (a catalog imported as an area).
    package init(_ theater: Theater) {
        self.init(
            id: theater.id, osmType: theater.osmType?.rawValue, osmID: theater.osmID, name: theater.name,
            coordinate: theater.coordinate, kind: theater.category.tagValue, tags: theater.tags)
    }
}

extension RoadArea {
    /// The area's places, as theaters.
    package var theaters: [Theater] { places.map { Theater($0) } }
}
