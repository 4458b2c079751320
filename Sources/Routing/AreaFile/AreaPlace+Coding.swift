import Geo

/// A place's record in an area file: id, OSM type ("" for none), OSM id (0 for none), name, latitude, longitude,
/// kind, then its tags sorted by key: the record theaters had when Routing knew them, byte for byte, so that the
/// same import writes the same file and older files read.
extension AreaPlace {
    func encode(_ writer: inout BinaryWriter) {
        writer.write(id)
        writer.write(osmType ?? "")
        writer.write(osmID ?? 0)
        writer.write(name)
        writer.write(coordinate.latitude)
        writer.write(coordinate.longitude)
        writer.write(kind)
        let sorted = tags.sorted { $0.key < $1.key }
        writer.write(UInt32(sorted.count))
        for (key, value) in sorted {
            writer.write(key)
            writer.write(value)
        }
    }

    static func decode(_ reader: inout BinaryReader) throws(BinaryReader.Failure) -> AreaPlace {
        let id = try reader.readString()
        let osmType = try reader.readString()
        let osmID: Int64 = try reader.read()
        let name = try reader.readString()
        let latitude = try reader.readDouble()
        let longitude = try reader.readDouble()
        let kind = try reader.readString()
        var tags: [String: String] = [:]
        for _ in 0..<Int(try reader.read(UInt32.self)) {
            let key = try reader.readString()
            tags[key] = try reader.readString()
        }
        guard let coordinate = try? Coordinate(latitude: latitude, longitude: longitude) else {
            throw BinaryReader.Failure(reason: "place \(id) has an invalid coordinate")
        }
        return AreaPlace(
            id: id, osmType: osmType.isEmpty ? nil : osmType, osmID: osmType.isEmpty ? nil : osmID, name: name,
            coordinate: coordinate, kind: kind, tags: tags)
    }
}
