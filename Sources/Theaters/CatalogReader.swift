import Basics
import Foundation
import Geo
import Tabular

/// Reads user catalogs: CSV rows and GeoJSON Point features become theaters.
enum CatalogReader {
    /// Columns that are not kept as tags because they are the theater's own fields.
    static let ownColumns: Set<String> = ["name", "lat", "latitude", "lon", "lng", "longitude", "osm_type", "osm_id", "category", "amenity"]

    static func csv(_ text: String, path: String) throws -> ([Theater], Int) {
        let table: CSVTable
        do {
            table = try CSVTable(text: text)
        } catch {
            throw TheatersError.unsupportedFormat(path: path)
        }
        guard !table.header.isEmpty else { throw TheatersError.unsupportedFormat(path: path) }
        guard let nameColumn = table.column("name", "nom") else { throw TheatersError.missingColumn(path: path, column: "name") }
        guard let latColumn = table.column("lat", "latitude") else { throw TheatersError.missingColumn(path: path, column: "lat") }
        guard let lonColumn = table.column("lon", "lng", "longitude") else {
            throw TheatersError.missingColumn(path: path, column: "lon")
        }
        let typeColumn = table.column("osm_type")
        let idColumn = table.column("osm_id")
        let categoryColumn = table.column("category", "amenity")
        var theaters: [Theater] = []
        var skipped = 0
        for (number, row) in table.rows.enumerated() {
            func field(_ i: Int?) -> String {
                guard let i, i < row.count else { return "" }
                return row[i].trimmingSpaces()
            }
            let name = field(nameColumn)
            guard !name.isEmpty, let lat = Double(field(latColumn)), let lon = Double(field(lonColumn)),
                let coordinate = try? Coordinate(latitude: lat, longitude: lon)
            else {
                skipped += 1
                continue
            }
            var tags: [String: String] = [:]
            for (i, key) in table.header.enumerated() where !ownColumns.contains(key.lowercased()) {
                let value = field(i)
                if !value.isEmpty { tags[key] = value }
            }
            try checkLengths(name: name, tags: tags, path: path, location: "row \(number + 1)")
            theaters.append(
                Theater(
                    osmType: OSMElementType(rawValue: field(typeColumn)), osmID: Int64(field(idColumn)), name: name,
                    coordinate: coordinate, category: TheaterCategory(tagValue: field(categoryColumn)), tags: tags,
                    fallbackID: "catalog/\(number + 1)"))
        }
        return (theaters, skipped)
    }

    static func geoJSON(_ data: Data, path: String) throws -> ([Theater], Int) {
        let root: Any
        guard JSONDepth.isWithinLimit(data) else {
            throw TheatersError.malformedGeoJSON(
                path: path, reason: "it nests arrays or objects more than \(JSONDepth.limit) deep")
        }
        do {
            root = try JSONSerialization.jsonObject(with: data)
        } catch {
            throw TheatersError.malformedGeoJSON(path: path, reason: "the file is not valid JSON")
        }
        guard let object = root as? [String: Any], object["type"] as? String == "FeatureCollection",
            let features = object["features"] as? [[String: Any]]
        else {
            throw TheatersError.malformedGeoJSON(path: path, reason: "the top level is not a FeatureCollection")
        }
        var theaters: [Theater] = []
        var skipped = 0
        for (number, feature) in features.enumerated() {
            let properties = feature["properties"] as? [String: Any] ?? [:]
            var tags: [String: String] = [:]
            for (key, value) in properties {
                switch value {
                case let s as String: tags[key] = s
                case let n as NSNumber: tags[key] = n.stringValue
                default: continue
                }
            }
            guard let geometry = feature["geometry"] as? [String: Any], geometry["type"] as? String == "Point",
                let position = geometry["coordinates"] as? [Double], position.count >= 2,
                let coordinate = try? Coordinate(latitude: position[1], longitude: position[0]),
                let name = tags["name"], !name.isEmpty
            else {
                skipped += 1
                continue
            }
            var osmType = tags["osm_type"].flatMap(OSMElementType.init(rawValue:))
            var osmID = tags["osm_id"].flatMap { Int64($0) }
            if let id = feature["id"] as? String ?? tags["@id"] ?? tags["id"], osmType == nil {
                let parts = id.split(separator: "/")
                if parts.count == 2, let type = OSMElementType(rawValue: String(parts[0])), let n = Int64(parts[1]) {
                    osmType = type
                    osmID = n
                }
            }
            let category = TheaterCategory(tagValue: tags["category"] ?? tags["amenity"] ?? "")
            try checkLengths(name: name, tags: tags, path: path, location: "feature \(number + 1)")
            for key in ownColumns { tags[key] = nil }
            theaters.append(
                Theater(
                    osmType: osmType, osmID: osmType == nil ? nil : osmID, name: name, coordinate: coordinate,
                    category: category, tags: tags, fallbackID: "catalog/\(number + 1)"))
        }
        return (theaters, skipped)
    }

    /// Refuses a theater whose name is over ``InputLimits/nameBytes`` or any other field over
    /// ``InputLimits/fieldBytes``, naming the field.
    private static func checkLengths(name: String, tags: [String: String], path: String, location: String) throws {
        if let reason = InputLimits.violation("name", name, isName: true) {
            throw TheatersError.fieldTooLong(path: path, location: location, reason: reason)
        }
        for key in tags.keys.sorted() where key != "name" {
            let shownKey = key.count > 40 ? String(key.prefix(40)) + "…" : key
            if let reason = InputLimits.violation("'\(shownKey)'", tags[key] ?? "") {
                throw TheatersError.fieldTooLong(path: path, location: location, reason: reason)
            }
        }
    }
}
