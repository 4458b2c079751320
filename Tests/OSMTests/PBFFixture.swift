/// Encodes small OSM PBF files by hand, so the reader is tested without the shared extracts.
struct ProtobufWriter {
    var bytes: [UInt8] = []

    mutating func varint(_ value: UInt64) {
        var value = value
        while value >= 0x80 {
            bytes.append(UInt8(value & 0x7F) | 0x80)
            value >>= 7
        }
        bytes.append(UInt8(value))
    }

    mutating func key(_ field: Int, _ wireType: Int) { varint(UInt64(field << 3 | wireType)) }

    mutating func int(_ field: Int, _ value: Int64) {
        key(field, 0)
        varint(UInt64(bitPattern: value))
    }

    mutating func sint(_ field: Int, _ value: Int64) {
        key(field, 0)
        varint(UInt64(bitPattern: (value << 1) ^ (value >> 63)))
    }

    mutating func bytes(_ field: Int, _ value: [UInt8]) {
        key(field, 2)
        varint(UInt64(value.count))
        bytes.append(contentsOf: value)
    }

    mutating func string(_ field: Int, _ value: String) { bytes(field, Array(value.utf8)) }

    mutating func packed(_ field: Int, _ values: [UInt64]) {
        var inner = ProtobufWriter()
        for value in values { inner.varint(value) }
        bytes(field, inner.bytes)
    }

    mutating func packedSignedDeltas(_ field: Int, _ values: [Int64]) {
        var previous: Int64 = 0
        packed(
            field,
            values.map { value in
                defer { previous = value }
                let delta = value - previous
                return UInt64(bitPattern: (delta << 1) ^ (delta >> 63))
            })
    }
}

enum PBFFixture {
    /// One file blob: length prefix, `BlobHeader`, and a `Blob` with the payload uncompressed (`raw`).
    static func blob(type: String, payload: [UInt8], blobField: Int = 1) -> [UInt8] {
        var blob = ProtobufWriter()
        if blobField != 1 { blob.int(2, Int64(payload.count)) }
        blob.bytes(blobField, payload)
        var header = ProtobufWriter()
        header.string(1, type)
        header.int(3, Int64(blob.bytes.count))
        let length = UInt32(header.bytes.count)
        return [UInt8(length >> 24), UInt8(length >> 16 & 0xFF), UInt8(length >> 8 & 0xFF), UInt8(length & 0xFF)]
            + header.bytes + blob.bytes
    }

    static func headerBlock(features: [String] = ["OsmSchema-V0.6", "DenseNodes"]) -> [UInt8] {
        var box = ProtobufWriter()
        box.sint(1, 24_000_000_000)  // left, nanodegrees
        box.sint(2, 25_000_000_000)  // right
        box.sint(3, 61_000_000_000)  // top
        box.sint(4, 60_000_000_000)  // bottom
        var header = ProtobufWriter()
        header.bytes(1, box.bytes)
        for feature in features { header.string(4, feature) }
        header.string(16, "fixture")
        return header.bytes
    }

    /// Two dense nodes (the first tagged amenity=cinema, name=Kino), one way and one relation.
    /// `name` and `highway` replace the node's name and the way's highway value.
    static func primitiveBlock(name: String = "Kino", highway: String = "residential") -> [UInt8] {
        var table = ProtobufWriter()
        for string in [
            "", "amenity", "cinema", "name", name, "highway", highway, "outer", "type",
            "multipolygon",
        ] {
            table.string(1, string)
        }
        var dense = ProtobufWriter()
        dense.packedSignedDeltas(1, [101, 105])
        dense.packedSignedDeltas(8, [601_700_000, 601_710_000])  // × granularity 100 nanodegrees
        dense.packedSignedDeltas(9, [249_400_000, 249_420_000])
        dense.packed(10, [1, 2, 3, 4, 0, 0])
        var nodesGroup = ProtobufWriter()
        nodesGroup.bytes(2, dense.bytes)

        var way = ProtobufWriter()
        way.int(1, 7)
        way.packed(2, [5])
        way.packed(3, [6])
        way.packedSignedDeltas(8, [101, 105, 101])
        var wayGroup = ProtobufWriter()
        wayGroup.bytes(3, way.bytes)

        var relation = ProtobufWriter()
        relation.int(1, 9)
        relation.packed(2, [8])
        relation.packed(3, [9])
        relation.packed(8, [7, 0])
        relation.packedSignedDeltas(9, [7, 105])
        relation.packed(10, [1, 0])
        var relationGroup = ProtobufWriter()
        relationGroup.bytes(4, relation.bytes)

        var block = ProtobufWriter()
        block.bytes(1, table.bytes)
        block.bytes(2, nodesGroup.bytes)
        block.bytes(2, wayGroup.bytes)
        block.bytes(2, relationGroup.bytes)
        block.int(17, 100)
        return block.bytes
    }

    static func file(
        features: [String] = ["OsmSchema-V0.6", "DenseNodes"], dataBlobField: Int = 1, name: String = "Kino",
        highway: String = "residential"
    ) -> [UInt8] {
        blob(type: "OSMHeader", payload: headerBlock(features: features))
            + blob(type: "OSMData", payload: primitiveBlock(name: name, highway: highway), blobField: dataBlobField)
    }
}
